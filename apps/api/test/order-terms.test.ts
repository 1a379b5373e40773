/**
 * The order terms as data (issue 24): GetOrderTerms states the small-order surcharge and the freight of an area in a
 * currency, and CalculateCart says where a cart stands against the same rules (what to add to avoid the surcharge,
 * what is still missing for free freight), on a real database with the seeded shipping methods.
 */
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { shippingEndpoints } from '@b2b/contract/endpoints/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const tokens = { eur: '', nok: '' };
const NOK_AREA = { ...EU_AREA, currencyCode: 'XNOK' };

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  // The order: goods of 78.66 EUR. In NOK the same product costs 786.60.
  await createProduct(db, 'OT-1', ['OT-1-01']);
  await setPrice(db, { productId: 'OT-1', currencyCode: 'EUR', unitPriceMinor: 7_866 });
  await setPrice(db, { productId: 'OT-1', currencyCode: 'XNOK', unitPriceMinor: 78_660 });
  await setStock(db, 'OT-1-01', 1_000);
  tokens.eur = (await createBuyer(testApp, { username: 'terms-eur' })).token;
  tokens.nok = (
    await createBuyer(testApp, { username: 'terms-nok', customer: { areaId: 'eu', currencyCode: 'XNOK' } })
  ).token;
});

afterAll(async () => {
  await testApp?.close();
});

const termsEndpoint = shippingEndpoints.getOrderTerms;

function getOrderTerms(query: Record<string, string>, token: string | null = null) {
  return callEndpoint(testApp.app, termsEndpoint, { query, token });
}

function areaQuery(areaId: string, currencyCode: string) {
  return { 'AreaInfo.AreaId': areaId, 'AreaInfo.LanguageCode': 'en-GB', 'AreaInfo.CurrencyCode': currencyCode };
}

describe('GET /api/Shipping/GetOrderTerms', () => {
  it("states the EU area's terms in EUR to anyone: surcharge below 100.00, free freight from 500.00, every method", async () => {
    const terms = expectOk(termsEndpoint, await getOrderTerms(areaQuery('eu', 'EUR')));
    expect(terms).toEqual({
      areaId: 'eu',
      currencyCode: 'EUR',
      smallOrderSurcharge: { below: 100, fee: 9.95 },
      freeFreightFrom: 500,
      shippingMethods: [
        {
          shippingMethodId: 'eu-standard',
          name: 'Standard freight',
          description: '2–4 working days',
          fee: 14.95,
          freeAbove: 500,
        },
        {
          shippingMethodId: 'eu-express',
          name: 'Express',
          description: 'Next working day',
          fee: 39.5,
          freeAbove: null,
        },
        {
          shippingMethodId: 'eu-pickup',
          name: 'Pick-up in Copenhagen',
          description: 'Collect at our warehouse',
          fee: 0,
          freeAbove: null,
        },
      ],
    });
    // A customer's token changes nothing: the answer is the area's and the currency's.
    expect(expectOk(termsEndpoint, await getOrderTerms(areaQuery('eu', 'EUR'), tokens.nok))).toEqual(terms);
  });

  it('states them in NOK for XNOK and in USD for the US area, each with its own figures', async () => {
    const nok = expectOk(termsEndpoint, await getOrderTerms(areaQuery('eu', 'XNOK')));
    expect(nok.smallOrderSurcharge).toEqual({ below: 1000, fee: 99 });
    expect(nok.freeFreightFrom).toBe(5000);
    expect(nok.shippingMethods.map((method) => [method.shippingMethodId, method.fee, method.freeAbove])).toEqual([
      ['eu-standard', 169, 5000],
      ['eu-express', 445, null],
      ['eu-pickup', 0, null],
    ]);
    const usd = expectOk(termsEndpoint, await getOrderTerms(areaQuery('us', 'USD')));
    expect(usd).toMatchObject({ areaId: 'us', currencyCode: 'USD', smallOrderSurcharge: { below: 100, fee: 9.95 } });
    expect(usd.freeFreightFrom).toBe(500);
    expect(usd.shippingMethods.map((method) => [method.name, method.fee, method.freeAbove])).toEqual([
      ['Ground', 19.95, 500],
      ['Two-day air', 45, null],
    ]);
  });

  it('answers no methods and no free freight for a currency the area has no fees in', async () => {
    const terms = expectOk(termsEndpoint, await getOrderTerms(areaQuery('eu', 'USD')));
    expect(terms).toEqual({
      areaId: 'eu',
      currencyCode: 'USD',
      smallOrderSurcharge: { below: 100, fee: 9.95 },
      freeFreightFrom: null,
      shippingMethods: [],
    });
    const unknown = expectOk(termsEndpoint, await getOrderTerms(areaQuery('eu', 'ZZZ')));
    expect(unknown.smallOrderSurcharge).toBeNull();
  });

  it('refuses a missing AreaInfo parameter (spec §5), an unknown area and an unknown parameter', async () => {
    const { 'AreaInfo.CurrencyCode': _currency, ...withoutCurrency } = areaQuery('eu', 'EUR');
    expect(
      expectError(termsEndpoint, await getOrderTerms(withoutCurrency), 400, 'MissingParameterException').message,
    ).toBe('The parameter AreaInfo.CurrencyCode must be defined and cannot be null.');
    const mars = await getOrderTerms(areaQuery('mars', 'EUR'));
    expect(expectError(termsEndpoint, mars, 400).errors?.[0]?.field).toBe('AreaInfo.AreaId');
    const extra = await getOrderTerms({ ...areaQuery('eu', 'EUR'), fee: '0' });
    expect(expectError(termsEndpoint, extra, 400).errors).toEqual([{ field: 'fee', message: 'is not a known field' }]);
  });
});

describe('CalculateCart: where the cart stands against the same rules', () => {
  /** A new cart with `quantity` of OT-1-01, calculated for Germany (standard freight is the cheapest there). */
  async function calculatedWith(token: string, area: typeof EU_AREA, quantity: number, country = 'DE') {
    const call = async <E extends Parameters<typeof expectOk>[0]>(endpoint: E, body: unknown) =>
      expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token, body }));
    const { cart } = await call(cartEndpoints.createCart, { area });
    await call(cartEndpoints.addOrUpdateLines, {
      area,
      cartId: cart.cartId,
      lines: [{ productKey: { productId: 'OT-1', variantId: 'OT-1-01', unitOfMeasure: 'STK' }, quantity }],
    });
    return (await call(cartEndpoints.calculateCart, { area, cartId: cart.cartId, shipToCountryCode: country })).cart;
  }

  it('says what to add to avoid the surcharge it charges, and what is missing for free freight (EUR 78.66)', async () => {
    const terms = expectOk(termsEndpoint, await getOrderTerms(areaQuery('eu', 'EUR')));
    const cart = await calculatedWith(tokens.eur, EU_AREA, 1);
    expect(cart.smallOrderSurcharge).toEqual({ below: 100, fee: 9.95, isCharged: true, amountToAvoid: 21.34 });
    // The line charged is the fee the terms state: one rule for the calculation and the texts.
    const surcharge = cart.lines.filter((line) => line.type === 'Generated');
    expect(surcharge.map((line) => line.netLinePrice.priceWithoutVat)).toEqual([terms.smallOrderSurcharge?.fee]);
    expect(cart.freeFreight).toEqual({ shippingMethodId: 'eu-standard', from: 500, amountToGo: 421.34 });
    expect(cart.shippingFee.priceWithoutVat).toBe(14.95);
  });

  it('charges no surcharge from the threshold on, and no freight once free freight is reached', async () => {
    const twice = await calculatedWith(tokens.eur, EU_AREA, 2); // 157.32
    expect(twice.smallOrderSurcharge).toEqual({ below: 100, fee: 9.95, isCharged: false, amountToAvoid: 0 });
    expect(twice.lines.filter((line) => line.type === 'Generated')).toEqual([]);
    expect(twice.freeFreight?.amountToGo).toBe(342.68);
    const seven = await calculatedWith(tokens.eur, EU_AREA, 7); // 550.62
    expect(seven.freeFreight).toEqual({ shippingMethodId: 'eu-standard', from: 500, amountToGo: 0 });
    expect(seven.shippingFee.priceWithoutVat).toBe(0);
  });

  it("states both in the customer's own currency (XNOK): surcharge below 1,000.00, free freight from 5,000.00", async () => {
    const cart = await calculatedWith(tokens.nok, NOK_AREA, 1); // 786.60
    expect(cart.currencyCode).toBe('XNOK');
    expect(cart.smallOrderSurcharge).toEqual({ below: 1000, fee: 99, isCharged: true, amountToAvoid: 213.4 });
    expect(cart.freeFreight).toEqual({ shippingMethodId: 'eu-standard', from: 5000, amountToGo: 4213.4 });
  });

  it('has no free freight to state when the method priced is never free (pick-up in Denmark)', async () => {
    const cart = await calculatedWith(tokens.eur, EU_AREA, 1, 'DK');
    expect(cart.shippingMethod?.shippingMethodId).toBe('eu-pickup');
    expect(cart.freeFreight).toBeNull();
    expect(cart.smallOrderSurcharge?.isCharged).toBe(true);
  });
});
