import { shippingEndpoints } from '@b2b/contract/endpoints/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { setVatRates } from './support/factories.ts';
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, login, US_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const tokens = { dk: '', eu: '', nok: '', us: '', staff: '' };

beforeAll(async () => {
  testApp = await createTestApp();
  await setVatRates(testApp.db, { eu: 2500, us: 0 });
  // A Danish customer: the seller's country, so the domestic 25 % (ADR 018).
  tokens.dk = (
    await createBuyer(testApp, { username: 'ship-dk', customer: { areaId: 'eu', countryCode: 'DK' } })
  ).token;
  // The seeded demo customers: eu-buyer (Austrian with a VAT number: reverse charge, EUR), nok-buyer (Norwegian:
  // export, XNOK), us-buyer (USD, no VAT); password `demo`.
  tokens.eu = (await login(testApp.app, 'eu-buyer', 'demo')).accessToken;
  tokens.nok = (await login(testApp.app, 'nok-buyer', 'demo')).accessToken;
  tokens.us = (await login(testApp.app, 'us-buyer', 'demo', { area: US_AREA })).accessToken;
  tokens.staff = (await createStaff(testApp, { username: 'ship-staff' })).token;
});

afterAll(async () => {
  await testApp?.close();
});

const methodsEndpoint = shippingEndpoints.getShippingMethods;
const countriesEndpoint = shippingEndpoints.getShippingCountries;

function getShippingMethods(token: string | null, body: unknown) {
  return callEndpoint(testApp.app, methodsEndpoint, { token, body });
}

async function shippingMethodsOf(token: string, body: unknown) {
  return expectOk(methodsEndpoint, await getShippingMethods(token, body));
}

function getShippingCountries(token: string | null, query: Record<string, string>) {
  return callEndpoint(testApp.app, countriesEndpoint, { token, query });
}

describe('POST /api/Shipping/GetShippingMethods', () => {
  it("lists the area's methods to the country, cheapest first, with the fee in EUR and the customer's VAT", async () => {
    const body = await shippingMethodsOf(tokens.dk, { area: EU_AREA, countryCode: 'DK' });
    expect(body.currencyCode).toBe('EUR');
    expect(body.shippingMethods).toEqual([
      {
        shippingMethodId: 'eu-pickup',
        name: 'Pick-up in Copenhagen',
        description: 'Collect at our warehouse',
        fee: { priceWithVat: 0, priceWithoutVat: 0 },
        freeAbove: null,
        currencyCode: 'EUR',
      },
      {
        shippingMethodId: 'eu-standard',
        name: 'Standard freight',
        description: '2–4 working days',
        // 14.95 + 25 % = 18.6875 → 18.69
        fee: { priceWithVat: 18.69, priceWithoutVat: 14.95 },
        freeAbove: 500,
        currencyCode: 'EUR',
      },
      {
        shippingMethodId: 'eu-express',
        name: 'Express',
        description: 'Next working day',
        fee: { priceWithVat: 49.38, priceWithoutVat: 39.5 },
        freeAbove: null,
        currencyCode: 'EUR',
      },
    ]);
  });

  it('leaves out methods restricted to other countries, and answers none for a country the area does not serve', async () => {
    const germany = await shippingMethodsOf(tokens.eu, { area: EU_AREA, countryCode: 'DE' });
    expect(germany.shippingMethods.map((method) => method.shippingMethodId)).toEqual(['eu-standard', 'eu-express']);
    const usFromEu = await shippingMethodsOf(tokens.eu, { area: EU_AREA, countryCode: 'US' });
    expect(usFromEu.shippingMethods).toEqual([]);
  });

  it('gives an Austrian business with its VAT number the fee without VAT (reverse charge)', async () => {
    const austria = await shippingMethodsOf(tokens.eu, { area: EU_AREA, countryCode: 'AT' });
    expect(austria.shippingMethods[0]).toMatchObject({
      shippingMethodId: 'eu-standard',
      fee: { priceWithoutVat: 14.95, priceWithVat: 14.95 },
    });
  });

  it("gives fees in the customer's own currency (XNOK, an export: no VAT) and per area (USD, no VAT)", async () => {
    const nok = await shippingMethodsOf(tokens.nok, { area: EU_AREA, countryCode: 'NO' });
    expect(nok.currencyCode).toBe('XNOK');
    expect(nok.shippingMethods[0]).toMatchObject({
      shippingMethodId: 'eu-standard',
      fee: { priceWithoutVat: 169, priceWithVat: 169 },
      freeAbove: 5000,
    });
    const us = await shippingMethodsOf(tokens.us, { area: US_AREA, countryCode: 'US' });
    expect(us.shippingMethods.map((method) => method.shippingMethodId)).toEqual(['us-standard', 'us-express']);
    expect(us.shippingMethods[0]?.fee).toEqual({ priceWithVat: 19.95, priceWithoutVat: 19.95 });
  });

  it('refuses bad input, anonymous callers and users without a customer', async () => {
    const missing = await getShippingMethods(tokens.eu, { area: EU_AREA });
    expect(expectError(methodsEndpoint, missing, 400).message).toBe(
      'The parameter countryCode must be defined and cannot be null.',
    );
    const lowerCase = await getShippingMethods(tokens.eu, { area: EU_AREA, countryCode: 'dk' });
    expect(expectError(methodsEndpoint, lowerCase, 400).errors?.[0]?.field).toBe('countryCode');
    const withFee = await getShippingMethods(tokens.eu, { area: EU_AREA, countryCode: 'DK', fee: 0 });
    expect(expectError(methodsEndpoint, withFee, 400).errors).toEqual([
      { field: 'fee', message: 'is not a known field' },
    ]);
    const anonymous = await getShippingMethods(null, { area: EU_AREA, countryCode: 'DK' });
    expectError(methodsEndpoint, anonymous, 401, 'UnauthorizedException');
    const staff = await getShippingMethods(tokens.staff, { area: EU_AREA, countryCode: 'DK' });
    expectError(methodsEndpoint, staff, 403, 'ForbiddenException');
  });
});

describe('GET /api/Shipping/GetShippingCountries', () => {
  const euQuery = { 'AreaInfo.AreaId': 'eu', 'AreaInfo.LanguageCode': 'en-GB', 'AreaInfo.CurrencyCode': 'EUR' };

  it('lists the countries of the area by name', async () => {
    const { countries } = expectOk(countriesEndpoint, await getShippingCountries(tokens.eu, euQuery));
    expect(countries).toHaveLength(12);
    expect(countries[0]).toEqual({ countryCode: 'AT', name: 'Austria' });
    expect(countries.map((country) => country.name)).toEqual([...countries.map((c) => c.name)].sort());
    const us = await getShippingCountries(tokens.us, {
      'AreaInfo.AreaId': 'us',
      'AreaInfo.LanguageCode': 'en-GB',
      'AreaInfo.CurrencyCode': 'USD',
    });
    expect(expectOk(countriesEndpoint, us).countries).toEqual([
      { countryCode: 'CA', name: 'Canada' },
      { countryCode: 'US', name: 'United States' },
    ]);
  });

  it('answers the spec §5 message for each missing AreaInfo parameter', async () => {
    const noCurrency = await getShippingCountries(tokens.eu, {
      'AreaInfo.AreaId': 'eu',
      'AreaInfo.LanguageCode': 'en-GB',
    });
    expect(expectError(countriesEndpoint, noCurrency, 400, 'MissingParameterException').message).toBe(
      'The parameter AreaInfo.CurrencyCode must be defined and cannot be null.',
    );
    const none = await getShippingCountries(tokens.eu, {});
    expect(expectError(countriesEndpoint, none, 400, 'MissingParameterException').message).toBe(
      'The parameter AreaInfo.AreaId must be defined and cannot be null.',
    );
    const badArea = await getShippingCountries(tokens.eu, { ...euQuery, 'AreaInfo.AreaId': 'xx' });
    expect(expectError(countriesEndpoint, badArea, 400).errors?.[0]?.field).toBe('AreaInfo.AreaId');
  });

  it('is for logged-in users only', async () => {
    expectError(countriesEndpoint, await getShippingCountries(null, euQuery), 401, 'UnauthorizedException');
  });
});
