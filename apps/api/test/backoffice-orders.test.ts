/**
 * Back-office order and invoice calls (ADR 014, issue 28): GetBySearch, GetById, UpdateOrderState, SendReceiptCopy,
 * CreateCreditMemo, RegisterInvoicePayment, and the audit entry each write records in its transaction. Orders are
 * placed through CreateOrderByCartId, so stock reservations and totals are the real ones; every answer is read
 * through the endpoint definitions.
 */
import { BACKOFFICE_ORDER_COUNT_LIMIT } from '@b2b/contract';
import { backofficeOrderEndpoints } from '@b2b/contract/endpoints/backoffice-order';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import {
  auditEntries,
  creditMemoLines,
  creditMemos,
  customers,
  invoiceLines,
  invoices,
  mailOutbox,
  orderStateChanges,
  orders,
} from '@b2b/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines, findStock, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type BuyerWithAddress, createBuyer, createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: BuyerWithAddress;
let staff: SignedInUser;
const PAYMENT_TERMS_DAYS = 14;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  await createProduct(db, 'BO-100', ['BO-100-01', 'BO-100-02']);
  await createProduct(db, 'BO-200', ['BO-200-01']);
  // Prices chosen so that VAT is not a whole cent per unit: rounding per line matters.
  await setPrice(db, { productId: 'BO-100', currencyCode: 'EUR', unitPriceMinor: 1999 });
  await setPrice(db, { productId: 'BO-200', currencyCode: 'EUR', unitPriceMinor: 333 });
  await setStock(db, 'BO-100-01', 1000);
  await setStock(db, 'BO-100-02', 10);
  await setStock(db, 'BO-200-01', 1000);

  buyer = await createBuyer(testApp, {
    username: 'bo-buyer',
    customer: { areaId: 'eu', name: 'Backoffice Test Customer' },
    address: true,
  });
  await db.update(customers).set({ paymentTermsDays: PAYMENT_TERMS_DAYS }).where(eq(customers.id, buyer.customerId));
  staff = await createStaff(testApp, { username: 'bo-staff' });
});

afterAll(async () => {
  await testApp?.close();
});

/** Places an order for the buyer (the test's own unless named) through CreateOrderByCartId and answers its id. */
async function placeOrder(
  lines: Array<{ productId: string; variantId: string; quantity: number }> = [
    { productId: 'BO-100', variantId: 'BO-100-01', quantity: 3 },
    { productId: 'BO-200', variantId: 'BO-200-01', quantity: 7 },
  ],
  orderingBuyer: BuyerWithAddress = buyer,
): Promise<string> {
  const cartId = await createCartWithLines(testApp.db, orderingBuyer, lines, {
    shippingAddress: orderingBuyer.address,
    shippingMethodId: 'eu-standard',
    reference: 'PO-BO-1',
  });
  const response = await callEndpoint(testApp.app, orderEndpoints.createOrderByCartId, {
    token: orderingBuyer.token,
    body: { area: EU_AREA, cartId },
  });
  return expectOk(orderEndpoints.createOrderByCartId, response).order.orderId;
}

const updateState = documentsEndpoints.updateOrderState;

function moveOrder(orderId: string, state: string, note?: string, token = staff.token) {
  return callEndpoint(testApp.app, updateState, { token, body: { orderId, state, ...(note ? { note } : {}) } });
}

/** Moves an order along the given states, asserting each move succeeds. */
async function moveAlong(orderId: string, states: string[]) {
  for (const state of states) expectOk(updateState, await moveOrder(orderId, state));
}

async function invoiceOf(orderId: string) {
  const [invoice] = await testApp.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) throw new Error(`order ${orderId} has no invoice`);
  return invoice;
}

describe('who may call the back-office order calls', () => {
  it('answers 403 to a customer and 401 without a token, for every call', async () => {
    const orderId = await placeOrder();
    const calls = [
      { endpoint: updateState, body: { orderId, state: 'Processing' } },
      { endpoint: documentsEndpoints.sendReceiptCopy, body: { orderId, email: 'x@example.test' } },
      { endpoint: documentsEndpoints.createCreditMemo, body: { invoiceId: UNKNOWN_ID, amount: 1, reason: 'r' } },
      { endpoint: documentsEndpoints.registerInvoicePayment, body: { invoiceId: UNKNOWN_ID } },
    ];
    for (const { endpoint, body } of calls) {
      expectError(endpoint, await callEndpoint(testApp.app, endpoint, { token: buyer.token, body }), 403);
      expectError(endpoint, await callEndpoint(testApp.app, endpoint, { body }), 401);
    }
    const [order] = await testApp.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('Placed');
  });
});

describe('POST /backoffice/api/Order/UpdateOrderState', () => {
  it('moves an order through its life, records who did it, and the customer sees it in the timeline', async () => {
    const orderId = await placeOrder();
    const processing = expectOk(updateState, await moveOrder(orderId, 'Processing', 'Picking today'));
    expect(processing).toMatchObject({ orderId, previousState: 'Placed', state: 'Processing', invoice: null });
    await moveAlong(orderId, ['PartlyShipped', 'Shipped']);
    const invoiced = expectOk(updateState, await moveOrder(orderId, 'Invoiced'));
    expect(invoiced.invoice?.invoiceNumber).toMatch(/^INV-\d{6,}$/);
    await moveAlong(orderId, ['Completed']);

    const changes = await testApp.db
      .select()
      .from(orderStateChanges)
      .where(eq(orderStateChanges.orderId, orderId))
      .orderBy(asc(orderStateChanges.createdAt));
    expect(changes.map((change) => [change.fromStatus, change.toStatus, change.changedByUserId])).toEqual([
      ['Placed', 'Processing', staff.userId],
      ['Processing', 'PartlyShipped', staff.userId],
      ['PartlyShipped', 'Shipped', staff.userId],
      ['Shipped', 'Invoiced', staff.userId],
      ['Invoiced', 'Completed', staff.userId],
    ]);

    const { order } = expectOk(
      customerCenterEndpoints.getOrder,
      await callEndpoint(testApp.app, customerCenterEndpoints.getOrder, {
        token: buyer.token,
        body: { area: EU_AREA, orderId },
      }),
    );
    expect(order.status).toBe('Completed');
    expect(order.timeline.map((entry) => entry.kind)).toEqual([
      'Placed',
      'StateChanged',
      'StateChanged',
      'StateChanged',
      'StateChanged',
      'Invoiced',
      'StateChanged',
    ]);
    expect(order.timeline[1]).toMatchObject({
      from: 'Placed',
      to: 'Processing',
      byName: 'Name of bo-staff',
      note: 'Picking today',
    });
    expect(order.timeline[5]).toMatchObject({ kind: 'Invoiced', invoiceNumber: invoiced.invoice?.invoiceNumber });
  });

  it('refuses an illegal move with 409 naming the allowed states, and changes nothing', async () => {
    const orderId = await placeOrder();
    const refused = expectError(
      updateState,
      await moveOrder(orderId, 'Invoiced'),
      409,
      'IllegalOrderStateTransitionException',
    );
    expect(refused.errors).toEqual([
      { field: 'state', message: 'Processing' },
      { field: 'state', message: 'Cancelled' },
    ]);
    expect(refused.message).toContain('Placed');
    const [order] = await testApp.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('Placed');
    expect(await testApp.db.select().from(orderStateChanges).where(eq(orderStateChanges.orderId, orderId))).toEqual([]);
    expect(await testApp.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);

    // A finished order cannot move at all: the allowed list is empty.
    await moveAlong(orderId, ['Cancelled']);
    const finished = expectError(updateState, await moveOrder(orderId, 'Processing'), 409);
    expect(finished.errors ?? []).toEqual([]);
    expect(expectError(updateState, await moveOrder(orderId, 'Cancelled'), 409).errors ?? []).toEqual([]);
  });

  it('answers 404 for an unknown order and 400 naming the field for a state that does not exist', async () => {
    expectError(updateState, await moveOrder(UNKNOWN_ID, 'Processing'), 404, 'NotFoundException');
    const orderId = await placeOrder();
    const bad = expectError(updateState, await moveOrder(orderId, 'Lost'), 400);
    expect(bad.errors?.[0]?.field).toBe('state');
  });

  it('gives back the reserved stock when an order is cancelled', async () => {
    await setStock(testApp.db, 'BO-100-02', 10, 2);
    const orderId = await placeOrder([
      { productId: 'BO-100', variantId: 'BO-100-02', quantity: 3 },
      { productId: 'BO-100', variantId: 'BO-100-01', quantity: 1 },
    ]);
    expect((await findStock(testApp.db, 'BO-100-02'))?.quantityReserved).toBe(5);
    const reservedBefore = (await findStock(testApp.db, 'BO-100-01'))?.quantityReserved ?? 0;

    await moveAlong(orderId, ['Processing', 'Cancelled']);
    expect((await findStock(testApp.db, 'BO-100-02'))?.quantityReserved).toBe(2);
    expect((await findStock(testApp.db, 'BO-100-01'))?.quantityReserved).toBe(reservedBefore - 1);
  });

  it('invoices the order exactly: its lines and shipping at the order VAT rate, due after the payment terms', async () => {
    const orderId = await placeOrder();
    await moveAlong(orderId, ['Processing', 'Shipped']);
    const answer = expectOk(updateState, await moveOrder(orderId, 'Invoiced'));
    const [order] = await testApp.db.select().from(orders).where(eq(orders.id, orderId));
    const invoice = await invoiceOf(orderId);
    const lines = await testApp.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.sortOrder));

    expect(invoice.invoiceNumber).toMatch(/^INV-\d{6,}$/);
    expect(invoice.linkId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(invoice.createdByUserId).toBe(staff.userId);
    expect(invoice.vatRateBasisPoints).toBe(2500);
    expect(invoice.billToAddress).toMatchObject({ addressId: buyer.address.addressId });
    const dueTime = Date.parse(`${invoice.invoiceDate}T00:00:00Z`) + PAYMENT_TERMS_DAYS * 86_400_000;
    expect(invoice.dueDate).toBe(new Date(dueTime).toISOString().slice(0, 10));

    // 3 × 19.99 = 59.97 (VAT 14.9925 → 14.99), 7 × 3.33 = 23.31 (VAT 5.8275 → 5.83), the area's small-order
    // surcharge of 9.95 (the goods are below its threshold; VAT 2.4875 → 2.49), then the shipping fee.
    expect(lines.map((line) => [line.type, line.quantity, line.lineNetMinor, line.lineVatMinor])).toEqual([
      ['Product', 3, 5997, 1499],
      ['Product', 7, 2331, 583],
      ['Generated', 1, 995, 249],
      ['ShippingFee', 1, order?.shippingFeeMinor, Math.round(((order?.shippingFeeMinor ?? 0) * 25) / 100)],
    ]);
    expect(invoice.totalNetMinor).toBe(order?.totalNetMinor);
    expect(invoice.totalVatMinor).toBe(order?.totalVatMinor);
    expect(invoice.totalWithVatMinor).toBe(order?.totalWithVatMinor);
    expect(lines.reduce((sum, line) => sum + line.lineNetMinor + line.lineVatMinor, 0)).toBe(invoice.totalWithVatMinor);

    expect(answer.invoice).toMatchObject({
      invoiceId: invoice.id,
      linkId: invoice.linkId,
      invoiceNumber: invoice.invoiceNumber,
      status: 'open',
      openAmount: (order?.totalWithVatMinor ?? 0) / 100,
      total: {
        priceWithVat: (order?.totalWithVatMinor ?? 0) / 100,
        priceWithoutVat: (order?.totalNetMinor ?? 0) / 100,
      },
    });
  });
});

describe('POST /backoffice/api/Order/SendReceiptCopy', () => {
  const endpoint = documentsEndpoints.sendReceiptCopy;

  it('puts a copy of the confirmation into the outbox to the address, naming who asked for it', async () => {
    const orderId = await placeOrder();
    const response = await callEndpoint(testApp.app, endpoint, {
      token: staff.token,
      body: { orderId, email: 'accounts@customer.example' },
    });
    expectOk(endpoint, response);
    const [order] = await testApp.db.select().from(orders).where(eq(orders.id, orderId));
    const copies = await testApp.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'accounts@customer.example'));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ kind: 'order-confirmation-copy', orderId, requestedByUserId: staff.userId });
    expect(copies[0]?.subject).toBe(`Copy: Order confirmation ${order?.orderNumber}`);
    expect(copies[0]?.textBody).toContain('PO-BO-1');
  });

  it('answers 404 for an unknown order and 400 naming the field for a bad address', async () => {
    const unknown = await callEndpoint(testApp.app, endpoint, {
      token: staff.token,
      body: { orderId: UNKNOWN_ID, email: 'a@example.test' },
    });
    expectError(endpoint, unknown, 404, 'NotFoundException');
    const orderId = await placeOrder();
    const bad = await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { orderId, email: 'not-mail' } });
    expect(expectError(endpoint, bad, 400).errors?.[0]?.field).toBe('email');
  });
});

describe('POST /backoffice/api/Order/CreateCreditMemo', () => {
  const endpoint = documentsEndpoints.createCreditMemo;

  async function invoicedOrder() {
    const orderId = await placeOrder();
    await moveAlong(orderId, ['Processing', 'Shipped', 'Invoiced']);
    const invoice = await invoiceOf(orderId);
    const lines = await testApp.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.sortOrder));
    return { invoice, lines };
  }

  function credit(body: unknown) {
    return callEndpoint(testApp.app, endpoint, { token: staff.token, body });
  }

  it('credits units of a line, never more than are left on it', async () => {
    const { invoice, lines } = await invoicedOrder();
    const first = lines[0];
    if (!first) throw new Error('no line');
    const answer = expectOk(
      endpoint,
      await credit({ invoiceId: invoice.id, lines: [{ invoiceLineId: first.id, quantity: 2 }], reason: 'Damaged' }),
    );
    // 2 of 3 units of 59.97: 39.98, its VAT once on the memo's net (ADR 018): 9.995 → 10.00.
    expect(answer.creditMemo).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      reason: 'Damaged',
      total: { priceWithoutVat: 39.98, priceWithVat: 49.98 },
      lines: [{ invoiceLineId: first.id, quantity: 2, amount: { priceWithoutVat: 39.98, priceWithVat: 49.98 } }],
      vat: { treatment: 'domestic', ratePercent: 25, label: 'VAT 25 %', note: null },
    });
    expect(answer.creditMemo.creditMemoNumber).toMatch(/^CM-\d{6,}$/);
    const [stored] = await testApp.db
      .select()
      .from(creditMemos)
      .where(eq(creditMemos.id, answer.creditMemo.creditMemoId));
    expect(stored?.createdByUserId).toBe(staff.userId);

    const tooMany = await credit({
      invoiceId: invoice.id,
      lines: [{ invoiceLineId: first.id, quantity: 2 }],
      reason: 'x',
    });
    expect(expectError(endpoint, tooMany, 409, 'CreditExceedsInvoiceException').message).toContain('Only 1');
    // The last unit takes exactly what is left of the line, 19.99, and the VAT of all credited so far less what the
    // first memo took: 14.99 (25 % of 59.97, 14.9925) − 10.00 = 4.99.
    const last = expectOk(
      endpoint,
      await credit({ invoiceId: invoice.id, lines: [{ invoiceLineId: first.id, quantity: 1 }], reason: 'Damaged' }),
    );
    expect(last.creditMemo.total).toEqual({ priceWithoutVat: 19.99, priceWithVat: 24.98 });
  });

  it('credits an amount with VAT at the invoice rate, never more than is left on the invoice', async () => {
    const { invoice } = await invoicedOrder();
    const tooMuch = await credit({ invoiceId: invoice.id, amount: invoice.totalNetMinor / 100 + 0.01, reason: 'x' });
    expectError(endpoint, tooMuch, 409, 'CreditExceedsInvoiceException');

    const part = expectOk(endpoint, await credit({ invoiceId: invoice.id, amount: 10.01, reason: 'Goodwill' }));
    // 10.01 + 25 % = 2.5025 → 2.50.
    expect(part.creditMemo.total).toEqual({ priceWithoutVat: 10.01, priceWithVat: 12.51 });
    expect(part.creditMemo.lines).toMatchObject([
      { invoiceLineId: null, quantity: null, description: 'Amount credited' },
    ]);

    const rest = (invoice.totalNetMinor - 1001) / 100;
    expectOk(endpoint, await credit({ invoiceId: invoice.id, amount: rest, reason: 'Goodwill' }));
    expectError(endpoint, await credit({ invoiceId: invoice.id, amount: 0.01, reason: 'x' }), 409);

    const memos = await testApp.db.select().from(creditMemos).where(eq(creditMemos.invoiceId, invoice.id));
    expect(memos.reduce((sum, memo) => sum + memo.totalNetMinor, 0)).toBe(invoice.totalNetMinor);
    expect(memos.reduce((sum, memo) => sum + memo.totalVatMinor, 0)).toBe(invoice.totalVatMinor);
  });

  it('answers 400 naming the field for a line of another invoice, both lines and amount, or neither', async () => {
    const { invoice } = await invoicedOrder();
    const other = await invoicedOrder();
    const foreignLine = other.lines[0]?.id ?? UNKNOWN_ID;
    const foreign = await credit({
      invoiceId: invoice.id,
      lines: [{ invoiceLineId: foreignLine, quantity: 1 }],
      reason: 'x',
    });
    expect(expectError(endpoint, foreign, 400).errors?.[0]?.field).toBe('lines');
    const both = await credit({
      invoiceId: invoice.id,
      lines: [{ invoiceLineId: foreignLine, quantity: 1 }],
      amount: 1,
      reason: 'x',
    });
    expect(expectError(endpoint, both, 400).errors?.[0]?.field).toBe('lines');
    expect(expectError(endpoint, await credit({ invoiceId: invoice.id, reason: 'x' }), 400).errors?.[0]?.field).toBe(
      'lines',
    );
    const cents = await credit({ invoiceId: invoice.id, amount: 1.001, reason: 'x' });
    expect(expectError(endpoint, cents, 400).errors?.[0]?.field).toBe('amount');
    const noReason = await credit({ invoiceId: invoice.id, amount: 1, reason: ' ' });
    expect(expectError(endpoint, noReason, 400).errors?.[0]?.field).toBe('reason');
    expectError(endpoint, await credit({ invoiceId: UNKNOWN_ID, amount: 1, reason: 'x' }), 404, 'NotFoundException');
    expect(await testApp.db.select().from(creditMemos).where(eq(creditMemos.invoiceId, invoice.id))).toEqual([]);
  });

  it('never credits more than the invoice when credits arrive at the same time', async () => {
    const { invoice } = await invoicedOrder();
    // Each asks for 30 % of the net: at most three fit.
    const amount = Math.floor(invoice.totalNetMinor * 0.3) / 100;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => credit({ invoiceId: invoice.id, amount, reason: 'Concurrent' })),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    for (const response of responses) {
      if (response.statusCode === 201) expectOk(endpoint, response);
      else expectError(endpoint, response, 409, 'CreditExceedsInvoiceException');
    }
    expect(created).toHaveLength(3);
    const memos = await testApp.db.select().from(creditMemos).where(eq(creditMemos.invoiceId, invoice.id));
    expect(memos.reduce((sum, memo) => sum + memo.totalWithVatMinor, 0)).toBeLessThanOrEqual(invoice.totalWithVatMinor);
    const lineCount = await testApp.db.select().from(creditMemoLines);
    expect(lineCount.length).toBeGreaterThanOrEqual(3);
  });
});

describe('POST /backoffice/api/Order/RegisterInvoicePayment', () => {
  const endpoint = documentsEndpoints.registerInvoicePayment;

  it('marks an invoice paid once, recording who and when', async () => {
    const orderId = await placeOrder();
    await moveAlong(orderId, ['Processing', 'Shipped', 'Invoiced']);
    const invoice = await invoiceOf(orderId);
    const paidAt = '2026-05-04T09:30:00.000Z';
    const answer = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { invoiceId: invoice.id, paidAt } }),
    );
    expect(answer.invoice).toMatchObject({ invoiceId: invoice.id, status: 'paid', openAmount: 0 });
    expect(Date.parse(answer.invoice.paidAt ?? '')).toBe(Date.parse(paidAt));
    const stored = await invoiceOf(orderId);
    expect(stored.paidByUserId).toBe(staff.userId);

    const again = await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { invoiceId: invoice.id } });
    expectError(endpoint, again, 409, 'ConflictException');
    expect((await invoiceOf(orderId)).paidAt?.toISOString()).toBe(paidAt);
    const unknown = await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { invoiceId: UNKNOWN_ID } });
    expectError(endpoint, unknown, 404, 'NotFoundException');
  });
});

/** The audit entries of one object, oldest first. */
async function auditEntriesOf(objectType: string, objectId: string) {
  return testApp.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, objectType), eq(auditEntries.objectId, objectId)))
    .orderBy(asc(auditEntries.occurredAt), asc(auditEntries.summary));
}

async function orderNumberOf(orderId: string): Promise<string> {
  const [order] = await testApp.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  return order.orderNumber;
}

describe('audit entries of the back-office order and invoice writes', () => {
  it('records each state move with who made it and the state before and after', async () => {
    const orderId = await placeOrder();
    const orderNumber = await orderNumberOf(orderId);
    expectOk(updateState, await moveOrder(orderId, 'Processing', 'Picking today'));
    await moveAlong(orderId, ['Shipped']);
    const invoiced = expectOk(updateState, await moveOrder(orderId, 'Invoiced'));

    const entries = await auditEntriesOf('order', orderNumber);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after, entry.actorUserId])).toEqual([
      [
        'state-change',
        { state: 'Placed' },
        { state: 'Processing', note: 'Picking today', invoiceNumber: null },
        staff.userId,
      ],
      ['state-change', { state: 'Processing' }, { state: 'Shipped', note: null, invoiceNumber: null }, staff.userId],
      [
        'state-change',
        { state: 'Shipped' },
        { state: 'Invoiced', note: null, invoiceNumber: invoiced.invoice?.invoiceNumber },
        staff.userId,
      ],
    ]);
    expect(entries[0]?.summary).toBe(`Order ${orderNumber}: Placed → Processing — Picking today`);
    expect(entries[0]?.actorUsername).toBe('bo-staff');
  });

  it('records one entry when two staff make the same move at once: the second is refused', async () => {
    const orderId = await placeOrder();
    const answers = await Promise.all([moveOrder(orderId, 'Processing'), moveOrder(orderId, 'Processing')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const entries = await auditEntriesOf('order', await orderNumberOf(orderId));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['state-change', { state: 'Placed' }, { state: 'Processing', note: null, invoiceNumber: null }],
    ]);
  });

  it('writes no entry for a refused move', async () => {
    const orderId = await placeOrder();
    expectError(updateState, await moveOrder(orderId, 'Invoiced'), 409, 'IllegalOrderStateTransitionException');
    expect(await auditEntriesOf('order', await orderNumberOf(orderId))).toEqual([]);
  });

  it('records a receipt copy with its address', async () => {
    const orderId = await placeOrder();
    const orderNumber = await orderNumberOf(orderId);
    const endpoint = documentsEndpoints.sendReceiptCopy;
    const answer = await callEndpoint(testApp.app, endpoint, {
      token: staff.token,
      body: { orderId, email: 'accounts@example.test' },
    });
    expect(answer.statusCode).toBe(204);
    const entries = await auditEntriesOf('order', orderNumber);
    expect(entries.map((entry) => [entry.action, entry.summary, entry.after])).toEqual([
      [
        'send-receipt-copy',
        `Order ${orderNumber}: receipt copy to accounts@example.test`,
        { to: 'accounts@example.test' },
      ],
    ]);
  });

  it('records a credit memo with the credited amounts before and after, and nothing for a refused one', async () => {
    const orderId = await placeOrder();
    await moveAlong(orderId, ['Processing', 'Shipped', 'Invoiced']);
    const invoice = await invoiceOf(orderId);
    const endpoint = documentsEndpoints.createCreditMemo;
    const memo = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, {
        token: staff.token,
        body: { invoiceId: invoice.id, amount: 10.01, reason: 'Goodwill' },
      }),
    );
    const tooMuch = await callEndpoint(testApp.app, endpoint, {
      token: staff.token,
      body: { invoiceId: invoice.id, amount: invoice.totalNetMinor / 100, reason: 'Too much' },
    });
    expectError(endpoint, tooMuch, 409, 'CreditExceedsInvoiceException');

    const entries = await auditEntriesOf('invoice', invoice.invoiceNumber);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'credit',
      actorUserId: staff.userId,
      summary: `Invoice ${invoice.invoiceNumber}: credit memo ${memo.creditMemo.creditMemoNumber} over EUR 12.51 incl. VAT — Goodwill`,
      before: { creditedNetMinor: 0, creditedVatMinor: 0 },
      after: {
        creditMemoNumber: memo.creditMemo.creditMemoNumber,
        creditedNetMinor: 1001,
        creditedVatMinor: 250,
        amount: 10.01,
        lines: null,
        reason: 'Goodwill',
      },
    });
  });

  it('records a payment with its amount and reference; a wrong amount is refused naming what is open', async () => {
    const orderId = await placeOrder();
    await moveAlong(orderId, ['Processing', 'Shipped', 'Invoiced']);
    const invoice = await invoiceOf(orderId);
    const endpoint = documentsEndpoints.registerInvoicePayment;
    const open = invoice.totalWithVatMinor / 100;

    const wrong = await callEndpoint(testApp.app, endpoint, {
      token: staff.token,
      body: { invoiceId: invoice.id, amount: open - 1, reference: 'Bank 2026-05-04' },
    });
    const error = expectError(endpoint, wrong, 400);
    expect(error.errors?.[0]?.field).toBe('amount');
    expect(error.errors?.[0]?.message).toContain(`must be what is open on ${invoice.invoiceNumber}`);
    expect((await invoiceOf(orderId)).paidAt).toBeNull();
    expect(await auditEntriesOf('invoice', invoice.invoiceNumber)).toEqual([]);

    const paidAt = '2026-05-04T09:30:00.000Z';
    const paid = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, {
        token: staff.token,
        body: { invoiceId: invoice.id, paidAt, amount: open, reference: 'Bank 2026-05-04' },
      }),
    );
    expect(paid.invoice.status).toBe('paid');
    const entries = await auditEntriesOf('invoice', invoice.invoiceNumber);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['payment', { paidAt: null, openAmount: open }, { paidAt, amount: open, reference: 'Bank 2026-05-04' }],
    ]);
    const unknownField = await callEndpoint(testApp.app, endpoint, {
      token: staff.token,
      body: { invoiceId: invoice.id, paidOn: paidAt },
    });
    expect(expectError(endpoint, unknownField, 400).errors?.[0]).toEqual({
      field: 'paidOn',
      message: 'is not a known field',
    });
  });
});

describe('POST /backoffice/api/Order/GetBySearch', () => {
  const endpoint = backofficeOrderEndpoints.getOrdersBySearch;
  /** The orders of this block, by a name: their customers are the only ones named "Searchable …". */
  const placed: Record<'alpha1' | 'alpha2' | 'alpha3' | 'beta1', { id: string; number: string }> = {
    alpha1: { id: '', number: '' },
    alpha2: { id: '', number: '' },
    alpha3: { id: '', number: '' },
    beta1: { id: '', number: '' },
  };
  let alpha: BuyerWithAddress;
  let beta: BuyerWithAddress;

  function search(body: Record<string, unknown>, token = staff.token) {
    return callEndpoint(testApp.app, endpoint, { token, body });
  }
  async function numbersFound(body: Record<string, unknown>) {
    const answer = expectOk(endpoint, await search({ customer: 'Searchable', ...body }));
    return answer.orders.map((row) => row.orderNumber);
  }

  beforeAll(async () => {
    alpha = await createBuyer(testApp, {
      username: 'bo-search-alpha',
      customer: { areaId: 'eu', name: 'Searchable Alpha Tools' },
      address: true,
    });
    beta = await createBuyer(testApp, {
      username: 'bo-search-beta',
      customer: { areaId: 'eu', name: 'Searchable Beta Supplies' },
      address: true,
    });
    const one = [{ productId: 'BO-200', variantId: 'BO-200-01', quantity: 1 }];
    for (const [name, who] of [
      ['alpha1', alpha],
      ['alpha2', alpha],
      ['alpha3', alpha],
      ['beta1', beta],
    ] as const) {
      const id = await placeOrder(one, who);
      placed[name] = { id, number: await orderNumberOf(id) };
    }
    // Dates, totals, an area and a state of their own, so each filter has something to tell apart.
    const setOrder = (name: keyof typeof placed, values: Partial<typeof orders.$inferInsert>) =>
      testApp.db.update(orders).set(values).where(eq(orders.id, placed[name].id));
    await setOrder('alpha1', { createdAt: new Date('2026-03-01T10:00:00Z'), totalWithVatMinor: 10_000 });
    await setOrder('alpha2', { createdAt: new Date('2026-03-02T23:30:00Z'), totalWithVatMinor: 25_050 });
    await setOrder('alpha3', {
      createdAt: new Date('2026-03-03T00:30:00Z'),
      totalWithVatMinor: 99_999,
      areaId: 'us',
      currencyCode: 'USD',
    });
    await setOrder('beta1', { createdAt: new Date('2026-03-04T08:00:00Z'), totalWithVatMinor: 5_000 });
    await moveAlong(placed.alpha2.id, ['Processing', 'Shipped', 'Invoiced']);
    await moveAlong(placed.beta1.id, ['Cancelled']);
  });

  it('answers newest first with every column of the row and the count', async () => {
    const answer = expectOk(endpoint, await search({ customer: 'Searchable' }));
    expect(answer.orders.map((row) => row.orderNumber)).toEqual([
      placed.beta1.number,
      placed.alpha3.number,
      placed.alpha2.number,
      placed.alpha1.number,
    ]);
    expect(answer).toMatchObject({ totalCount: 4, isTotalCountCapped: false, pageNr: 1, pageSize: 25, pageCount: 1 });
    expect(answer.orders[2]).toEqual({
      orderId: placed.alpha2.id,
      orderNumber: placed.alpha2.number,
      customerNumber: alpha.customer.customerNumber,
      customerName: 'Searchable Alpha Tools',
      areaId: 'eu',
      placedAt: '2026-03-02T23:30:00.000Z',
      state: 'Invoiced',
      currencyCode: 'EUR',
      totalWithVat: 250.5,
      isPlacedByRep: false,
      isInvoiced: true,
    });
    expect(answer.orders[0]).toMatchObject({ state: 'Cancelled', isInvoiced: false, totalWithVat: 50 });
  });

  it('filters by the beginning of the number, with or without SO-', async () => {
    expect(await numbersFound({ orderNumber: placed.alpha1.number })).toEqual([placed.alpha1.number]);
    expect(await numbersFound({ orderNumber: placed.alpha1.number.slice(3).toLowerCase() })).toEqual([
      placed.alpha1.number,
    ]);
    // Every order number begins with SO-0 in a test database.
    expect(await numbersFound({ orderNumber: 'SO-0' })).toHaveLength(4);
    expect(await numbersFound({ orderNumber: 'SO-9' })).toEqual([]);
  });

  it('filters by the customer number or name, case-insensitive, and by one or several states', async () => {
    expect(await numbersFound({ customer: 'searchable beta' })).toEqual([placed.beta1.number]);
    const byNumber = expectOk(endpoint, await search({ customer: alpha.customer.customerNumber.toLowerCase() }));
    expect(byNumber.orders.map((row) => row.orderNumber)).toEqual([
      placed.alpha3.number,
      placed.alpha2.number,
      placed.alpha1.number,
    ]);
    expect(await numbersFound({ states: ['Cancelled'] })).toEqual([placed.beta1.number]);
    expect(await numbersFound({ states: ['Invoiced', 'Cancelled'] })).toEqual([
      placed.beta1.number,
      placed.alpha2.number,
    ]);
  });

  it('filters by placing day (UTC, both ends inclusive), total with VAT, currency and area', async () => {
    expect(await numbersFound({ placedFrom: '2026-03-02', placedTo: '2026-03-02' })).toEqual([placed.alpha2.number]);
    expect(await numbersFound({ placedFrom: '2026-03-03' })).toEqual([placed.beta1.number, placed.alpha3.number]);
    expect(await numbersFound({ placedTo: '2026-03-01' })).toEqual([placed.alpha1.number]);
    expect(await numbersFound({ totalMin: 100, totalMax: 250.5 })).toEqual([
      placed.alpha2.number,
      placed.alpha1.number,
    ]);
    expect(await numbersFound({ totalMin: 250.51 })).toEqual([placed.alpha3.number]);
    expect(await numbersFound({ currencyCode: 'USD' })).toEqual([placed.alpha3.number]);
    expect(await numbersFound({ areaId: 'us' })).toEqual([placed.alpha3.number]);
    expect(await numbersFound({ areaId: 'eu', totalMax: 100 })).toEqual([placed.beta1.number, placed.alpha1.number]);
  });

  it('sorts by each column in both directions', async () => {
    const { alpha1, alpha2, alpha3, beta1 } = placed;
    expect(await numbersFound({ sortBy: 'placedAt', sortDirection: 'asc' })).toEqual([
      alpha1.number,
      alpha2.number,
      alpha3.number,
      beta1.number,
    ]);
    expect(await numbersFound({ sortBy: 'total', sortDirection: 'asc' })).toEqual([
      beta1.number,
      alpha1.number,
      alpha2.number,
      alpha3.number,
    ]);
    expect(await numbersFound({ sortBy: 'total', sortDirection: 'desc' })).toEqual([
      alpha3.number,
      alpha2.number,
      alpha1.number,
      beta1.number,
    ]);
    // Customer by name, then newest first within a customer.
    expect(await numbersFound({ sortBy: 'customer', sortDirection: 'desc' })).toEqual([
      beta1.number,
      alpha3.number,
      alpha2.number,
      alpha1.number,
    ]);
    // States in the order of an order's life: Placed, …, Invoiced, …, Cancelled.
    expect(await numbersFound({ sortBy: 'state', sortDirection: 'asc' })).toEqual([
      alpha3.number,
      alpha1.number,
      alpha2.number,
      beta1.number,
    ]);
    const byNumber = [alpha1.number, alpha2.number, alpha3.number, beta1.number];
    expect(await numbersFound({ sortBy: 'orderNumber', sortDirection: 'asc' })).toEqual(byNumber);
    expect(await numbersFound({ sortBy: 'orderNumber', sortDirection: 'desc' })).toEqual([...byNumber].reverse());
  });

  it('pages through the matches with the count of all of them', async () => {
    const first = expectOk(endpoint, await search({ customer: 'Searchable', pageSize: 3 }));
    const second = expectOk(endpoint, await search({ customer: 'Searchable', pageSize: 3, pageNr: 2 }));
    expect(first).toMatchObject({ totalCount: 4, pageCount: 2, pageNr: 1, pageSize: 3 });
    expect(first.orders).toHaveLength(3);
    expect(second.orders.map((row) => row.orderNumber)).toEqual([placed.alpha1.number]);
    const beyond = expectOk(endpoint, await search({ customer: 'Searchable', pageSize: 3, pageNr: 3 }));
    expect(beyond).toMatchObject({ orders: [], totalCount: 4, pageCount: 2 });
  });

  it('counts up to 10,000 matches and then says there are more', async () => {
    const many = await createBuyer(testApp, {
      username: 'bo-search-many',
      customer: { areaId: 'eu', name: 'Countless Orders Ltd' },
    });
    // 10,001 orders written at once (a cart each: orders.cart_id is unique), as the bench writes its 100,000.
    await testApp.db.execute(sql`
      insert into carts (id, customer_id, created_by_user_id, area_id, currency_code, status)
      select md5('count-cap-' || g)::uuid, ${many.customerId}, ${many.userId}, 'eu', 'EUR', 'checked_out'
        from generate_series(1, 10001) g`);
    await testApp.db.execute(sql`
      insert into orders (cart_id, customer_id, placed_by_user_id, area_id, currency_code, vat_rate_basis_points,
                          vat_treatment, discount_minor, shipping_fee_minor, total_net_minor, total_vat_minor,
                          total_with_vat_minor, payment_method_id)
      select md5('count-cap-' || g)::uuid, ${many.customerId}, ${many.userId}, 'eu', 'EUR', 2500, 'domestic', 0, 0,
             1000, 250, 1250, (select payment_method_id from orders limit 1)
        from generate_series(1, 10001) g`);
    const answer = expectOk(endpoint, await search({ customer: 'Countless Orders' }));
    expect(BACKOFFICE_ORDER_COUNT_LIMIT).toBe(10_000);
    expect(answer).toMatchObject({ totalCount: 10_000, isTotalCountCapped: true, pageCount: 400, pageSize: 25 });
    expect(answer.orders).toHaveLength(25);
  });

  it('answers 400 naming the field for bad input, 403 to a buyer and 401 without a token', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pageSize: 101 }, 'pageSize'],
      [{ states: ['Lost'] }, 'states.0'],
      [{ orderNumber: 'INV-1' }, 'orderNumber'],
      [{ placedFrom: '2026-03-05', placedTo: '2026-03-01' }, 'placedTo'],
      [{ totalMin: 10, totalMax: 5 }, 'totalMax'],
      [{ totalMin: 1.001 }, 'totalMin'],
      [{ sortBy: 'secret' }, 'sortBy'],
    ];
    for (const [body, field] of cases) {
      expect(expectError(endpoint, await search(body), 400).errors?.[0]?.field, JSON.stringify(body)).toBe(field);
    }
    const unknown = expectError(endpoint, await search({ customerId: UNKNOWN_ID }), 400);
    expect(JSON.stringify(unknown.errors)).toContain('customerId');
    expectError(endpoint, await search({}, buyer.token), 403);
    expectError(endpoint, await callEndpoint(testApp.app, endpoint, { body: {} }), 401);
  });
});

describe('POST /backoffice/api/Order/GetById', () => {
  const endpoint = backofficeOrderEndpoints.getOrderById;

  it('answers the order with its customer, timeline, invoice with lines and open amount, and the allowed moves', async () => {
    const orderId = await placeOrder();
    const fresh = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { orderId } }),
    );
    expect(fresh.allowedNextStates).toEqual(['Processing', 'Cancelled']);
    expect(fresh.invoices).toEqual([]);
    expect(fresh.customer).toMatchObject({
      customerId: buyer.customerId,
      name: 'Backoffice Test Customer',
      areaId: 'eu',
    });
    expect(fresh.order).toMatchObject({
      orderId,
      status: 'Placed',
      placedBy: expect.any(String),
      reference: 'PO-BO-1',
    });
    expect(
      fresh.order.lines.filter((line) => line.type === 'Product').map((line) => [line.name, line.quantity]),
    ).toEqual([
      ['Product BO-100', 3],
      ['Product BO-200', 7],
    ]);

    await moveAlong(orderId, ['Processing', 'Shipped', 'Invoiced']);
    const invoice = await invoiceOf(orderId);
    expectOk(
      documentsEndpoints.createCreditMemo,
      await callEndpoint(testApp.app, documentsEndpoints.createCreditMemo, {
        token: staff.token,
        body: { invoiceId: invoice.id, amount: 10, reason: 'Goodwill' },
      }),
    );
    const invoiced = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { orderId } }),
    );
    expect(invoiced.allowedNextStates).toEqual(['Completed']);
    expect(invoiced.order.timeline.map((entry) => entry.kind)).toEqual([
      'Placed',
      'StateChanged',
      'StateChanged',
      'StateChanged',
      'Invoiced',
      'Credited',
    ]);
    expect(invoiced.invoices).toHaveLength(1);
    const [shown] = invoiced.invoices;
    // 10.00 credited + 25 % VAT = 12.50 less to pay.
    expect(shown).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      status: 'open',
      credited: { priceWithoutVat: 10, priceWithVat: 12.5 },
      openAmount: (invoice.totalWithVatMinor - 1250) / 100,
    });
    expect(shown?.lines.map((line) => line.type)).toEqual(['Product', 'Product', 'Generated', 'ShippingFee']);
    expect(shown?.creditMemos.map((memo) => memo.reason)).toEqual(['Goodwill']);
  });

  it('answers 404 for an unknown order, 400 for a bad id and 403 to a buyer', async () => {
    const unknown = await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { orderId: UNKNOWN_ID } });
    expectError(endpoint, unknown, 404, 'NotFoundException');
    const bad = await callEndpoint(testApp.app, endpoint, { token: staff.token, body: { orderId: 'SO-1' } });
    expect(expectError(endpoint, bad, 400).errors?.[0]?.field).toBe('orderId');
    const orderId = await placeOrder();
    expectError(endpoint, await callEndpoint(testApp.app, endpoint, { token: buyer.token, body: { orderId } }), 403);
  });
});
