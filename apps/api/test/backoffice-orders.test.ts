/**
 * Back-office order and invoice calls (ADR 014): UpdateOrderState, SendReceiptCopy, CreateCreditMemo,
 * RegisterInvoicePayment. Orders are placed through CreateOrderByCartId, so stock reservations and totals are the
 * real ones; every answer is read through the endpoint definitions.
 */
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import {
  creditMemoLines,
  creditMemos,
  customers,
  invoiceLines,
  invoices,
  mailOutbox,
  orderStateChanges,
  orders,
} from '@b2b/db/schema';
import { asc, eq } from 'drizzle-orm';
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

/** Places an order for the buyer through CreateOrderByCartId and answers its id. */
async function placeOrder(
  lines: Array<{ productId: string; variantId: string; quantity: number }> = [
    { productId: 'BO-100', variantId: 'BO-100-01', quantity: 3 },
    { productId: 'BO-200', variantId: 'BO-200-01', quantity: 7 },
  ],
): Promise<string> {
  const cartId = await createCartWithLines(testApp.db, buyer, lines, {
    shippingAddress: buyer.address,
    shippingMethodId: 'eu-standard',
    reference: 'PO-BO-1',
  });
  const response = await callEndpoint(testApp.app, orderEndpoints.createOrderByCartId, {
    token: buyer.token,
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
