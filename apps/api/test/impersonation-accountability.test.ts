/**
 * Accountability of sales impersonation (ADR 013) against a real database: every write a rep makes for a customer
 * is recorded as an action of the session, with the rep; the customer's own writes record nothing; an order the rep
 * places says so (GetOrderByCartId, the customer center, the confirmation mail); the customer's "Assisted sessions"
 * and the back office list the sessions with their actions, each only to whom it belongs.
 */

import type { EndpointDefinition } from '@b2b/contract/endpoint';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { paymentEndpoints } from '@b2b/contract/endpoints/payment';
import { impersonationActions, impersonationSessions, mailOutbox } from '@b2b/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type PaymentProviderDouble, startPaymentProviderDouble } from './support/payment-provider-double.ts';
import { createBuyer, createRep, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let double: PaymentProviderDouble;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const customer = { id: '', customerNo: '', name: 'Alpine Boardshop GmbH' };
const rep = { id: '', username: 'acc-rep', name: 'Sam Lindqvist' };
const tokens = { buyer: '', other: '', rep: '', staff: '', impersonation: '' };
let sessionId = '';
let addressId = '';
const PRODUCT = 'ACC-100-01 (Product ACC-100)';
const PRODUCT_KEY = { productId: 'ACC-100', variantId: 'ACC-100-01' };

beforeAll(async () => {
  double = await startPaymentProviderDouble();
  testApp = await createTestApp({
    PAYMENT_PROVIDER_URL: double.url,
    PAYMENT_PROVIDER_SECRET: double.secret,
    PAYMENT_RETURN_BASE_URL: 'http://shop.test',
    STOREFRONT_URL: 'http://shop.test/',
  });
  const { db } = testApp;
  await setVatRates(db, { eu: 2500 });
  await createProduct(db, 'ACC-100', ['ACC-100-01']);
  await setPrice(db, { productId: 'ACC-100', currencyCode: 'EUR', unitPriceMinor: 61_725 });
  await setStock(db, 'ACC-100-01', 100);

  const buyer = await createBuyer(testApp, {
    username: 'acc-buyer',
    customer: { areaId: 'eu', name: customer.name },
    address: true,
  });
  Object.assign(customer, { id: buyer.customerId, customerNo: buyer.customer.customerNumber });
  addressId = buyer.address.addressId;
  tokens.buyer = buyer.token;
  tokens.other = (await createBuyer(testApp, { username: 'acc-other' })).token;
  tokens.staff = (await createStaff(testApp, { username: 'acc-staff' })).token;
  const repUser = await createRep(testApp, [buyer.customerId], { username: rep.username, name: rep.name });
  rep.id = repUser.userId;
  tokens.rep = repUser.token;
  const impersonated = expectOk(
    impersonationEndpoints.impersonate,
    await callEndpoint(testApp.app, impersonationEndpoints.impersonate, {
      token: tokens.rep,
      body: { customerNo: customer.customerNo, area: EU_AREA, reason: 'phone order' },
    }),
  );
  tokens.impersonation = impersonated.token;
  sessionId = impersonated.sessionId;
});

afterAll(async () => {
  await testApp?.close();
  await double?.close();
});

/** Calls the endpoint and returns its parsed success answer (fails the test on anything else). */
async function ok<E extends EndpointDefinition>(endpoint: E, token: string, body: unknown) {
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token, body }));
}

async function allActions() {
  return testApp.db
    .select({
      sessionId: impersonationActions.sessionId,
      kind: impersonationActions.kind,
      summary: impersonationActions.summary,
      salesUserId: impersonationSessions.salesUserId,
    })
    .from(impersonationActions)
    .innerJoin(impersonationSessions, eq(impersonationSessions.id, impersonationActions.sessionId))
    .orderBy(asc(impersonationActions.createdAt), asc(impersonationActions.id));
}

/** The actions recorded while `write` ran. */
async function actionsOf(write: () => Promise<unknown>) {
  const before = (await allActions()).length;
  await write();
  return (await allActions()).slice(before);
}

/** The cart writes a customer makes before checkout, run with `token`; returns the cart id. */
async function fillAndPrepareCart(token: string) {
  const steps: Array<{ call: () => Promise<unknown>; kind: string; summary: string | RegExp }> = [];
  let cartId = '';
  let lineId = '';
  steps.push({
    call: async () => {
      cartId = (await ok(cartEndpoints.createCart, token, { area: EU_AREA })).cart.cartId;
    },
    kind: 'Cart.CreateCart',
    summary: 'Started a new cart',
  });
  const add =
    (quantity: number, overrideExistingQuantity = false) =>
    async () => {
      const { cart } = await ok(cartEndpoints.addOrUpdateLines, token, {
        area: EU_AREA,
        cartId,
        overrideExistingQuantity,
        lines: [{ productKey: PRODUCT_KEY, quantity }],
      });
      lineId = cart.lines[0]?.id ?? '';
    };
  steps.push({ call: add(2), kind: 'Cart.AddOrUpdateLines', summary: `Added 2 × ${PRODUCT}` });
  steps.push({ call: add(5, true), kind: 'Cart.AddOrUpdateLines', summary: `Changed ${PRODUCT} from 2 to 5` });
  steps.push({
    call: () => ok(cartEndpoints.updateLineQuantity, token, { area: EU_AREA, cartId, line: { lineId, quantity: 3 } }),
    kind: 'Cart.UpdateLineQuantity',
    summary: `Changed ${PRODUCT} from 5 to 3`,
  });
  steps.push({
    call: () => ok(cartEndpoints.deleteLines, token, { area: EU_AREA, cartId, lineIds: [lineId] }),
    kind: 'Cart.DeleteLines',
    summary: `Removed 3 × ${PRODUCT}`,
  });
  steps.push({ call: add(1), kind: 'Cart.AddOrUpdateLines', summary: `Added 1 × ${PRODUCT}` });
  steps.push({
    call: () => ok(cartEndpoints.emptyCart, token, { area: EU_AREA, cartId }),
    kind: 'Cart.EmptyCart',
    summary: 'Emptied the cart (1 line removed)',
  });
  steps.push({ call: add(2), kind: 'Cart.AddOrUpdateLines', summary: `Added 2 × ${PRODUCT}` });
  steps.push({
    call: () =>
      ok(cartEndpoints.setShipping, token, {
        area: EU_AREA,
        cartId,
        shippingAddress: { addressId },
        shippingMethod: { shippingMethodId: 'eu-standard' },
      }),
    kind: 'Cart.SetShipping',
    summary:
      'Set the ship-to address to Main warehouse, Harbour Street 12, 1050 Copenhagen, DK; ' +
      'Set the shipping method to Standard freight',
  });
  steps.push({
    call: () =>
      ok(cartEndpoints.setPayment, token, { area: EU_AREA, cartId, paymentMethod: { paymentMethodId: 'invoice' } }),
    kind: 'Cart.SetPayment',
    summary: 'Set the payment method to Payment on account (invoice)',
  });
  steps.push({
    call: () => ok(cartEndpoints.setOrderFields, token, { area: EU_AREA, cartId, reference: 'PO-4711', comment: '' }),
    kind: 'Cart.SetOrderFields',
    summary: 'Set the reference to PO-4711; Cleared the comment',
  });
  return { steps, cartIdOf: () => cartId };
}

describe('every write under an impersonation token is an action of the session, with the rep', () => {
  let repCartId = '';

  it('records each cart and checkout write, in order, with a sentence for people', async () => {
    const { steps, cartIdOf } = await fillAndPrepareCart(tokens.impersonation);
    for (const step of steps) {
      const recorded = await actionsOf(step.call);
      expect(recorded, step.kind).toEqual([{ sessionId, kind: step.kind, summary: step.summary, salesUserId: rep.id }]);
    }
    repCartId = cartIdOf();
  });

  it('records the order placed, and the order keeps the session: GetOrderByCartId names the rep', async () => {
    let placed: { orderNumber: string; assistedBy: unknown } | undefined;
    const recorded = await actionsOf(async () => {
      placed = (
        await ok(orderEndpoints.createOrderByCartId, tokens.impersonation, { area: EU_AREA, cartId: repCartId })
      ).order;
    });
    // 2 × 617.25 = 1,234.50; the order is above the free-freight threshold.
    expect(recorded).toEqual([
      {
        sessionId,
        kind: 'Order.CreateOrderByCartId',
        summary: `Placed order ${placed?.orderNumber} (EUR 1,234.50 excl. VAT)`,
        salesUserId: rep.id,
      },
    ]);
    expect(placed?.assistedBy).toEqual({ salesPersonName: rep.name, sessionId });
    const again = await ok(orderEndpoints.getOrderByCartId, tokens.impersonation, { area: EU_AREA, cartId: repCartId });
    expect(again.order.assistedBy).toEqual({ salesPersonName: rep.name, sessionId });
  });

  it('shows the customer who placed the order (customer center) and tells the buyers in the confirmation mail', async () => {
    const { order } = await ok(orderEndpoints.getOrderByCartId, tokens.impersonation, {
      area: EU_AREA,
      cartId: repCartId,
    });
    const seen = await ok(customerCenterEndpoints.getOrder, tokens.buyer, { area: EU_AREA, orderId: order.orderId });
    expect(seen.order).toMatchObject({ placedBy: rep.name, assistedBy: { salesPersonName: rep.name, sessionId } });
    const list = await ok(customerCenterEndpoints.getOrders, tokens.buyer, { area: EU_AREA });
    expect(list.orders.find((summary) => summary.orderId === order.orderId)?.assistedBy).toEqual({
      salesPersonName: rep.name,
      sessionId,
    });

    const mails = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId));
    expect(mails.map((mail) => mail.toAddress)).toEqual(['acc-buyer@example.test']);
    expect(mails[0]?.textBody).toContain('Dear Name of acc-buyer,');
    expect(mails[0]?.textBody).toContain(`Placed by ${rep.name} (sales rep) for ${customer.name}.`);
  });

  it('records a card payment the rep starts; the paid order, placed when the browser comes back, names the rep', async () => {
    const cartId = (await ok(cartEndpoints.createCart, tokens.impersonation, { area: EU_AREA })).cart.cartId;
    await ok(cartEndpoints.addOrUpdateLines, tokens.impersonation, {
      area: EU_AREA,
      cartId,
      lines: [{ productKey: PRODUCT_KEY, quantity: 1 }],
    });
    await ok(cartEndpoints.setPayment, tokens.impersonation, {
      area: EU_AREA,
      cartId,
      paymentMethod: { paymentMethodId: 'card' },
    });
    let paymentId = '';
    const recorded = await actionsOf(async () => {
      paymentId = (await ok(paymentEndpoints.createPaymentIntent, tokens.impersonation, { area: EU_AREA, cartId }))
        .paymentId;
    });
    // 617.25 (free freight above 500.00), + 25 % VAT (154.31) = 771.56.
    expect(recorded).toEqual([
      {
        sessionId,
        kind: 'Payment.CreatePaymentIntent',
        summary: 'Started a card payment of EUR 771.56 incl. VAT',
        salesUserId: rep.id,
      },
    ]);

    // The customer pays at the provider (on the rep's screen); the provider sends the browser back without a token.
    const intent = double.intentOfReference(paymentId);
    double.settle(intent?.id ?? '', 'succeeded');
    const back = await callEndpoint(testApp.app, paymentEndpoints.verifyPaymentRedirect, {
      params: { area: 'eu', paymentId },
    });
    expectOk(paymentEndpoints.verifyPaymentRedirect, back);
    expect(back.headers.location).toBe(`http://shop.test/checkout/receipt?cartId=${cartId}`);
    const { order } = await ok(orderEndpoints.getOrderByCartId, tokens.impersonation, { area: EU_AREA, cartId });
    expect(order.assistedBy).toEqual({ salesPersonName: rep.name, sessionId });
  });

  it('records nothing for a write that fails (the action shares its transaction)', async () => {
    const cartId = (await ok(cartEndpoints.createCart, tokens.impersonation, { area: EU_AREA })).cart.cartId;
    const recorded = await actionsOf(async () => {
      const response = await callEndpoint(testApp.app, cartEndpoints.addOrUpdateLines, {
        token: tokens.impersonation,
        body: {
          area: EU_AREA,
          cartId,
          lines: [
            { productKey: PRODUCT_KEY, quantity: 1 },
            { productKey: { productId: 'NO-SUCH-PRODUCT' }, quantity: 1 },
          ],
        },
      });
      expectError(cartEndpoints.addOrUpdateLines, response, 400);
    });
    expect(recorded).toEqual([]);
  });
});

describe("the customer's own writes", () => {
  it('record nothing, and the order names no rep', async () => {
    const { steps, cartIdOf } = await fillAndPrepareCart(tokens.buyer);
    let order: { orderId: string; assistedBy: unknown } | undefined;
    const recorded = await actionsOf(async () => {
      for (const step of steps) await step.call();
      order = (await ok(orderEndpoints.createOrderByCartId, tokens.buyer, { area: EU_AREA, cartId: cartIdOf() })).order;
    });
    expect(recorded).toEqual([]);
    expect(order?.assistedBy).toBeNull();
    const mails = await testApp.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order?.orderId ?? ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).not.toContain('sales rep');
  });
});

/** Paged lists name their page (spec §5). */
const FIRST_PAGE = { pageSize: 20, pageNr: 1 };

describe('POST /api/CustomerCenter/GetAssistedSessions', () => {
  const endpoint = impersonationEndpoints.getAssistedSessions;

  it("lists the sessions of the caller's customer, newest first, with the rep, the reason and the actions", async () => {
    const { sessions, totalCount } = await ok(endpoint, tokens.buyer, { area: EU_AREA, ...FIRST_PAGE });
    expect(totalCount).toBe(1);
    const [session] = sessions;
    expect(session).toMatchObject({
      sessionId,
      salesPerson: { name: rep.name, username: rep.username },
      customer: { customerNo: customer.customerNo, name: customer.name },
      reason: 'phone order',
      endedAt: null,
      endReason: null,
    });
    expect(session?.actions.map((action) => action.kind)).toEqual([
      'Cart.CreateCart',
      'Cart.AddOrUpdateLines',
      'Cart.AddOrUpdateLines',
      'Cart.UpdateLineQuantity',
      'Cart.DeleteLines',
      'Cart.AddOrUpdateLines',
      'Cart.EmptyCart',
      'Cart.AddOrUpdateLines',
      'Cart.SetShipping',
      'Cart.SetPayment',
      'Cart.SetOrderFields',
      'Order.CreateOrderByCartId',
      'Cart.CreateCart',
      'Cart.AddOrUpdateLines',
      'Cart.SetPayment',
      'Payment.CreatePaymentIntent',
      'Order.CreateOrderByCartId',
      'Cart.CreateCart',
    ]);
    expect(session?.actions[1]?.summary).toBe(`Added 2 × ${PRODUCT}`);
  });

  it('shows nothing to another customer, and refuses anonymous callers and staff without a customer', async () => {
    expect(await ok(endpoint, tokens.other, { area: EU_AREA, ...FIRST_PAGE })).toEqual({
      sessions: [],
      totalCount: 0,
      pageNr: 1,
      pageSize: 20,
    });
    const anonymous = await callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA } });
    expectError(endpoint, anonymous, 401, 'UnauthorizedException');
    const staff = await callEndpoint(testApp.app, endpoint, {
      token: tokens.staff,
      body: { area: EU_AREA, ...FIRST_PAGE },
    });
    expectError(endpoint, staff, 403, 'ForbiddenException');
  });

  it('says how each session ended (by the rep, or by expiry) and pages, newest first', async () => {
    expectOk(
      impersonationEndpoints.endImpersonation,
      await callEndpoint(testApp.app, impersonationEndpoints.endImpersonation, {
        token: tokens.impersonation,
        body: {},
      }),
    );
    // A second session, never ended, whose 8 hours are over.
    const second = await ok(impersonationEndpoints.impersonate, tokens.rep, {
      customerNo: customer.customerNo,
      area: EU_AREA,
      reason: 'visit',
    });
    const expiredAt = new Date(Date.now() - 60_000);
    await testApp.db
      .update(impersonationSessions)
      .set({ expiresAt: expiredAt })
      .where(eq(impersonationSessions.id, second.sessionId));

    const firstPage = await ok(endpoint, tokens.buyer, { area: EU_AREA, pageSize: 1, pageNr: 1 });
    expect(firstPage).toMatchObject({ totalCount: 2, pageNr: 1, pageSize: 1 });
    expect(firstPage.sessions).toEqual([
      expect.objectContaining({
        sessionId: second.sessionId,
        reason: 'visit',
        endReason: 'expired',
        endedAt: expiredAt.toISOString(),
        actions: [],
      }),
    ]);
    const secondPage = await ok(endpoint, tokens.buyer, { area: EU_AREA, pageSize: 1, pageNr: 2 });
    expect(secondPage.sessions.map((session) => [session.sessionId, session.endReason])).toEqual([
      [sessionId, 'ended'],
    ]);
    expect(secondPage.sessions[0]?.endedAt).not.toBeNull();
  });

  it('refuses a bad page size with 400 naming the field', async () => {
    const response = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      body: { area: EU_AREA, pageSize: 0, pageNr: 1 },
    });
    expect(expectError(endpoint, response, 400).errors?.[0]?.field).toBe('pageSize');
  });

  it('requires pageSize and pageNr (spec §5)', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { token: tokens.buyer, body: { area: EU_AREA } });
    const refused = expectError(endpoint, response, 400);
    expect(refused.errors).toEqual([
      { field: 'pageSize', message: 'must be defined and cannot be null' },
      { field: 'pageNr', message: 'must be defined and cannot be null' },
    ]);
  });
});

describe('GET /backoffice/api/Impersonation/GetSessions', () => {
  const endpoint = impersonationEndpoints.getSessions;
  const get = (token: string | null, query: Record<string, string | number> = {}) =>
    callEndpoint(testApp.app, endpoint, { token, query: { ...FIRST_PAGE, ...query } });

  it('lists every session with its actions, filtered by customer number and by the rep', async () => {
    // Unfiltered, the list also holds the demo seed's sessions (all before the seed's reference date): these two lead.
    const all = expectOk(endpoint, await get(tokens.staff));
    expect(all.totalCount).toBeGreaterThan(2);
    expect(all.sessions.slice(0, 2).map((session) => session.salesPerson.username)).toEqual([
      rep.username,
      rep.username,
    ]);
    expect(all.sessions[1]?.actions).toHaveLength(18);

    const byCustomer = expectOk(endpoint, await get(tokens.staff, { customerNo: customer.customerNo }));
    expect(byCustomer.totalCount).toBe(2);
    const byRep = expectOk(endpoint, await get(tokens.staff, { salesUsername: 'ACC-REP', pageSize: 1 }));
    expect(byRep).toMatchObject({ totalCount: 2, pageSize: 1 });
    expect(byRep.sessions).toHaveLength(1);
    const nobody = expectOk(endpoint, await get(tokens.staff, { salesUsername: 'acc-buyer' }));
    expect(nobody).toMatchObject({ sessions: [], totalCount: 0 });
    const otherCustomer = expectOk(endpoint, await get(tokens.staff, { customerNo: '99999' }));
    expect(otherCustomer.totalCount).toBe(0);
  });

  it('is for the back office only: a customer, a rep and anonymous callers are refused', async () => {
    expectError(endpoint, await get(tokens.buyer), 403, 'ForbiddenException');
    expectError(endpoint, await get(tokens.rep), 403, 'ForbiddenException');
    expectError(endpoint, await get(null), 401, 'UnauthorizedException');
  });

  it('refuses a malformed customer number with 400 naming the field', async () => {
    const response = await get(tokens.staff, { customerNo: 'no spaces allowed' });
    expect(expectError(endpoint, response, 400).errors?.[0]?.field).toBe('customerNo');
  });
});
