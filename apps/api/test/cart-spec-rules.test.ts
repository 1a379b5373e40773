/**
 * Spec rules of the cart the flow used to bend (issue 11 §5), on a real database through the endpoint definitions:
 * one shipping fee calculation for GetShippingMethods, SetShipping, CalculateCart and CreateOrderByCartId; cart load
 * (CreateCart when forced, else GetOrCreateCart fetches or creates); a line quantity of 0 or less deletes the line;
 * pageSize and pageNr required on the paged lists; the `product-cart` lookup template the storefront loads lines with.
 */
import { type Cart, missingParameterMessage } from '@b2b/contract';
import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { shippingEndpoints } from '@b2b/contract/endpoints/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
let addressId = '';

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500 });
  // R-100 costs 100.00 (list, no group price): 1 unit is below eu-standard's free freight from 500.00, 5 reach it.
  await createProduct(db, 'R-100', ['R-100-01']);
  await setPrice(db, { productId: 'R-100', currencyCode: 'EUR', unitPriceMinor: 10_000 });
  await setStock(db, 'R-100-01', 1_000);
  const buyer = await createBuyer(testApp, { username: 'rules-buyer', address: true });
  addressId = buyer.address.addressId;
  token = buyer.token;
});

afterAll(async () => {
  await testApp?.close();
});

async function ok<E extends Parameters<typeof expectOk>[0]>(endpoint: E, body: unknown) {
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token, body }));
}

/** A new open cart (CreateCart) with `quantity` of R-100-01, shipped to the customer's Danish address. */
async function cartWith(quantity: number): Promise<Cart> {
  const { cart } = await ok(cartEndpoints.createCart, { area: EU_AREA });
  await ok(cartEndpoints.addOrUpdateLines, {
    area: EU_AREA,
    cartId: cart.cartId,
    lines: [{ productKey: { productId: 'R-100', variantId: 'R-100-01', unitOfMeasure: 'STK' }, quantity }],
  });
  return cart;
}

describe('one shipping fee calculation (GetShippingMethods, SetShipping, CalculateCart, CreateOrderByCartId)', () => {
  it.each([
    // 14.95 + 25 % VAT = 18.6875 → 18.69
    ['below the free-freight threshold', 1, { priceWithoutVat: 14.95, priceWithVat: 18.69 }],
    ['from the threshold on (500.00 of goods)', 5, { priceWithoutVat: 0, priceWithVat: 0 }],
  ])('%s every call answers the same fee, with VAT = fee × (1 + rate)', async (_case, quantity, fee) => {
    const cart = await cartWith(quantity);
    const offered = await ok(shippingEndpoints.getShippingMethods, {
      area: EU_AREA,
      countryCode: 'DK',
      cartId: cart.cartId,
    });
    const standard = offered.shippingMethods.find((method) => method.shippingMethodId === 'eu-standard');
    expect(standard?.fee).toEqual(fee);
    expect(standard?.freeAbove).toBe(500);

    const shipped = await ok(cartEndpoints.setShipping, {
      area: EU_AREA,
      cartId: cart.cartId,
      shippingAddress: { addressId },
      shippingMethod: { shippingMethodId: 'eu-standard' },
    });
    expect(shipped.cart.shippingMethod?.fee).toEqual(fee);

    const calculated = await ok(cartEndpoints.calculateCart, {
      area: EU_AREA,
      cartId: cart.cartId,
      shipToCountryCode: 'DK',
    });
    expect(calculated.cart.shippingFee).toEqual(fee);
    expect(calculated.cart.shippingMethod?.fee).toEqual(fee);

    await ok(cartEndpoints.setPayment, {
      area: EU_AREA,
      cartId: cart.cartId,
      paymentMethod: { paymentMethodId: 'invoice' },
    });
    const { order } = await ok(orderEndpoints.createOrderByCartId, { area: EU_AREA, cartId: cart.cartId });
    expect(order.shippingFee).toEqual(fee);
    expect(order.totalPrice).toEqual(calculated.cart.totalPrice);
  });

  it("without a cart GetShippingMethods answers the method's own fee; a foreign cart id is 404", async () => {
    const offered = await ok(shippingEndpoints.getShippingMethods, { area: EU_AREA, countryCode: 'DK' });
    expect(offered.shippingMethods.find((method) => method.shippingMethodId === 'eu-standard')?.fee).toEqual({
      priceWithoutVat: 14.95,
      priceWithVat: 18.69,
    });
    const foreign = await callEndpoint(testApp.app, shippingEndpoints.getShippingMethods, {
      token,
      body: { area: EU_AREA, countryCode: 'DK', cartId: crypto.randomUUID() },
    });
    expectError(shippingEndpoints.getShippingMethods, foreign, 404);
  });
});

describe('cart load (spec §4)', () => {
  it('GetOrCreateCart fetches the open cart; CreateCart (forced creation) starts a new one', async () => {
    const first = (await ok(cartEndpoints.getOrCreateCart, { area: EU_AREA })).cart;
    expect((await ok(cartEndpoints.getOrCreateCart, { area: EU_AREA })).cart.cartId).toBe(first.cartId);
    const forced = (await ok(cartEndpoints.createCart, { area: EU_AREA })).cart;
    expect(forced.cartId).not.toBe(first.cartId);
    expect(forced.lines).toEqual([]);
    expect((await ok(cartEndpoints.getOrCreateCart, { area: EU_AREA })).cart.cartId).toBe(forced.cartId);
  });

  it('the product-cart lookup template answers the slim product the cart lines show', async () => {
    const { items } = await ok(productEndpoints.getProductsByIds, {
      area: EU_AREA,
      ids: ['R-100'],
      lookupTemplate: 'product-cart',
    });
    const product = items['R-100'];
    expect(product?.variants.map((variant) => variant.id)).toEqual(['R-100-01']);
    expect(product?.documents).toEqual([]);
    expect(product?.description).toBe('');
  });
});

describe('a line quantity of 0 or less deletes the line (spec §5)', () => {
  it.each([0, -1, -MAX_LINE_QUANTITY - 1, -1_000_000_000])(
    'UpdateLineQuantity %i deletes the line',
    async (quantity) => {
      const cart = await cartWith(2);
      const [line] = (await ok(cartEndpoints.getCartById, { area: EU_AREA, cartId: cart.cartId })).cart.lines;
      const { cart: after } = await ok(cartEndpoints.updateLineQuantity, {
        area: EU_AREA,
        cartId: cart.cartId,
        line: { lineId: line?.id, quantity },
      });
      expect(after.lines).toEqual([]);
    },
  );

  it.each([
    ['a number that is no whole one', 1.5],
    ['text', 'two'],
    ['null', null],
    ['above the limit', MAX_LINE_QUANTITY + 1],
  ])('refuses %s with 400 naming line.quantity, and keeps the line', async (_case, quantity) => {
    const cart = await cartWith(2);
    const [line] = (await ok(cartEndpoints.getCartById, { area: EU_AREA, cartId: cart.cartId })).cart.lines;
    const response = await callEndpoint(testApp.app, cartEndpoints.updateLineQuantity, {
      token,
      body: { area: EU_AREA, cartId: cart.cartId, line: { lineId: line?.id, quantity } },
    });
    const error = expectError(cartEndpoints.updateLineQuantity, response, 400);
    expect(error.errors?.map((fieldError) => fieldError.field)).toContain('line.quantity');
    const kept = (await ok(cartEndpoints.getCartById, { area: EU_AREA, cartId: cart.cartId })).cart.lines;
    expect(kept.map((candidate) => candidate.quantity)).toEqual([2]);
  });
});

describe('pageSize and pageNr are required on paged lists (spec §5)', () => {
  it.each([
    customerCenterEndpoints.getOrdersWithPagination,
    documentsEndpoints.getInvoicesWithPagination,
    documentsEndpoints.getCreditMemosWithPagination,
  ])('$path answers 400 "The parameter … must be defined and cannot be null." for a missing one', async (endpoint) => {
    for (const [query, missing] of [
      [{ pageNr: 1 }, 'pageSize'],
      [{ pageSize: 10 }, 'pageNr'],
      [{}, 'pageSize'],
    ] as const) {
      const response = await callEndpoint(testApp.app, endpoint, { token, query, body: { area: EU_AREA } });
      expect(expectError(endpoint, response, 400).message, JSON.stringify(query)).toBe(
        missingParameterMessage(missing),
      );
    }
    const page = await callEndpoint(testApp.app, endpoint, {
      token,
      query: { pageSize: 10, pageNr: 1 },
      body: { area: EU_AREA },
    });
    expect(page.statusCode).toBe(200);
  });
});
