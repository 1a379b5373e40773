/**
 * /api/CustomerCenter/GetOrders, GetOrdersWithPagination and GetOrder against a real database: orders placed through
 * CreateOrderByCartId, scoped to the caller's customer.
 */
import { missingParameterMessage } from '@b2b/contract';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { orders } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type Buyer, createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;
const tokens = { buyer: '', colleague: '', other: '', staff: '' };
/** Orders as CreateOrderByCartId answered them, oldest first. */
const placed: Array<{ orderId: string; orderNumber: string; reference: string | null; totalNetPrice: number }> = [];
let otherOrderId = '';

async function placeOrder(placedBy: Buyer, reference: string | null) {
  const cartId = await createCartWithLines(
    testApp.db,
    placedBy,
    [
      { productId: 'C-100', variantId: 'C-100-01', quantity: 2 },
      { productId: 'C-100', variantId: 'C-100-02', quantity: 5 },
    ],
    { reference },
  );
  const endpoint = orderEndpoints.createOrderByCartId;
  const response = await callEndpoint(testApp.app, endpoint, {
    token: placedBy.token,
    body: { area: EU_AREA, cartId },
  });
  return expectOk(endpoint, response).order;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500 });
  await createProduct(db, 'C-100', ['C-100-01', 'C-100-02']);
  await setPrice(db, { productId: 'C-100', currencyCode: 'EUR', unitPriceMinor: 12_345 });
  await setStock(db, 'C-100-01', 100);
  await setStock(db, 'C-100-02', 1);

  buyer = await createBuyer(testApp, { username: 'cc-buyer', address: true });
  const colleague = await createBuyer(testApp, { username: 'cc-colleague', existingCustomer: buyer.customer });
  const other = await createBuyer(testApp, { username: 'cc-other' });
  tokens.buyer = buyer.token;
  tokens.colleague = colleague.token;
  tokens.other = other.token;
  tokens.staff = (await createStaff(testApp, { username: 'cc-staff' })).token;

  for (const [index, reference] of ['PO-100', 'PO-101', null, 'PO_1%', 'PO-104'].entries()) {
    const order = await placeOrder(index === 2 ? colleague : buyer, reference);
    placed.push(order);
    // Distinct, known order dates: 1 to 5 March 2026.
    await db
      .update(orders)
      .set({ createdAt: sql`${`2026-03-0${index + 1}T10:00:00Z`}::timestamptz` })
      .where(eq(orders.id, order.orderId));
  }
  otherOrderId = (await placeOrder(other, 'PO-100')).orderId;
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/CustomerCenter/GetOrders', () => {
  const endpoint = customerCenterEndpoints.getOrders;
  const getOrders = (token: string | null, body: unknown) => callEndpoint(testApp.app, endpoint, { token, body });

  it("lists the customer's orders newest first, also a colleague's, never another customer's", async () => {
    const { orders: list, totalCount } = expectOk(endpoint, await getOrders(tokens.buyer, { area: EU_AREA }));
    expect(totalCount).toBe(5);
    expect(list.map((order) => order.orderNumber)).toEqual([...placed].reverse().map((order) => order.orderNumber));
    expect(list.map((order) => order.orderId)).not.toContain(otherOrderId);
    expect(list[2]).toMatchObject({ placedBy: 'Name of cc-colleague', reference: null });
    expect(list[0]).toMatchObject({
      orderId: placed[4]?.orderId,
      placedAt: '2026-03-05T10:00:00.000Z',
      placedBy: 'Name of cc-buyer',
      status: 'Placed',
      reference: 'PO-104',
      lineCount: 2,
      currencyCode: 'EUR',
      totalNetPrice: placed[4]?.totalNetPrice,
      isBackorder: true,
    });
  });

  it('filters by order number or reference text (pattern characters taken literally) and by dates', async () => {
    const numbers = async (body: object) =>
      expectOk(endpoint, await getOrders(tokens.buyer, { area: EU_AREA, ...body })).orders.map(
        (order) => order.orderNumber,
      );
    expect(await numbers({ search: 'po-10' })).toEqual([placed[4], placed[1], placed[0]].map((o) => o?.orderNumber));
    expect(await numbers({ search: '_1%' })).toEqual([placed[3]?.orderNumber]);
    expect(await numbers({ search: placed[1]?.orderNumber })).toEqual([placed[1]?.orderNumber]);
    expect(await numbers({ placedFrom: '2026-03-02', placedTo: '2026-03-03' })).toEqual(
      [placed[2], placed[1]].map((o) => o?.orderNumber),
    );
    expect(await numbers({ placedTo: '2026-03-01' })).toEqual([placed[0]?.orderNumber]);
  });

  it('answers 400 for bad filters and unknown fields, 401 anonymous, 403 without a customer', async () => {
    const bad = [
      { area: EU_AREA, placedFrom: '2026-13-01' },
      { area: EU_AREA, placedFrom: '2026-03-05', placedTo: '2026-03-01' },
      { area: EU_AREA, search: 'x'.repeat(101) },
      { area: EU_AREA, customerId: buyer.customerId },
      {},
    ];
    for (const body of bad) {
      const error = expectError(endpoint, await getOrders(tokens.buyer, body), 400);
      expect(error.errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expectError(endpoint, await getOrders(null, { area: EU_AREA }), 401);
    expectError(endpoint, await getOrders(tokens.staff, { area: EU_AREA }), 403);
  });
});

describe('POST /api/CustomerCenter/GetOrdersWithPagination', () => {
  const endpoint = customerCenterEndpoints.getOrdersWithPagination;
  const getPage = (query: Record<string, string | number>) =>
    callEndpoint(testApp.app, endpoint, { token: tokens.buyer, query, body: { area: EU_AREA } });

  it('pages through the orders with the total and the page count', async () => {
    const page = async (query: Record<string, string | number>) => expectOk(endpoint, await getPage(query));
    const first = await page({ pageSize: 2, pageNr: 1 });
    expect(first).toMatchObject({ totalCount: 5, pageNr: 1, pageSize: 2, pageCount: 3 });
    expect(first.orders.map((order) => order.orderId)).toEqual([placed[4]?.orderId, placed[3]?.orderId]);
    const last = await page({ pageSize: 2, pageNr: 3 });
    expect(last.orders.map((order) => order.orderId)).toEqual([placed[0]?.orderId]);
    const beyond = await page({ pageSize: 2, pageNr: 9 });
    expect(beyond).toMatchObject({ orders: [], totalCount: 5, pageNr: 9, pageCount: 3 });
    expect(await page({ pageSize: 20, pageNr: 1 })).toMatchObject({ pageNr: 1, pageSize: 20, pageCount: 1 });
  });

  it('answers 400 "The parameter … must be defined and cannot be null." without pageSize or pageNr (spec §5)', async () => {
    for (const [query, missing] of [
      [{ pageNr: 1 }, 'pageSize'],
      [{ pageSize: 2 }, 'pageNr'],
      [{ pageSize: '', pageNr: 1 }, 'pageSize'],
    ] as const) {
      const error = expectError(endpoint, await getPage(query), 400);
      expect(error.message, JSON.stringify(query)).toBe(missingParameterMessage(missing));
    }
  });

  it('answers 400 naming the query parameter for sizes out of bounds', async () => {
    const outOfBounds: Array<[field: string, query: Record<string, string | number>]> = [
      ['pageSize', { pageSize: 0 }],
      ['pageSize', { pageSize: 1000 }],
      ['pageNr', { pageNr: 0 }],
      ['pageNr', { pageNr: 'abc' }],
      ['extra', { pageSize: 2, extra: 1 }],
    ];
    for (const [field, query] of outOfBounds) {
      const error = expectError(endpoint, await getPage(query), 400);
      expect(
        error.errors?.map((fieldError) => fieldError.field),
        JSON.stringify(query),
      ).toContain(field);
    }
  });
});

describe('POST /api/CustomerCenter/GetOrder', () => {
  const endpoint = customerCenterEndpoints.getOrder;
  const getOrder = (orderId: string | undefined) =>
    callEndpoint(testApp.app, endpoint, { token: tokens.buyer, body: { area: EU_AREA, orderId } });

  it('answers the order with its lines as CreateOrderByCartId did, and who placed it', async () => {
    const { order } = expectOk(endpoint, await getOrder(placed[0]?.orderId));
    const { timeline, ...orderWithoutTimeline } = order;
    expect({ ...orderWithoutTimeline, placedAt: undefined, placedBy: undefined }).toEqual({
      ...placed[0],
      placedAt: undefined,
    });
    expect(order.placedBy).toBe('Name of cc-buyer');
    // A new order's timeline is its placing alone (ADR 014).
    expect(timeline).toEqual([{ kind: 'Placed', at: order.placedAt, byName: 'Name of cc-buyer', assistedBy: null }]);
    expect(order.lines).toHaveLength(2);
  });

  it("answers 404 for another customer's order and for an unknown id, 400 for a malformed one", async () => {
    const foreign = expectError(endpoint, await getOrder(otherOrderId), 404, 'NotFoundException');
    expect(JSON.stringify(foreign)).not.toContain('PO-100');
    expectError(endpoint, await getOrder('00000000-0000-4000-8000-000000000000'), 404);
    const malformed = expectError(endpoint, await getOrder('SO-000001'), 400);
    expect(malformed.errors?.[0]?.field).toBe('orderId');
  });
});
