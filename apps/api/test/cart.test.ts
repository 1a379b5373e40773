/**
 * Cart API (spec §7 Cart) through its endpoint definitions on a real database: every endpoint, bad input, a foreign cart, a
 * client-sent price, absurd quantities, concurrent edits from two sessions, CartHasBeenModifiedException.
 */
import type { Cart } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { shippingEndpoints } from '@b2b/contract/endpoints/shipping';
import { carts, productComponents, products, stockLevels } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createPriceGroup, createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, login } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const tokens = { buyer: '', buyerSecondSession: '', colleague: '', foreign: '', staff: '', noGroup: '' };
let addressId = '';
let foreignAddressId = '';

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500 });
  await createPriceGroup(db, 'CG');
  // C-100: variants, 8 available of C-100-01 (10 on hand, 2 reserved); C-200: no variants, stock level 3;
  // C-300: a bundle of 2 × C-200 and 1 × C-100-01; C-400: no price; C-500 no group price.
  await createProduct(db, 'C-100', ['C-100-01', 'C-100-02']);
  await createProduct(db, 'C-200');
  await createProduct(db, 'C-300');
  await createProduct(db, 'C-400');
  await createProduct(db, 'C-500');
  await db.insert(stockLevels).values([
    { variantId: 'C-100-01', quantityOnHand: 10, quantityReserved: 2 },
    { variantId: 'C-100-02', quantityOnHand: 1, quantityReserved: 5 },
  ]);
  await db.update(products).set({ stockLevel: 3 }).where(eq(products.id, 'C-200'));
  await db.update(products).set({ stockLevel: 50 }).where(eq(products.id, 'C-300'));
  await db.update(products).set({ stockLevel: 50 }).where(eq(products.id, 'C-500'));
  await db.insert(productComponents).values([
    { productId: 'C-300', componentProductId: 'C-200', componentVariantId: null, quantity: 2, sortOrder: 0 },
    { productId: 'C-300', componentProductId: 'C-100', componentVariantId: 'C-100-01', quantity: 1, sortOrder: 1 },
  ]);
  await setPrice(db, { productId: 'C-100', currencyCode: 'EUR', unitPriceMinor: 10_000 });
  await setPrice(db, { productId: 'C-100', currencyCode: 'EUR', priceGroupId: 'CG', unitPriceMinor: 8_000 });
  await setPrice(db, { productId: 'C-200', currencyCode: 'EUR', unitPriceMinor: 1_999 });
  await setPrice(db, { productId: 'C-200', currencyCode: 'EUR', priceGroupId: 'CG', unitPriceMinor: 1_733 });
  await setPrice(db, { productId: 'C-300', currencyCode: 'EUR', unitPriceMinor: 25_000 });
  await setPrice(db, { productId: 'C-300', currencyCode: 'EUR', priceGroupId: 'CG', unitPriceMinor: 21_111 });
  await setPrice(db, { productId: 'C-500', currencyCode: 'EUR', unitPriceMinor: 4_321 });

  const buyer = await createBuyer(testApp, {
    username: 'cart-buyer',
    customer: { areaId: 'eu', priceGroupId: 'CG' },
    address: true,
  });
  const foreign = await createBuyer(testApp, {
    username: 'cart-foreign',
    customer: { areaId: 'eu', priceGroupId: 'CG' },
    address: true,
  });
  addressId = buyer.address.addressId;
  foreignAddressId = foreign.address.addressId;
  tokens.buyer = buyer.token;
  tokens.buyerSecondSession = (await login(testApp.app, buyer.username, buyer.user.password)).accessToken;
  tokens.colleague = (
    await createBuyer(testApp, { username: 'cart-colleague', existingCustomer: buyer.customer })
  ).token;
  tokens.foreign = foreign.token;
  tokens.noGroup = (
    await createBuyer(testApp, { username: 'cart-nogroup', customer: { areaId: 'eu', priceGroupId: null } })
  ).token;
  tokens.staff = (await createStaff(testApp, { username: 'cart-staff' })).token;
});

afterAll(async () => {
  await testApp?.close();
});

type CartEndpoint = (typeof cartEndpoints)[keyof typeof cartEndpoints];
/** The calls that answer `{ cart }`. */
type CartAnswerEndpoint = Exclude<
  CartEndpoint,
  | typeof cartEndpoints.getCartsBySearch
  | typeof cartEndpoints.calculateCart
  | typeof cartEndpoints.internalCalculateCart
>;

function call(endpoint: CartEndpoint, token: string | null, body: unknown) {
  return callEndpoint(testApp.app, endpoint, { token, body });
}

/** The cart a call answers (the call must succeed; its answer is read through the endpoint's schema). */
async function cartOf(endpoint: CartAnswerEndpoint, token: string, body: unknown): Promise<Cart> {
  return expectOk(endpoint, await call(endpoint, token, body)).cart;
}

/** The calculated cart (the call must succeed). */
async function calculated(
  token: string,
  body: unknown,
  endpoint:
    | typeof cartEndpoints.calculateCart
    | typeof cartEndpoints.internalCalculateCart = cartEndpoints.calculateCart,
) {
  return expectOk(endpoint, await call(endpoint, token, body));
}

/** A fresh, empty open cart for the buyer (CreateCart retires the previous one). */
async function newCart(token = tokens.buyer) {
  return cartOf(cartEndpoints.createCart, token, { area: EU_AREA });
}

function addLines(token: string, cartId: string, lines: unknown[], overrideExistingQuantity?: boolean) {
  return call(cartEndpoints.addOrUpdateLines, token, {
    area: EU_AREA,
    cartId,
    lines,
    ...(overrideExistingQuantity === undefined ? {} : { overrideExistingQuantity }),
  });
}

const C100 = { productId: 'C-100', variantId: 'C-100-01' };

describe('who may use carts', () => {
  it('answers 401 to anonymous callers and 403 to a user without a customer', async () => {
    const anonymous = await call(cartEndpoints.getOrCreateCart, null, { area: EU_AREA });
    expectError(cartEndpoints.getOrCreateCart, anonymous, 401, 'UnauthorizedException');
    const staff = await call(cartEndpoints.getOrCreateCart, tokens.staff, { area: EU_AREA });
    expectError(cartEndpoints.getOrCreateCart, staff, 403, 'ForbiddenException');
  });
});

describe('GetOrCreateCart / CreateCart / GetLatestCart / GetCartById / GetCartsBySearch', () => {
  it('creates one open cart per customer and user, also under concurrent calls', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call(cartEndpoints.getOrCreateCart, tokens.colleague, { area: EU_AREA })),
    );
    const answered = responses.map((response) => expectOk(cartEndpoints.getOrCreateCart, response).cart);
    expect(new Set(answered.map((cart) => cart.cartId)).size).toBe(1);
    const cart = answered[0] as Cart;
    expect(cart).toMatchObject({ status: 'open', currencyCode: 'EUR', lines: [], version: 1 });
    expect(cart.cartId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Another user of the same customer has a cart of their own.
    const buyerCart = await cartOf(cartEndpoints.getOrCreateCart, tokens.buyer, { area: EU_AREA });
    expect(buyerCart.cartId).not.toBe(cart.cartId);
  });

  it('CreateCart retires the open cart; GetLatestCart and GetCartsBySearch see the new one first', async () => {
    const first = await cartOf(cartEndpoints.getOrCreateCart, tokens.buyer, { area: EU_AREA });
    const second = await newCart();
    expect(second.cartId).not.toBe(first.cartId);
    expect((await cartOf(cartEndpoints.getOrCreateCart, tokens.buyer, { area: EU_AREA })).cartId).toBe(second.cartId);
    expect((await cartOf(cartEndpoints.getLatestCart, tokens.buyer, { area: EU_AREA })).cartId).toBe(second.cartId);
    const old = await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: first.cartId });
    expect(old.status).toBe('abandoned');
    // The retired cart can no longer be changed.
    const change = await addLines(tokens.buyer, first.cartId, [{ productKey: C100, quantity: 1 }]);
    expectError(cartEndpoints.addOrUpdateLines, change, 409, 'ConflictException');

    const search = await call(cartEndpoints.getCartsBySearch, tokens.buyer, { area: EU_AREA, status: 'open' });
    const found = expectOk(cartEndpoints.getCartsBySearch, search);
    expect(found.carts.map((cart) => cart.cartId)).toContain(second.cartId);
    expect(found.carts.map((cart) => cart.cartId)).not.toContain(first.cartId);
    const paged = await call(cartEndpoints.getCartsBySearch, tokens.buyer, { area: EU_AREA, skip: 0, take: 1 });
    expect(expectOk(cartEndpoints.getCartsBySearch, paged).carts).toHaveLength(1);
    const badTake = await call(cartEndpoints.getCartsBySearch, tokens.buyer, { area: EU_AREA, take: 100_000 });
    expect(expectError(cartEndpoints.getCartsBySearch, badTake, 400).errors?.[0]?.field).toBe('take');
  });

  it('GetLatestCart answers 404 for a user who never had a cart', async () => {
    const response = await call(cartEndpoints.getLatestCart, tokens.noGroup, { area: EU_AREA });
    expectError(cartEndpoints.getLatestCart, response, 404, 'NotFoundException');
  });

  it('answers missing and malformed parameters with 400', async () => {
    const missingArea = await call(cartEndpoints.getOrCreateCart, tokens.buyer, {});
    expect(expectError(cartEndpoints.getOrCreateCart, missingArea, 400, 'MissingParameterException').message).toContain(
      'The parameter area must be defined and cannot be null.',
    );
    const missingCart = await call(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA });
    expect(expectError(cartEndpoints.getCartById, missingCart, 400).errors?.[0]?.field).toBe('cartId');
    const badId = await call(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: '12' });
    expect(expectError(cartEndpoints.getCartById, badId, 400).errors?.[0]?.field).toBe('cartId');
    const unknown = await call(cartEndpoints.getCartById, tokens.buyer, {
      area: EU_AREA,
      cartId: '5f0c6a52-8c1e-4f43-9a4a-3c1c0f6c1c11',
    });
    expectError(cartEndpoints.getCartById, unknown, 404, 'NotFoundException');
  });
});

describe('AddOrUpdateLines / UpdateLineQuantity / DeleteLines / EmptyCart', () => {
  it('adds a line, adds to it for the same product key, overrides, and deletes at 0', async () => {
    const cart = await newCart();
    const added = await addLines(tokens.buyer, cart.cartId, [{ productKey: C100, quantity: 2 }]);
    let lines = expectOk(cartEndpoints.addOrUpdateLines, added).cart.lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      type: 'Product',
      parentId: null,
      productKey: { productId: 'C-100', variantId: 'C-100-01', unitOfMeasure: 'STK' },
      quantity: 2,
      name: 'Product C-100',
      netLinePrice: null,
    });
    const lineId = lines[0]?.id ?? '';

    lines = (
      await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
        area: EU_AREA,
        cartId: cart.cartId,
        lines: [{ productKey: C100, quantity: 3 }],
      })
    ).lines;
    expect(lines).toEqual([expect.objectContaining({ id: lineId, quantity: 5 })]);

    const overridden = await addLines(tokens.buyer, cart.cartId, [{ lineId, productKey: C100, quantity: 7 }], true);
    expect(expectOk(cartEndpoints.addOrUpdateLines, overridden).cart.lines).toEqual([
      expect.objectContaining({ id: lineId, quantity: 7 }),
    ]);
    const negative = await addLines(tokens.buyer, cart.cartId, [{ productKey: C100, quantity: -7 }]);
    expect(expectOk(cartEndpoints.addOrUpdateLines, negative).cart.lines).toEqual([]);
  });

  it('adds a bundle with its components as sub-lines whose quantities follow the parent', async () => {
    const cart = await newCart();
    const added = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: { productId: 'C-300' }, quantity: 2 }],
    });
    const [bundle, first, second] = added.lines;
    expect(added.lines).toHaveLength(3);
    expect(bundle).toMatchObject({ parentId: null, quantity: 2 });
    expect(first).toMatchObject({
      parentId: bundle?.id,
      productKey: { productId: 'C-200', variantId: null },
      quantity: 4,
    });
    expect(second).toMatchObject({ parentId: bundle?.id, productKey: C100, quantity: 2 });

    const updated = await cartOf(cartEndpoints.updateLineQuantity, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      line: { lineId: bundle?.id, quantity: 3 },
    });
    expect(updated.lines.map((line) => line.quantity)).toEqual([3, 6, 3]);

    const subLine = await call(cartEndpoints.updateLineQuantity, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      line: { lineId: first?.id, quantity: 1 },
    });
    expect(expectError(cartEndpoints.updateLineQuantity, subLine, 400).errors?.[0]?.field).toBe('line.lineId');

    const deleted = await cartOf(cartEndpoints.deleteLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lineIds: [bundle?.id],
    });
    expect(deleted.lines).toEqual([]);
  });

  it('UpdateLineQuantity sets the quantity, deletes at 0 or less, and answers 404 for an unknown line', async () => {
    const cart = await newCart();
    const [line] = (
      await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
        area: EU_AREA,
        cartId: cart.cartId,
        lines: [{ productKey: C100, quantity: 1 }],
      })
    ).lines;
    const set = await cartOf(cartEndpoints.updateLineQuantity, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      line: { lineId: line?.id, quantity: 12 },
    });
    expect(set.lines[0]?.quantity).toBe(12);
    const unknown = await call(cartEndpoints.updateLineQuantity, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      line: { lineId: '5f0c6a52-8c1e-4f43-9a4a-3c1c0f6c1c11', quantity: 1 },
    });
    expectError(cartEndpoints.updateLineQuantity, unknown, 404, 'NotFoundException');
    const zero = await cartOf(cartEndpoints.updateLineQuantity, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      line: { lineId: line?.id, quantity: 0 },
    });
    expect(zero.lines).toEqual([]);
  });

  it('DeleteLines ignores ids that are not in the cart; EmptyCart removes every line', async () => {
    const cart = await newCart();
    const filled = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [
        { productKey: C100, quantity: 1 },
        { productKey: { productId: 'C-200' }, quantity: 1 },
        { productKey: { productId: 'C-300' }, quantity: 1 },
      ],
    });
    expect(filled.lines).toHaveLength(5);
    // The answer is what the database holds (it is built from the lines read under the lock and the changes made).
    expect(await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId })).toEqual(
      filled,
    );
    const mixed = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [
        { productKey: { productId: 'C-300' }, quantity: 2 },
        { productKey: C100, quantity: -1 },
        { productKey: { productId: 'C-100', variantId: 'C-100-02' }, quantity: 4 },
      ],
    });
    expect(mixed.lines.map((line) => [line.productKey.variantId ?? line.productKey.productId, line.quantity])).toEqual([
      ['C-200', 1],
      ['C-300', 3],
      ['C-200', 6],
      ['C-100-01', 3],
      ['C-100-02', 4],
    ]);
    expect(await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId })).toEqual(
      mixed,
    );
    const afterDelete = await cartOf(cartEndpoints.deleteLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lineIds: [filled.lines[0]?.id, '5f0c6a52-8c1e-4f43-9a4a-3c1c0f6c1c11'],
    });
    expect(afterDelete.lines).toHaveLength(5);
    const emptied = await cartOf(cartEndpoints.emptyCart, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expect(emptied.lines).toEqual([]);
    expect(emptied.version).toBeGreaterThan(afterDelete.version);
  });

  it('refuses bad product keys, sent prices, absurd and fractional quantities with 400 and changes nothing', async () => {
    const cart = await newCart();
    const cases: Array<[unknown[], string]> = [
      [[{ productKey: { productId: 'NOPE' }, quantity: 1 }], 'lines.0.productKey.productId'],
      [[{ productKey: { productId: 'C-100' }, quantity: 1 }], 'lines.0.productKey.variantId'],
      [[{ productKey: { productId: 'C-100', variantId: 'C-999' }, quantity: 1 }], 'lines.0.productKey.variantId'],
      [[{ productKey: { productId: 'C-200', unitOfMeasure: 'BOX' }, quantity: 1 }], 'lines.0.productKey.unitOfMeasure'],
      [[{ productKey: C100, quantity: 1, netLinePrice: 0.01 }], 'lines.0.netLinePrice'],
      [[{ productKey: C100, quantity: 1, price: 1 }], 'lines.0.price'],
      [[{ productKey: C100, quantity: 1_000_000_000 }], 'lines.0.quantity'],
      [[{ productKey: C100, quantity: 1.5 }], 'lines.0.quantity'],
      [[{ productKey: C100, quantity: '2' }], 'lines.0.quantity'],
      [[], 'lines'],
    ];
    for (const [lines, field] of cases) {
      const response = await addLines(tokens.buyer, cart.cartId, lines);
      const error = expectError(cartEndpoints.addOrUpdateLines, response, 400);
      expect(
        error.errors?.map((fieldError) => fieldError.field),
        JSON.stringify(lines),
      ).toContain(field);
    }
    const topLevelPrice = await call(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: C100, quantity: 1 }],
      totalPrice: 0,
    });
    expect(expectError(cartEndpoints.addOrUpdateLines, topLevelPrice, 400).errors).toEqual([
      { field: 'totalPrice', message: 'is not a known field' },
    ]);
    // Adding beyond the product's line limit (C-100 has none of its own: 1,000) to an existing line is refused too.
    expectOk(
      cartEndpoints.addOrUpdateLines,
      await addLines(tokens.buyer, cart.cartId, [{ productKey: C100, quantity: 999 }]),
    );
    const beyond = await addLines(tokens.buyer, cart.cartId, [{ productKey: C100, quantity: 2 }]);
    expect(expectError(cartEndpoints.addOrUpdateLines, beyond, 400).errors?.[0]?.field).toBe('lines.0.quantity');
    const after = await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expect(after.lines.map((line) => line.quantity)).toEqual([999]);
  });
});

describe('a foreign cart', () => {
  it('answers 404 to every call with another customer’s cart id and changes nothing', async () => {
    const cart = await newCart();
    const filled = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: C100, quantity: 2 }],
    });
    const lineId = filled.lines[0]?.id;
    const attempts: Array<[CartEndpoint, object]> = [
      [cartEndpoints.getCartById, {}],
      [cartEndpoints.addOrUpdateLines, { lines: [{ productKey: C100, quantity: 1 }] }],
      [cartEndpoints.updateLineQuantity, { line: { lineId, quantity: 9 } }],
      [cartEndpoints.deleteLines, { lineIds: [lineId] }],
      [cartEndpoints.emptyCart, {}],
      [cartEndpoints.calculateCart, {}],
      [cartEndpoints.internalCalculateCart, {}],
      [cartEndpoints.setShipping, { shippingMethod: { shippingMethodId: 'eu-standard' } }],
      [cartEndpoints.setPayment, { paymentMethod: { paymentMethodId: 'invoice' } }],
      [cartEndpoints.setOrderFields, { comment: 'mine now' }],
    ];
    for (const [endpoint, extra] of attempts) {
      const response = await call(endpoint, tokens.foreign, { area: EU_AREA, cartId: cart.cartId, ...extra });
      expectError(endpoint, response, 404, 'NotFoundException');
    }
    const after = await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expect(after).toEqual(filled);
    // A colleague of the same customer may see it.
    const colleague = await call(cartEndpoints.getCartById, tokens.colleague, { area: EU_AREA, cartId: cart.cartId });
    expect(expectOk(cartEndpoints.getCartById, colleague).cart).toEqual(filled);
  });
});

describe('SetShipping / SetPayment / SetOrderFields', () => {
  it('sets the ship-to address, the shipping method, the payment method and the order fields', async () => {
    const cart = await newCart();
    const shipped = await cartOf(cartEndpoints.setShipping, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      shippingAddress: { addressId },
      shippingMethod: { shippingMethodId: 'eu-express' },
    });
    expect(shipped.shippingAddress).toMatchObject({ addressId, countryCode: 'DK', city: 'Copenhagen' });
    expect(shipped.shippingMethod).toEqual({
      shippingMethodId: 'eu-express',
      name: 'Express',
      // One fee calculation (issue 11): with the area's VAT, 39.50 + 25 % = 49.375 → 49.38, as GetShippingMethods says.
      fee: { priceWithVat: 49.38, priceWithoutVat: 39.5 },
    });
    const paid = await cartOf(cartEndpoints.setPayment, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      paymentMethod: { paymentMethodId: 'invoice' },
    });
    expect(paid.paymentMethod).toEqual({ paymentMethodId: 'invoice', name: 'Payment on account (invoice)' });
    const fields = await cartOf(cartEndpoints.setOrderFields, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      comment: 'Leave at the gate',
      reference: ' PO-4711 ',
    });
    expect(fields).toMatchObject({ comment: 'Leave at the gate', reference: 'PO-4711' });
    const cleared = await cartOf(cartEndpoints.setOrderFields, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      comment: null,
    });
    expect(cleared).toMatchObject({ comment: null, reference: 'PO-4711' });
  });

  it('refuses foreign addresses, unknown or unsuitable methods and overlong fields with 400', async () => {
    const cart = await newCart();
    const cases: Array<[CartEndpoint, object, string]> = [
      [cartEndpoints.setShipping, { shippingAddress: { addressId: foreignAddressId } }, 'shippingAddress.addressId'],
      [
        cartEndpoints.setShipping,
        { shippingMethod: { shippingMethodId: 'us-standard' } },
        'shippingMethod.shippingMethodId',
      ],
      [cartEndpoints.setShipping, {}, 'shippingMethod'],
      [cartEndpoints.setPayment, { paymentMethod: { paymentMethodId: 'cash' } }, 'paymentMethod.paymentMethodId'],
      [cartEndpoints.setOrderFields, { reference: 'x'.repeat(51) }, 'reference'],
      [cartEndpoints.setOrderFields, { comment: 'x'.repeat(1001) }, 'comment'],
    ];
    for (const [endpoint, extra, field] of cases) {
      const response = await call(endpoint, tokens.buyer, { area: EU_AREA, cartId: cart.cartId, ...extra });
      const error = expectError(endpoint, response, 400);
      expect(
        error.errors?.map((fieldError) => fieldError.field),
        endpoint.path,
      ).toContain(field);
    }
    // Pick-up in Copenhagen ships to DK only.
    await cartOf(cartEndpoints.setShipping, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      shippingMethod: { shippingMethodId: 'eu-pickup' },
    });
    const after = await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expect(after.shippingMethod?.shippingMethodId).toBe('eu-pickup');
  });
});

describe('CalculateCart / InternalCalculateCart', () => {
  it('prices the lines from the price group, adds shipping and VAT exactly, and reports availability', async () => {
    const cart = await newCart();
    await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [
        { productKey: C100, quantity: 3 }, // 3 × 80.00 = 240.00, list 300.00, 8 available
        { productKey: { productId: 'C-200' }, quantity: 5 }, // 5 × 17.33 = 86.65, list 99.95, 3 available
      ],
    });
    await cartOf(cartEndpoints.setShipping, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      shippingAddress: { addressId },
      shippingMethod: { shippingMethodId: 'eu-standard' },
    });
    const { cart: priced, usingFallbackStrategy } = await calculated(tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
    });
    expect(usingFallbackStrategy).toBe(false);
    expect(priced.currencyCode).toBe('EUR');
    expect(priced.shipToCountryCode).toBe('DK'); // the cart's address wins over the default US
    expect(priced.lines.map((line) => [line.netLinePrice, line.linePrice, line.asgLineItemsAvailCust])).toEqual([
      [{ priceWithoutVat: 240, priceWithVat: 300 }, { priceWithoutVat: 300, priceWithVat: 375 }, 8],
      // 86.65 + 25 % = 108.3125 → 108.31
      [{ priceWithoutVat: 86.65, priceWithVat: 108.31 }, { priceWithoutVat: 99.95, priceWithVat: 124.94 }, 3],
    ]);
    expect(priced.lines.map((line) => line.isBackorder)).toEqual([false, true]);
    expect(priced.isBackorder).toBe(true);
    expect(priced.discount).toBe(73.3); // 399.95 − 326.65
    // Goods 326.65 < 500.00: standard freight 14.95 (+ 3.74 VAT).
    expect(priced.shippingMethod?.shippingMethodId).toBe('eu-standard');
    expect(priced.shippingFee).toEqual({ priceWithoutVat: 14.95, priceWithVat: 18.69 });
    expect(priced.totalNetPrice).toBe(341.6);
    expect(priced.totalPrice).toEqual({ priceWithoutVat: 341.6, priceWithVat: 427 }); // 300 + 108.31 + 18.69

    const internal = await calculated(
      tokens.buyer,
      { area: EU_AREA, cartId: cart.cartId },
      cartEndpoints.internalCalculateCart,
    );
    expect(internal.cart.totalPrice).toEqual(priced.totalPrice);
  });

  it('adds the small-order surcharge, prices bundle components at 0 and flags the list-price fallback', async () => {
    const cart = await newCart(tokens.noGroup);
    await cartOf(cartEndpoints.addOrUpdateLines, tokens.noGroup, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: { productId: 'C-500' }, quantity: 1 }],
    });
    const { cart: priced, usingFallbackStrategy } = await calculated(tokens.noGroup, {
      area: EU_AREA,
      cartId: cart.cartId,
      shipToCountryCode: 'DE',
    });
    expect(usingFallbackStrategy).toBe(true);
    expect(priced.lines.map((line) => [line.type, line.netLinePrice.priceWithoutVat])).toEqual([
      ['Product', 43.21],
      ['Generated', 9.95],
    ]);
    expect(priced.totalNetPrice).toBe(43.21 + 9.95 + 14.95);

    const bundleCart = await newCart();
    await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: bundleCart.cartId,
      lines: [{ productKey: { productId: 'C-300' }, quantity: 1 }],
    });
    const bundle = (await calculated(tokens.buyer, { area: EU_AREA, cartId: bundleCart.cartId })).cart;
    expect(bundle.lines.map((line) => [line.parentId === null, line.netLinePrice.priceWithoutVat])).toEqual([
      [true, 211.11],
      [false, 0],
      [false, 0],
    ]);
    // Default ship-to country US: no EU method ships there, so no fee.
    expect(bundle.shipToCountryCode).toBe('US');
    expect(bundle.shippingMethod).toBeNull();
    expect(bundle.totalNetPrice).toBe(211.11);
  });

  it('prices the first method GetShippingMethods lists while the cart has none chosen (one rule, one order)', async () => {
    const cart = await newCart();
    await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: C100, quantity: 1 }],
    });
    for (const countryCode of ['DK', 'DE']) {
      const offered = await callEndpoint(testApp.app, shippingEndpoints.getShippingMethods, {
        token: tokens.buyer,
        body: { area: EU_AREA, countryCode },
      });
      const [first] = expectOk(shippingEndpoints.getShippingMethods, offered).shippingMethods;
      const { cart: priced } = await calculated(tokens.buyer, {
        area: EU_AREA,
        cartId: cart.cartId,
        shipToCountryCode: countryCode,
      });
      expect(priced.shippingMethod?.shippingMethodId, countryCode).toBe(first?.shippingMethodId);
    }
    // Cheapest first: the free pick-up in Copenhagen for Denmark, standard freight for Germany.
    const denmark = await calculated(tokens.buyer, { area: EU_AREA, cartId: cart.cartId, shipToCountryCode: 'DK' });
    expect(denmark.cart.shippingMethod?.shippingMethodId).toBe('eu-pickup');
    const germany = await calculated(tokens.buyer, { area: EU_AREA, cartId: cart.cartId, shipToCountryCode: 'DE' });
    expect(germany.cart.shippingMethod?.shippingMethodId).toBe('eu-standard');
  });

  it('answers 409 CartHasBeenModifiedException when the cart changed since the client’s version', async () => {
    const cart = await newCart();
    const added = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: C100, quantity: 1 }],
    });
    const current = await calculated(tokens.buyer, { area: EU_AREA, cartId: cart.cartId, version: added.version });
    expect(current.cart.version).toBe(added.version);
    // Another session changes the cart meanwhile.
    await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyerSecondSession, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: C100, quantity: 1 }],
    });
    const stale = await call(cartEndpoints.calculateCart, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      version: added.version,
    });
    expect(expectError(cartEndpoints.calculateCart, stale, 409, 'CartHasBeenModifiedException')).toMatchObject({
      error: 'Conflict',
    });
  });

  it('EmptyCart with the version the page shows keeps a line another session added meanwhile (409)', async () => {
    const cart = await newCart();
    const shown = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: C100, quantity: 2 }],
    });
    // The second tab adds a product the first tab never showed.
    const changed = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyerSecondSession, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: { productId: 'C-100', variantId: 'C-100-02' }, quantity: 5 }],
    });
    const stale = await call(cartEndpoints.emptyCart, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      version: shown.version,
    });
    expect(expectError(cartEndpoints.emptyCart, stale, 409, 'CartHasBeenModifiedException').message).toBe(
      `The cart has been modified (version ${changed.version}, the request expected ${shown.version}).`,
    );
    // Nothing removed, and the refused change raised no version.
    const after = await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expect(after.version).toBe(changed.version);
    expect(after.lines.map((line) => [line.productKey.variantId, line.quantity])).toEqual([
      ['C-100-01', 2],
      ['C-100-02', 5],
    ]);
    // Emptying the cart as it is now works.
    const emptied = await cartOf(cartEndpoints.emptyCart, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      version: after.version,
    });
    expect(emptied).toMatchObject({ lines: [], version: after.version + 1 });
  });

  it('an add racing an EmptyCart of the version shown is never lost: either refused empty or added after', async () => {
    for (let round = 0; round < 10; round += 1) {
      const cart = await newCart();
      const shown = await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
        area: EU_AREA,
        cartId: cart.cartId,
        lines: [{ productKey: C100, quantity: 1 }],
      });
      const [empty, add] = await Promise.all([
        call(cartEndpoints.emptyCart, tokens.buyer, { area: EU_AREA, cartId: cart.cartId, version: shown.version }),
        addLines(tokens.buyerSecondSession, cart.cartId, [
          { productKey: { productId: 'C-100', variantId: 'C-100-02' }, quantity: 3 },
        ]),
      ]);
      expectOk(cartEndpoints.addOrUpdateLines, add);
      const after = await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
      const added = after.lines.find((line) => line.productKey.variantId === 'C-100-02');
      expect(added?.quantity).toBe(3);
      if (empty.statusCode === 200) {
        expect(after.lines).toHaveLength(1); // emptied first, then the add
      } else {
        expectError(cartEndpoints.emptyCart, empty, 409, 'CartHasBeenModifiedException');
        expect(after.lines).toHaveLength(2); // the add came first: the empty was refused, nothing removed
      }
    }
  });

  it('refuses a bad ship-to country and unknown fields', async () => {
    const cart = await newCart();
    const badCountry = await call(cartEndpoints.calculateCart, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      shipToCountryCode: 'Denmark',
    });
    expect(expectError(cartEndpoints.calculateCart, badCountry, 400).errors?.[0]?.field).toBe('shipToCountryCode');
    const sentTotal = await call(cartEndpoints.calculateCart, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      totalPrice: { priceWithVat: 1, priceWithoutVat: 1 },
    });
    expect(expectError(cartEndpoints.calculateCart, sentTotal, 400).errors?.[0]?.field).toBe('totalPrice');
  });
});

describe('concurrency', () => {
  it('loses no line when two sessions make 50 changes each on one cart at the same time', async () => {
    const cart = await newCart();
    const seeded = await testApp.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.unitOfMeasure, 'STK'))
      .orderBy(products.id)
      .limit(200);
    // Seeded products 100001… (every product has a variant -01); skip the bundles (every 100th).
    const ids = seeded.map((row) => row.id).filter((id) => /^1\d{5}$/.test(id) && Number(id) % 100 !== 0);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    const operations = [tokens.buyer, tokens.buyerSecondSession].flatMap((token, session) =>
      Array.from({ length: 50 }, (_, index) => {
        // Even operations add a product of their own, odd ones add 1 to a line both sessions share.
        const productKey =
          index % 2 === 0
            ? { productId: ids[session * 25 + index / 2], variantId: `${ids[session * 25 + index / 2]}-01` }
            : C100;
        return addLines(token, cart.cartId, [{ productKey, quantity: 1 }]);
      }),
    );
    const responses = await Promise.all(operations);
    for (const response of responses) expectOk(cartEndpoints.addOrUpdateLines, response);
    const after = await cartOf(cartEndpoints.getCartById, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expect(after.lines).toHaveLength(51);
    expect(after.lines.find((line) => line.productKey.productId === 'C-100')?.quantity).toBe(50);
    expect(after.version).toBe(cart.version + 100);
  });
});

describe('after checkout', () => {
  it('GetOrCreateCart gives a new, empty cart and the checked-out cart can no longer change', async () => {
    const cart = await newCart();
    await cartOf(cartEndpoints.addOrUpdateLines, tokens.buyer, {
      area: EU_AREA,
      cartId: cart.cartId,
      lines: [{ productKey: C100, quantity: 1 }],
    });
    // What CreateOrderByCartId does to the cart (the order module owns that call).
    await testApp.db.update(carts).set({ status: 'checked_out' }).where(eq(carts.id, cart.cartId));
    const next = await cartOf(cartEndpoints.getOrCreateCart, tokens.buyer, { area: EU_AREA });
    expect(next.cartId).not.toBe(cart.cartId);
    expect(next.lines).toEqual([]);
    const change = await call(cartEndpoints.emptyCart, tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expectError(cartEndpoints.emptyCart, change, 409, 'ConflictException');
    // Reading and pricing stay possible: only changes need an open cart.
    const priced = await calculated(tokens.buyer, { area: EU_AREA, cartId: cart.cartId });
    expect(priced.cart).toMatchObject({ cartId: cart.cartId, status: 'checked_out' });
  });
});
