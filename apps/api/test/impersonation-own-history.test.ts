/**
 * A sales rep's own history (issue 24, ADR 013) against a real database: GetOwnImpersonationSessions and
 * GetOwnAssistedOrders list the calling rep's sessions and the orders placed in them, across the rep's customers,
 * newest first and paged; another rep's sessions and orders, and the customers' own orders, never appear.
 */

import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { type AddressSnapshot, impersonationSessions } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createAddress, createCustomer, createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer, createRep, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const alpine = { id: '', customerNo: '', name: 'Alpine Boardshop GmbH' };
const fjord = { id: '', customerNo: '', name: 'Fjord Surf & Ski AS' };
const reps = { own: { id: '', token: '' }, other: { id: '', token: '' } };
const tokens = { buyer: '', staff: '' };
/** The sessions of the rep under test, in the order they were started. */
const sessions = { alpineOrder: '', fjordVisit: '', alpineRunning: '' };
let repOrder: Awaited<ReturnType<typeof placeOrder>>;
let otherRepOrderId = '';
let buyerOrderId = '';
let addressSnapshot: AddressSnapshot;

const FIRST_PAGE = { area: EU_AREA, pageSize: 20, pageNr: 1 };

async function impersonate(repToken: string, customerNo: string, reason: string) {
  return expectOk(
    impersonationEndpoints.impersonate,
    await callEndpoint(testApp.app, impersonationEndpoints.impersonate, {
      token: repToken,
      body: { customerNo, area: EU_AREA, reason },
    }),
  );
}

/** Places an order of 3 × OWN-100-01 (€123.45 each, shipped by standard freight) for the customer with `token`. */
async function placeOrder(token: string, owner: { customerId: string; userId: string }) {
  const cartId = await createCartWithLines(
    testApp.db,
    owner,
    [{ productId: 'OWN-100', variantId: 'OWN-100-01', quantity: 3 }],
    { shippingAddress: addressSnapshot, shippingMethodId: 'eu-standard', reference: 'PO-77' },
  );
  const created = expectOk(
    orderEndpoints.createOrderByCartId,
    await callEndpoint(testApp.app, orderEndpoints.createOrderByCartId, { token, body: { area: EU_AREA, cartId } }),
  );
  return created.order;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500 });
  await createProduct(db, 'OWN-100', ['OWN-100-01']);
  await setPrice(db, { productId: 'OWN-100', currencyCode: 'EUR', unitPriceMinor: 12_345 });
  await setStock(db, 'OWN-100-01', 100);

  const buyer = await createBuyer(testApp, {
    username: 'own-buyer',
    customer: { areaId: 'eu', name: alpine.name },
    address: true,
  });
  Object.assign(alpine, { id: buyer.customerId, customerNo: buyer.customer.customerNumber });
  addressSnapshot = buyer.address;
  const fjordRow = await createCustomer(db, { areaId: 'eu', name: fjord.name });
  Object.assign(fjord, { id: fjordRow.id, customerNo: fjordRow.customerNumber });
  await createAddress(db, fjord.id);
  tokens.buyer = buyer.token;
  tokens.staff = (await createStaff(testApp, { username: 'own-staff' })).token;
  const ownRep = await createRep(testApp, [alpine.id, fjord.id], { username: 'own-rep' });
  const otherRep = await createRep(testApp, [alpine.id], { username: 'own-other-rep' });
  Object.assign(reps.own, { id: ownRep.userId, token: ownRep.token });
  Object.assign(reps.other, { id: otherRep.userId, token: otherRep.token });

  // The rep orders for Alpine and ends; visits Fjord (nothing written; replaced by the next); acts for Alpine again.
  const alpineOrder = await impersonate(reps.own.token, alpine.customerNo, 'phone order');
  sessions.alpineOrder = alpineOrder.sessionId;
  repOrder = await placeOrder(alpineOrder.token, { customerId: alpine.id, userId: reps.own.id });
  expectOk(
    impersonationEndpoints.endImpersonation,
    await callEndpoint(testApp.app, impersonationEndpoints.endImpersonation, { token: alpineOrder.token, body: {} }),
  );
  sessions.fjordVisit = (await impersonate(reps.own.token, fjord.customerNo, 'visit')).sessionId;
  sessions.alpineRunning = (await impersonate(reps.own.token, alpine.customerNo, 'follow-up')).sessionId;
  // Started one after the other within milliseconds: spread them out so "newest first" is beyond doubt.
  for (const [index, id] of [sessions.alpineOrder, sessions.fjordVisit, sessions.alpineRunning].entries()) {
    await db
      .update(impersonationSessions)
      .set({ startedAt: new Date(Date.now() - (3 - index) * 60_000) })
      .where(eq(impersonationSessions.id, id));
  }

  // Another rep orders for the same customer; the customer orders for itself.
  const otherSession = await impersonate(reps.other.token, alpine.customerNo, 'other rep’s call');
  otherRepOrderId = (await placeOrder(otherSession.token, { customerId: alpine.id, userId: reps.other.id })).orderId;
  buyerOrderId = (await placeOrder(tokens.buyer, buyer)).orderId;
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/User/GetOwnImpersonationSessions', () => {
  const endpoint = impersonationEndpoints.getOwnImpersonationSessions;
  const call = (token: string | null, body: unknown) => callEndpoint(testApp.app, endpoint, { token, body });

  it("lists the rep's own sessions across customers, newest first, with their actions and orders counted", async () => {
    const answer = expectOk(endpoint, await call(reps.own.token, FIRST_PAGE));
    expect(answer).toMatchObject({ totalCount: 3, pageNr: 1, pageSize: 20 });
    expect(
      answer.sessions.map((session) => ({
        sessionId: session.sessionId,
        customer: session.customer,
        reason: session.reason,
        endReason: session.endReason,
        isRunning: session.endedAt === null,
        orderCount: session.orderCount,
      })),
    ).toEqual([
      {
        sessionId: sessions.alpineRunning,
        customer: { customerNo: alpine.customerNo, name: alpine.name },
        reason: 'follow-up',
        endReason: null,
        isRunning: true,
        orderCount: 0,
      },
      {
        sessionId: sessions.fjordVisit,
        customer: { customerNo: fjord.customerNo, name: fjord.name },
        reason: 'visit',
        endReason: 'replaced',
        isRunning: false,
        orderCount: 0,
      },
      {
        sessionId: sessions.alpineOrder,
        customer: { customerNo: alpine.customerNo, name: alpine.name },
        reason: 'phone order',
        endReason: 'ended',
        isRunning: false,
        orderCount: 1,
      },
    ]);
    // The order was the session's one write (the cart was put in place by the test).
    expect(answer.sessions.map((session) => session.actionCount)).toEqual([0, 0, 1]);
  });

  it('answers the same while the rep acts for a customer (the impersonation token names the rep)', async () => {
    const acting = await impersonate(reps.own.token, fjord.customerNo, 'check');
    const answer = expectOk(endpoint, await call(acting.token, FIRST_PAGE));
    expect(answer.totalCount).toBe(4);
    expect(answer.sessions[0]).toMatchObject({ sessionId: acting.sessionId, endedAt: null });
    expect(answer.sessions[1]).toMatchObject({ sessionId: sessions.alpineRunning, endReason: 'replaced' });
  });

  it('pages: one session a page, newest first', async () => {
    const second = expectOk(endpoint, await call(reps.own.token, { ...FIRST_PAGE, pageSize: 1, pageNr: 2 }));
    expect(second).toMatchObject({ totalCount: 4, pageNr: 2, pageSize: 1 });
    expect(second.sessions.map((session) => session.sessionId)).toEqual([sessions.alpineRunning]);
    const beyond = expectOk(endpoint, await call(reps.own.token, { ...FIRST_PAGE, pageNr: 9 }));
    expect(beyond).toMatchObject({ sessions: [], totalCount: 4 });
  });

  it("shows another rep only their own session, never this rep's", async () => {
    const answer = expectOk(endpoint, await call(reps.other.token, FIRST_PAGE));
    expect(answer.totalCount).toBe(1);
    expect(answer.sessions).toEqual([
      expect.objectContaining({ reason: 'other rep’s call', orderCount: 1, actionCount: 1 }),
    ]);
  });

  it('is for sales reps: a customer and back-office staff get 403, anonymous callers 401', async () => {
    expectError(endpoint, await call(tokens.buyer, FIRST_PAGE), 403, 'ForbiddenException');
    expectError(endpoint, await call(tokens.staff, FIRST_PAGE), 403, 'ForbiddenException');
    expectError(endpoint, await call(null, FIRST_PAGE), 401, 'UnauthorizedException');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const tooLarge = expectError(endpoint, await call(reps.own.token, { ...FIRST_PAGE, pageSize: 101 }), 400);
    expect(tooLarge.errors?.[0]?.field).toBe('pageSize');
    const missing = expectError(endpoint, await call(reps.own.token, { area: EU_AREA, pageSize: 20 }), 400);
    expect(missing.errors?.[0]?.field).toBe('pageNr');
    // A rep id of the caller's choosing is not a field: the list is always the caller's.
    const foreignRep = expectError(
      endpoint,
      await call(reps.own.token, { ...FIRST_PAGE, salesUserId: reps.other.id }),
      400,
      'ValidationException',
    );
    expect(foreignRep.message).toContain('salesUserId');
  });
});

describe('POST /api/User/GetOwnAssistedOrders', () => {
  const endpoint = impersonationEndpoints.getOwnAssistedOrders;
  const call = (token: string | null, body: unknown) => callEndpoint(testApp.app, endpoint, { token, body });

  it('lists the orders the rep placed while acting, with customer, total and state', async () => {
    const answer = expectOk(endpoint, await call(reps.own.token, FIRST_PAGE));
    expect(answer).toEqual({
      orders: [
        {
          orderId: repOrder.orderId,
          orderNumber: repOrder.orderNumber,
          sessionId: sessions.alpineOrder,
          customer: { customerNo: alpine.customerNo, name: alpine.name },
          placedAt: repOrder.placedAt,
          status: 'Placed',
          reference: 'PO-77',
          currencyCode: 'EUR',
          totalNetPrice: repOrder.totalNetPrice,
        },
      ],
      totalCount: 1,
      pageNr: 1,
      pageSize: 20,
    });
    // 3 × €123.45 = €370.35, and the freight
    const freight = repOrder.shippingFee.priceWithoutVat;
    expect(Math.round((answer.orders[0]?.totalNetPrice ?? 0) * 100)).toBe(37_035 + Math.round(freight * 100));
  });

  it("never lists another rep's orders or the customer's own", async () => {
    const own = expectOk(endpoint, await call(reps.own.token, FIRST_PAGE));
    expect(own.orders.map((order) => order.orderId)).not.toContain(otherRepOrderId);
    expect(own.orders.map((order) => order.orderId)).not.toContain(buyerOrderId);
    const other = expectOk(endpoint, await call(reps.other.token, FIRST_PAGE));
    expect(other.orders.map((order) => order.orderId)).toEqual([otherRepOrderId]);
  });

  it('pages: a page beyond the last is empty, with the true total', async () => {
    const beyond = expectOk(endpoint, await call(reps.own.token, { ...FIRST_PAGE, pageSize: 1, pageNr: 2 }));
    expect(beyond).toEqual({ orders: [], totalCount: 1, pageNr: 2, pageSize: 1 });
  });

  it('is for sales reps: a customer and back-office staff get 403, anonymous callers 401', async () => {
    expectError(endpoint, await call(tokens.buyer, FIRST_PAGE), 403, 'ForbiddenException');
    expectError(endpoint, await call(tokens.staff, FIRST_PAGE), 403, 'ForbiddenException');
    expectError(endpoint, await call(null, FIRST_PAGE), 401, 'UnauthorizedException');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const zero = expectError(endpoint, await call(reps.own.token, { ...FIRST_PAGE, pageNr: 0 }), 400);
    expect(zero.errors?.[0]?.field).toBe('pageNr');
    const noArea = expectError(endpoint, await call(reps.own.token, { pageSize: 20, pageNr: 1 }), 400);
    expect(noArea.errors?.[0]?.field).toBe('area');
  });
});
