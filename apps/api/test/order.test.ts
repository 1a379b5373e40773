import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { type AddressSnapshot, mailOutbox, orders } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines, findCartRow, findStock, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createPriceGroup, createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const owner = { customerId: '', userId: '' };
const other = { customerId: '', userId: '' };
const tokens = { buyer: '', other: '', staff: '' };
let buyerEmail = '';
let shippingAddress: AddressSnapshot;

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  await createPriceGroup(db, 'OG');
  await createProduct(db, 'O-100', ['O-100-01', 'O-100-02']);
  await createProduct(db, 'O-200', ['O-200-01']);
  await setPrice(db, { productId: 'O-100', currencyCode: 'EUR', unitPriceMinor: 10_000 });
  await setPrice(db, { productId: 'O-100', currencyCode: 'EUR', priceGroupId: 'OG', unitPriceMinor: 8000 });
  // O-200 has no price at all.
  await setStock(db, 'O-100-01', 100);
  await setStock(db, 'O-100-02', 1);
  await setStock(db, 'O-200-01', 5);

  const buyer = await createBuyer(testApp, {
    username: 'order-buyer',
    customer: { areaId: 'eu', priceGroupId: 'OG' },
    address: true,
  });
  shippingAddress = buyer.address;
  buyerEmail = buyer.user.email;
  Object.assign(owner, { customerId: buyer.customerId, userId: buyer.userId });
  const otherBuyer = await createBuyer(testApp, { username: 'order-other' });
  Object.assign(other, { customerId: otherBuyer.customerId, userId: otherBuyer.userId });
  tokens.buyer = buyer.token;
  tokens.other = otherBuyer.token;
  tokens.staff = (await createStaff(testApp, { username: 'order-staff' })).token;
});

afterAll(async () => {
  await testApp?.close();
});

const createEndpoint = orderEndpoints.createOrderByCartId;
const getEndpoint = orderEndpoints.getOrderByCartId;

function createOrder(token: string | null, body: unknown, headers: Record<string, string> = {}) {
  return callEndpoint(testApp.app, createEndpoint, { token, body, headers });
}

function getOrder(token: string | null, body: unknown) {
  return callEndpoint(testApp.app, getEndpoint, { token, body });
}

/** A cart of the buyer: 2 × O-100-01 (in stock) and 3 × O-100-02 (1 in stock), shipped to DK by standard freight. */
function createBuyerCart(fields: Parameters<typeof createCartWithLines>[3] = {}) {
  return createCartWithLines(
    testApp.db,
    owner,
    [
      { productId: 'O-100', variantId: 'O-100-01', quantity: 2 },
      { productId: 'O-100', variantId: 'O-100-02', quantity: 3 },
    ],
    { shippingAddress, shippingMethodId: 'eu-standard', reference: 'PO-4711', comment: 'Gate 3', ...fields },
  );
}

async function mailsOfOrder(orderId: string) {
  return testApp.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
}

describe('POST /api/Order/CreateOrderByCartId', () => {
  it('places the cart: re-priced on the server, backorder marked, cart checked out, stock reserved, mail queued', async () => {
    const cartId = await createBuyerCart();
    const { order, isNew } = expectOk(createEndpoint, await createOrder(tokens.buyer, { area: EU_AREA, cartId }));
    expect(isNew).toBe(true);
    expect(order.orderNumber).toMatch(/^SO-\d{6,}$/);
    expect(order.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(order).toMatchObject({
      cartId,
      status: 'Placed',
      currencyCode: 'EUR',
      reference: 'PO-4711',
      comment: 'Gate 3',
      shippingAddress,
      shippingMethod: { shippingMethodId: 'eu-standard', name: 'Standard freight' },
      paymentMethod: { paymentMethodId: 'invoice', kind: 'Invoice' },
      // goods 5 × 80.00 = 400.00 (below the 500.00 free-freight limit) + 14.95 freight
      totalNetPrice: 414.95,
      // VAT: 40.00 + 60.00 + 3.74 (14.95 × 25 % = 3.7375)
      totalPrice: { priceWithoutVat: 414.95, priceWithVat: 518.69 },
      shippingFee: { priceWithoutVat: 14.95, priceWithVat: 18.69 },
      discount: { priceWithoutVat: 100 },
      isBackorder: true,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        type: 'Product',
        productKey: { productId: 'O-100', variantId: 'O-100-01', unitOfMeasure: 'STK' },
        quantity: 2,
        netUnitPrice: { priceWithoutVat: 80, priceWithVat: 100 },
        netLinePrice: { priceWithoutVat: 160, priceWithVat: 200 },
        linePrice: { priceWithoutVat: 200, priceWithVat: 250 },
        asgLineItemsAvailCust: 100,
        isBackorder: false,
      }),
      expect.objectContaining({
        productKey: { productId: 'O-100', variantId: 'O-100-02', unitOfMeasure: 'STK' },
        quantity: 3,
        asgLineItemsAvailCust: 1,
        isBackorder: true,
      }),
    ]);

    expect((await findCartRow(testApp.db, cartId))?.status).toBe('checked_out');
    expect(await findStock(testApp.db, 'O-100-01')).toMatchObject({ quantityOnHand: 100, quantityReserved: 2 });
    expect(await findStock(testApp.db, 'O-100-02')).toMatchObject({ quantityOnHand: 1, quantityReserved: 3 });

    const mails = await mailsOfOrder(order.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: buyerEmail,
      kind: 'order-confirmation',
      subject: `Order confirmation ${order.orderNumber}`,
      sentAt: null,
    });
    expect(mails[0]?.textBody).toContain('Your reference: PO-4711');
    expect(mails[0]?.textBody).toContain('backorder');

    // The same cart again: the same order, no second mail, no second reservation.
    const replay = await createOrder(tokens.buyer, { area: EU_AREA, cartId });
    expect(expectOk(createEndpoint, replay, 200)).toEqual({ order, isNew: false });
    expect(await mailsOfOrder(order.orderId)).toHaveLength(1);
    expect((await findStock(testApp.db, 'O-100-01'))?.quantityReserved).toBe(2);

    // Afterwards GetOrCreateCart gives a new, empty cart.
    const next = await callEndpoint(testApp.app, cartEndpoints.getOrCreateCart, {
      token: tokens.buyer,
      body: { area: EU_AREA },
    });
    const { cart: nextCart } = expectOk(cartEndpoints.getOrCreateCart, next);
    expect(nextCart.cartId).not.toBe(cartId);
    expect(nextCart.lines).toEqual([]);
  });

  it('answers the same order for the same Idempotency-Key, and 409 when the key is reused for another cart', async () => {
    const key = `checkout-${crypto.randomUUID()}`;
    const cartId = await createBuyerCart();
    const first = expectOk(
      createEndpoint,
      await createOrder(tokens.buyer, { area: EU_AREA, cartId }, { 'Idempotency-Key': key }),
    );
    const again = await createOrder(tokens.buyer, { area: EU_AREA, cartId }, { 'Idempotency-Key': key });
    expect(expectOk(createEndpoint, again, 200).order.orderId).toBe(first.order.orderId);

    const otherCartId = await createBuyerCart();
    const reused = await createOrder(tokens.buyer, { area: EU_AREA, cartId: otherCartId }, { 'Idempotency-Key': key });
    expectError(createEndpoint, reused, 409, 'ConflictException');
    expect((await findCartRow(testApp.db, otherCartId))?.status).toBe('open');
  });

  it('creates exactly one order from 5 concurrent submissions of one cart', async () => {
    const cartId = await createBuyerCart();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        createOrder(tokens.buyer, { area: EU_AREA, cartId }, { 'Idempotency-Key': `concurrent-${cartId}-${index}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const orderIds = new Set(
      responses.map((response) => expectOk(createEndpoint, response, response.statusCode).order.orderId),
    );
    expect(orderIds.size).toBe(1);
    const rows = await testApp.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(rows).toHaveLength(1);
    expect(await mailsOfOrder(rows[0]?.id ?? '')).toHaveLength(1);
  });

  it('refuses an empty cart with 409 CartIsEmptyException and leaves it open', async () => {
    const cartId = await createCartWithLines(testApp.db, owner, []);
    const response = await createOrder(tokens.buyer, { area: EU_AREA, cartId });
    expectError(createEndpoint, response, 409, 'CartIsEmptyException');
    expect((await findCartRow(testApp.db, cartId))?.status).toBe('open');
  });

  it('refuses a product without a price, and a card cart that was not paid', async () => {
    const unpriced = await createCartWithLines(testApp.db, owner, [
      { productId: 'O-200', variantId: 'O-200-01', quantity: 1 },
    ]);
    const noPrice = await createOrder(tokens.buyer, { area: EU_AREA, cartId: unpriced });
    expect(expectError(createEndpoint, noPrice, 409).message).toContain('O-200');

    const cardCart = await createBuyerCart({ paymentMethodId: 'card' });
    const unpaid = await createOrder(tokens.buyer, { area: EU_AREA, cartId: cardCart });
    expectError(createEndpoint, unpaid, 409, 'PaymentNotCompletedException');
    expect((await findCartRow(testApp.db, cardCart))?.status).toBe('open');
  });

  it("answers 404 for another customer's cart and changes nothing", async () => {
    const foreignCart = await createCartWithLines(testApp.db, other, [
      { productId: 'O-100', variantId: 'O-100-01', quantity: 1 },
    ]);
    const response = await createOrder(tokens.buyer, { area: EU_AREA, cartId: foreignCart });
    expectError(createEndpoint, response, 404, 'NotFoundException');
    expect((await findCartRow(testApp.db, foreignCart))?.status).toBe('open');
    expect(await testApp.db.select().from(orders).where(eq(orders.cartId, foreignCart))).toEqual([]);
  });

  it('refuses bad input, anonymous callers and users without a customer', async () => {
    const missing = await createOrder(tokens.buyer, { area: EU_AREA });
    expect(expectError(createEndpoint, missing, 400, 'MissingParameterException').message).toBe(
      'The parameter cartId must be defined and cannot be null.',
    );
    const badId = await createOrder(tokens.buyer, { area: EU_AREA, cartId: 'not-a-uuid' });
    expect(expectError(createEndpoint, badId, 400).errors?.[0]?.field).toBe('cartId');
    const withPrice = await createOrder(tokens.buyer, {
      area: EU_AREA,
      cartId: crypto.randomUUID(),
      totalPrice: 1,
    });
    expect(expectError(createEndpoint, withPrice, 400).errors).toEqual([
      { field: 'totalPrice', message: 'is not a known field' },
    ]);
    const shortKey = await createOrder(
      tokens.buyer,
      { area: EU_AREA, cartId: crypto.randomUUID() },
      { 'Idempotency-Key': 'short' },
    );
    expect(expectError(createEndpoint, shortKey, 400).errors?.[0]?.field).toBe('idempotency-key');
    const unknownCart = await createOrder(tokens.buyer, { area: EU_AREA, cartId: crypto.randomUUID() });
    expectError(createEndpoint, unknownCart, 404, 'NotFoundException');
    const anonymous = await createOrder(null, { area: EU_AREA, cartId: crypto.randomUUID() });
    expectError(createEndpoint, anonymous, 401, 'UnauthorizedException');
    const staff = await createOrder(tokens.staff, { area: EU_AREA, cartId: crypto.randomUUID() });
    expectError(createEndpoint, staff, 403, 'ForbiddenException');
  });
});

describe('POST /api/Order/GetOrderByCartId', () => {
  it("returns the order of the customer's cart; 404 for an open cart, another customer's cart or bad ids", async () => {
    const cartId = await createBuyerCart();
    expectError(getEndpoint, await getOrder(tokens.buyer, { area: EU_AREA, cartId }), 404, 'NotFoundException');
    const placed = expectOk(createEndpoint, await createOrder(tokens.buyer, { area: EU_AREA, cartId })).order;

    const found = await getOrder(tokens.buyer, { area: EU_AREA, cartId });
    expect(expectOk(getEndpoint, found)).toEqual({ order: placed });

    const foreign = await getOrder(tokens.other, { area: EU_AREA, cartId });
    expect(expectError(getEndpoint, foreign, 404, 'NotFoundException')).toMatchObject({ error: 'Not Found' });

    const missing = await getOrder(tokens.buyer, { area: EU_AREA });
    expect(expectError(getEndpoint, missing, 400, 'MissingParameterException').message).toBe(
      'The parameter cartId must be defined and cannot be null.',
    );
    expectError(getEndpoint, await getOrder(null, { area: EU_AREA, cartId }), 401, 'UnauthorizedException');
  });
});

// Last: it places an order, which reserves stock the tests above count on.
describe('CreateOrderByCartId with the reviewed cartVersion (ADR 035)', () => {
  it('refuses a cart changed since the reviewed cartVersion (409 CartHasBeenModified): nothing placed, lines kept', async () => {
    const cartId = await createBuyerCart();
    const reviewed = expectOk(
      cartEndpoints.getCartById,
      await callEndpoint(testApp.app, cartEndpoints.getCartById, {
        token: tokens.buyer,
        body: { area: EU_AREA, cartId },
      }),
    ).cart;
    // Another tab adds a line after the buyer reviewed the order.
    const changed = expectOk(
      cartEndpoints.addOrUpdateLines,
      await callEndpoint(testApp.app, cartEndpoints.addOrUpdateLines, {
        token: tokens.buyer,
        body: {
          area: EU_AREA,
          cartId,
          lines: [{ productKey: { productId: 'O-100', variantId: 'O-100-01' }, quantity: 1 }],
        },
      }),
    ).cart;
    const stale = await createOrder(tokens.buyer, { area: EU_AREA, cartId, cartVersion: reviewed.version });
    expectError(createEndpoint, stale, 409, 'CartHasBeenModifiedException');
    expect(await findCartRow(testApp.db, cartId)).toMatchObject({ status: 'open', version: changed.version });
    expectError(getEndpoint, await getOrder(tokens.buyer, { area: EU_AREA, cartId }), 404, 'NotFoundException');

    // Reviewed again: placed; a replay with the old version (a double submit) answers the same order.
    const placed = expectOk(
      createEndpoint,
      await createOrder(tokens.buyer, { area: EU_AREA, cartId, cartVersion: changed.version }),
      201,
    );
    expect(placed.order.lines.find((line) => line.productKey.variantId === 'O-100-01')?.quantity).toBe(3);
    const replay = expectOk(
      createEndpoint,
      await createOrder(tokens.buyer, { area: EU_AREA, cartId, cartVersion: reviewed.version }),
      200,
    );
    expect(replay).toMatchObject({ isNew: false, order: { orderId: placed.order.orderId } });
  });
});
