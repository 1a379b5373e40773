/**
 * The customer's documents under /api/CustomerCenter/ against a real database: invoices and credit memos (lists,
 * filters, paging bounds, one document, its PDF), the statement of account and Reorder. Orders are placed through
 * CreateOrderByCartId and invoiced, paid and credited through the back office's calls; only the documents' dates are
 * then set back, so that the list holds paid, overdue and open invoices of known days.
 * Every document is the caller's customer's: another customer's id answers 404 and nothing else.
 */

import { type InvoiceSummary, missingParameterMessage } from '@b2b/contract';
import { UNIT_OF_MEASURE_LABELS } from '@b2b/contract/constants';
import type { EndpointDefinition } from '@b2b/contract/endpoint';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { creditMemos, impersonationActions, invoices as invoiceTable, prices, products } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCartWithLines, setStock } from './support/checkout-factories.ts';
import { callEndpoint, type EndpointCall, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type Buyer, createBuyer, createRep, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const tokens = { buyer: '', other: '', staff: '', impersonation: '' };
/** The paged lists' required query (spec §5). */
const PAGE = { pageSize: 20, pageNr: 1 };
let buyer: Buyer;
let other: Buyer;

type PlacedOrder = { orderId: string; orderNumber: string };
type Invoice = InvoiceSummary;
/** The buyer's invoices, oldest first: paid, overdue, open, open and credited, open and due today. */
const invoices: Invoice[] = [];
const orders: PlacedOrder[] = [];
let otherInvoice: Invoice;
let otherCreditMemoId = '';
let creditMemoId = '';
/** What the buyer's credit memo credits (one D-100-01). */
let creditMemoTotal = { priceWithVat: 0, priceWithoutVat: 0 };

/** yyyy-mm-dd, `days` from today (UTC). */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const ORDER_LINES = [
  { productId: 'D-100', variantId: 'D-100-01', quantity: 2 },
  { productId: 'D-100', variantId: 'D-100-02', quantity: 5 },
  { productId: 'D-200', quantity: 3 },
  { productId: 'D-300', quantity: 1 },
  { productId: 'D-400', quantity: 4 },
];

async function placeOrder(placedBy: Buyer, reference: string | null) {
  const cartId = await createCartWithLines(testApp.db, placedBy, ORDER_LINES, { reference });
  const endpoint = orderEndpoints.createOrderByCartId;
  const response = await callEndpoint(testApp.app, endpoint, {
    token: placedBy.token,
    body: { area: EU_AREA, cartId },
  });
  return expectOk(endpoint, response).order;
}

/** Calls the endpoint as `token` and returns its parsed success answer. */
async function ok<E extends EndpointDefinition>(endpoint: E, token: string, call: Omit<EndpointCall, 'token'>) {
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { ...call, token }));
}

/**
 * Invoices the order through the back office (Placed → Processing → Shipped → Invoiced), dates the invoice back to
 * `invoiceDate` with `dueDate`, and registers its payment when `paidAt` is given.
 */
async function invoiceOrder(
  orderId: string,
  dates: { invoiceDate: string; dueDate: string; paidAt?: Date | null },
): Promise<Invoice> {
  const endpoint = documentsEndpoints.updateOrderState;
  for (const state of ['Processing', 'Shipped'] as const)
    await ok(endpoint, tokens.staff, { body: { orderId, state } });
  const { invoice } = await ok(endpoint, tokens.staff, { body: { orderId, state: 'Invoiced' } });
  if (!invoice) throw new Error('Invoiced made no invoice');
  await testApp.db
    .update(invoiceTable)
    .set({ invoiceDate: dates.invoiceDate, dueDate: dates.dueDate })
    .where(eq(invoiceTable.id, invoice.invoiceId));
  if (dates.paidAt) {
    await ok(documentsEndpoints.registerInvoicePayment, tokens.staff, {
      body: { invoiceId: invoice.invoiceId, paidAt: dates.paidAt.toISOString() },
    });
  }
  return { ...invoice, invoiceDate: dates.invoiceDate, dueDate: dates.dueDate };
}

/** Credits one unit of the invoice's first line through the back office, dated `creditMemoDate`. */
async function creditFirstLine(invoice: Invoice, token: string, creditMemoDate: string) {
  const { invoice: shown } = await ok(documentsEndpoints.getInvoice, token, {
    body: { area: EU_AREA, linkId: invoice.linkId },
  });
  const { creditMemo } = await ok(documentsEndpoints.createCreditMemo, tokens.staff, {
    body: {
      invoiceId: invoice.invoiceId,
      lines: [{ invoiceLineId: shown.lines[0]?.invoiceLineId, quantity: 1 }],
      reason: 'Damaged in transit',
    },
  });
  await testApp.db.update(creditMemos).set({ creditMemoDate }).where(eq(creditMemos.id, creditMemo.creditMemoId));
  return creditMemo;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "EUR 1,234.50" as the PDF prints amounts. */
function eur(amount: number): string {
  return `EUR ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

beforeAll(async () => {
  // Overdue is measured against today (UTC) when the API answers, the fixtures' dates against today when they are
  // made: a run that crosses midnight saw the invoice "due today" turn overdue. JavaScript's clock stands still at
  // the moment the file starts (only Date is faked; timers stay real), so the database's clock differs from it by
  // no more than the file's run time.
  vi.useFakeTimers({ toFake: ['Date'] });
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500 });
  await createProduct(db, 'D-100', ['D-100-01', 'D-100-02']);
  for (const id of ['D-200', 'D-300', 'D-400']) await createProduct(db, id);
  for (const [productId, unitPriceMinor] of [
    ['D-100', 12_345],
    ['D-200', 999],
    ['D-300', 500],
    ['D-400', 2_000],
  ] as const) {
    await setPrice(db, { productId, currencyCode: 'EUR', unitPriceMinor });
  }
  await setStock(db, 'D-100-01', 1_000);
  await setStock(db, 'D-100-02', 1);
  await db.update(products).set({ stockLevel: 500 }).where(eq(products.id, 'D-300'));
  await db.update(products).set({ stockLevel: 500 }).where(eq(products.id, 'D-400'));

  buyer = await createBuyer(testApp, {
    username: 'doc-buyer',
    customer: { areaId: 'eu', name: 'Fjord Sports ApS' },
    address: { name: 'Goods receiving' },
  });
  other = await createBuyer(testApp, { username: 'doc-other' });
  tokens.buyer = buyer.token;
  tokens.other = other.token;
  tokens.staff = (await createStaff(testApp, { username: 'doc-staff' })).token;
  const repToken = (await createRep(testApp, [buyer.customerId], { username: 'doc-rep' })).token;
  tokens.impersonation = (
    await ok(impersonationEndpoints.impersonate, repToken, {
      body: { customerNo: buyer.customer.customerNumber, area: EU_AREA, reason: 'reorder by phone' },
    })
  ).token;

  const plan = [
    { reference: 'PO-100', invoiceDate: day(-60), dueDate: day(-30), paidAt: new Date(Date.now() - 35 * 86_400_000) },
    { reference: 'PO-101', invoiceDate: day(-40), dueDate: day(-10), paidAt: null },
    { reference: null, invoiceDate: day(-20), dueDate: day(10), paidAt: null },
    { reference: 'PO-103', invoiceDate: day(-10), dueDate: day(20), paidAt: null },
    { reference: 'PO_1%', invoiceDate: day(-1), dueDate: day(0), paidAt: null },
  ];
  for (const { reference, ...dates } of plan) {
    const order = await placeOrder(buyer, reference);
    orders.push(order);
    invoices.push(await invoiceOrder(order.orderId, dates));
  }
  const creditMemo = await creditFirstLine(invoiceAt(3), tokens.buyer, day(-5));
  creditMemoId = creditMemo.creditMemoId;
  creditMemoTotal = creditMemo.total;

  const otherOrder = await placeOrder(other, 'PO-100');
  otherInvoice = await invoiceOrder(otherOrder.orderId, { invoiceDate: day(-3), dueDate: day(27) });
  otherCreditMemoId = (await creditFirstLine(otherInvoice, tokens.other, day(-2))).creditMemoId;
});

afterAll(async () => {
  await testApp?.close();
  vi.useRealTimers();
});

function invoiceAt(index: number): Invoice {
  return invoices[index] as Invoice;
}

describe('GetInvoices and GetInvoicesWithPagination', () => {
  const list = (body: Record<string, unknown>) =>
    ok(documentsEndpoints.getInvoices, tokens.buyer, { body: { area: EU_AREA, ...body } });

  it("lists the customer's invoices newest first, each with its status, order, credited and open amount", async () => {
    const { invoices: listed, totalCount } = await list({});
    expect(totalCount).toBe(5);
    expect(listed.map((invoice) => invoice.invoiceNumber)).toEqual(
      [...invoices].reverse().map((invoice) => invoice.invoiceNumber),
    );
    expect(listed.map((invoice) => invoice.status)).toEqual(['open', 'open', 'open', 'overdue', 'paid']);
    const credited = listed[1];
    expect(credited?.orderNumber).toBe(orders[3]?.orderNumber);
    expect(credited?.reference).toBe('PO-103');
    // One D-100-01 credited: 123.45, and 25 % VAT rounded once on the memo's net (30.8625 → 30.86).
    expect(creditMemoTotal).toEqual({ priceWithoutVat: 123.45, priceWithVat: 154.31 });
    expect(credited?.credited).toEqual(creditMemoTotal);
    // Goods of 979.12 (246.90 + 617.25 + 29.97 + 5.00 + 80.00), 25 % VAT once on the total (244.78): 1,223.90.
    expect(credited?.total).toEqual({ priceWithoutVat: 979.12, priceWithVat: 1223.9 });
    // Open: 1,223.90 less the credited 154.31.
    expect(credited?.openAmount).toBe(1069.59);
    expect(listed[4]?.openAmount).toBe(0);
    expect(listed[4]?.paidAt).not.toBeNull();
  });

  it('filters by status: open (overdue ones too), overdue (open past the due date), paid', async () => {
    const numbers = async (status: string) => (await list({ status })).invoices.map((invoice) => invoice.invoiceNumber);
    expect(await numbers('open')).toEqual([4, 3, 2, 1].map((index) => invoiceAt(index).invoiceNumber));
    expect(await numbers('overdue')).toEqual([invoiceAt(1).invoiceNumber]);
    expect(await numbers('paid')).toEqual([invoiceAt(0).invoiceNumber]);
  });

  it('finds by invoice number, order number or reference, with LIKE characters taken literally', async () => {
    const numbers = async (search: string) => (await list({ search })).invoices.map((invoice) => invoice.invoiceNumber);
    expect(await numbers(invoiceAt(2).invoiceNumber.toLowerCase())).toEqual([invoiceAt(2).invoiceNumber]);
    expect(await numbers(orders[1]?.orderNumber ?? '')).toEqual([invoiceAt(1).invoiceNumber]);
    expect(await numbers('po-10')).toEqual([3, 1, 0].map((index) => invoiceAt(index).invoiceNumber));
    expect(await numbers('PO_1%')).toEqual([invoiceAt(4).invoiceNumber]);
    expect(await numbers('')).toHaveLength(5);
    expect(await numbers('nothing like it')).toEqual([]);
  });

  it('filters by invoice date, both ends inclusive', async () => {
    const { invoices: listed } = await list({ dateFrom: day(-20), dateTo: day(-10) });
    expect(listed.map((invoice) => invoice.invoiceNumber)).toEqual([
      invoiceAt(3).invoiceNumber,
      invoiceAt(2).invoiceNumber,
    ]);
  });

  it('pages through the invoices; a page beyond the last is empty', async () => {
    const endpoint = documentsEndpoints.getInvoicesWithPagination;
    const page = (pageNr: number) =>
      ok(endpoint, tokens.buyer, { query: { pageSize: 2, pageNr }, body: { area: EU_AREA } });
    const first = await page(1);
    expect(first).toMatchObject({ totalCount: 5, pageNr: 1, pageSize: 2, pageCount: 3 });
    expect(first.invoices.map((invoice) => invoice.invoiceNumber)).toEqual([
      invoiceAt(4).invoiceNumber,
      invoiceAt(3).invoiceNumber,
    ]);
    expect((await page(3)).invoices.map((invoice) => invoice.invoiceNumber)).toEqual([invoiceAt(0).invoiceNumber]);
    expect((await page(4)).invoices).toEqual([]);
    const overdue = await ok(endpoint, tokens.buyer, {
      query: { pageSize: 20, pageNr: 1 },
      body: { area: EU_AREA, status: 'overdue' },
    });
    expect(overdue).toMatchObject({ totalCount: 1, pageNr: 1, pageSize: 20, pageCount: 1 });
    // spec §5: pageSize and pageNr are required on paged lists; no defaults.
    for (const [query, missing] of [
      [{}, 'pageSize'],
      [{ pageSize: 20 }, 'pageNr'],
    ] as const) {
      const response = await callEndpoint(testApp.app, endpoint, {
        token: tokens.buyer,
        query,
        body: { area: EU_AREA },
      });
      expect(expectError(endpoint, response, 400).message).toBe(missingParameterMessage(missing));
    }
  });

  it.each([
    [{ pageSize: 0 }, {}, 'pageSize'],
    [{ pageSize: 101 }, {}, 'pageSize'],
    [{ pageSize: 2, pageNr: 0 }, {}, 'pageNr'],
    [{ pageSize: 2, pageNr: 'two' }, {}, 'pageNr'],
    [PAGE, { status: 'late' }, 'status'],
    [PAGE, { search: 'x'.repeat(101) }, 'search'],
    [PAGE, { dateFrom: '2026-02-30' }, 'dateFrom'],
    [PAGE, { dateFrom: day(-1), dateTo: day(-2) }, 'dateFrom'],
    // A customer id is never taken from the body (the caller's customer is the token's): an unknown field.
    [PAGE, { customerId: '00000000-0000-4000-8000-000000000001' }, 'customerId'],
  ])('answers 400 naming the field for query %j and body %j', async (query, body, field) => {
    const endpoint = documentsEndpoints.getInvoicesWithPagination;
    const response = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      query,
      body: { area: EU_AREA, ...body },
    });
    const error = expectError(endpoint, response, 400);
    expect(JSON.stringify(error)).toContain(field);
  });
});

describe('GetInvoice', () => {
  it('answers the invoice by its link id with lines, bill-to address, VAT rate and credit memos', async () => {
    const credited = invoiceAt(3);
    const { invoice } = await ok(documentsEndpoints.getInvoice, tokens.buyer, {
      body: { area: EU_AREA, linkId: credited.linkId },
    });
    expect(invoice).toMatchObject({
      invoiceId: credited.invoiceId,
      invoiceNumber: credited.invoiceNumber,
      orderNumber: orders[3]?.orderNumber,
      vatRatePercent: 25,
      customerName: 'Fjord Sports ApS',
      billToAddress: { name: 'Goods receiving', street: 'Harbour Street 12', city: 'Copenhagen' },
      status: 'open',
    });
    const productLines = invoice.lines.filter((line) => line.type === 'Product');
    expect(productLines.map((line) => [line.variantId ?? line.productId, line.quantity])).toEqual([
      ['D-100-01', 2],
      ['D-100-02', 5],
      ['D-200', 3],
      ['D-300', 1],
      ['D-400', 4],
    ]);
    expect(invoice.lines[0]).toMatchObject({
      unitPrice: 123.45,
      linePrice: { priceWithoutVat: 246.9 },
      creditedQuantity: 1,
    });
    expect(invoice.lines[1]?.creditedQuantity).toBe(0);
    expect(invoice.creditMemos.map((memo) => memo.creditMemoId)).toEqual([creditMemoId]);
  });

  it("answers 404 for another customer's link id and for an unknown one, 400 for a malformed one", async () => {
    const endpoint = documentsEndpoints.getInvoice;
    for (const linkId of [otherInvoice.linkId, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await callEndpoint(testApp.app, endpoint, {
        token: tokens.buyer,
        body: { area: EU_AREA, linkId },
      });
      expectError(endpoint, response, 404, 'NotFoundException');
    }
    const malformed = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      body: { area: EU_AREA, linkId: invoiceAt(0).invoiceNumber },
    });
    expect(JSON.stringify(expectError(endpoint, malformed, 400))).toContain('linkId');
  });
});

describe('GetInvoicePdf', () => {
  const endpoint = documentsEndpoints.getInvoicePdf;

  it('answers a PDF named after the invoice with seller, customer, numbers, reference, each line, VAT and total', async () => {
    const invoice = invoiceAt(1);
    const response = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      query: { InvoiceId: invoice.invoiceId, LinkId: invoice.linkId },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    const text = await pdfText(response.rawPayload);
    const { invoice: shown } = await ok(documentsEndpoints.getInvoice, tokens.buyer, {
      body: { area: EU_AREA, linkId: invoice.linkId },
    });
    for (const expected of [
      'Ridgeline Wholesale Europe',
      'Harbour Street 12',
      'IBAN DK50',
      'Fjord Sports ApS',
      'Goods receiving',
      invoice.invoiceNumber,
      shown.orderNumber,
      'PO-101',
      shown.dueDate,
      'VAT 25 %',
      // The order's goods (ORDER_LINES), 25 % VAT once on their total, and the total with VAT.
      'EUR 979.12',
      'EUR 244.78',
      'EUR 1,223.90',
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of shown.lines) {
      // The unit as English readers know it: STK is printed "pcs" (the data keeps the code).
      const quantity = line.unitOfMeasure ? `${line.quantity} ${UNIT_OF_MEASURE_LABELS[line.unitOfMeasure]}` : '1';
      const cells = [
        line.variantId ?? line.productId,
        line.name,
        quantity,
        eur(line.unitPrice),
        eur(line.linePrice.priceWithoutVat),
      ];
      expect(text).toMatch(new RegExp(cells.map((cell) => escapeRegExp(cell ?? '')).join('\\s+')));
    }
    expect(shown.lines.some((line) => line.unitOfMeasure === 'STK')).toBe(true);
    expect(text).not.toContain('STK');
  });

  it('answers 404 when the ids name different invoices or another customer’s, 400 without LinkId', async () => {
    for (const query of [
      { InvoiceId: invoiceAt(1).invoiceId, LinkId: invoiceAt(2).linkId },
      { InvoiceId: otherInvoice.invoiceId, LinkId: otherInvoice.linkId },
    ]) {
      const response = await callEndpoint(testApp.app, endpoint, { token: tokens.buyer, query });
      expectError(endpoint, response, 404, 'NotFoundException');
    }
    const missing = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      query: { InvoiceId: invoiceAt(1).invoiceId },
    });
    expect(JSON.stringify(expectError(endpoint, missing, 400))).toContain('LinkId');
  });
});

describe('GetCreditMemos, GetCreditMemosWithPagination and GetCreditMemo', () => {
  it("lists the customer's credit memos with the invoice and order they belong to", async () => {
    const { creditMemos, totalCount } = await ok(documentsEndpoints.getCreditMemos, tokens.buyer, {
      body: { area: EU_AREA },
    });
    expect(totalCount).toBe(1);
    expect(creditMemos[0]).toMatchObject({
      creditMemoId,
      invoiceNumber: invoiceAt(3).invoiceNumber,
      invoiceLinkId: invoiceAt(3).linkId,
      orderNumber: orders[3]?.orderNumber,
      reference: 'PO-103',
      creditMemoDate: day(-5),
      total: creditMemoTotal,
    });
  });

  it('filters by text and date and pages', async () => {
    const endpoint = documentsEndpoints.getCreditMemosWithPagination;
    const page = (body: Record<string, unknown>) =>
      ok(endpoint, tokens.buyer, { query: { pageSize: 1, pageNr: 1 }, body: { area: EU_AREA, ...body } });
    expect((await page({ search: invoiceAt(3).invoiceNumber })).totalCount).toBe(1);
    expect((await page({ search: 'po-103' })).totalCount).toBe(1);
    expect((await page({ search: 'PO-100' })).totalCount).toBe(0);
    expect((await page({ dateFrom: day(-4) })).totalCount).toBe(0);
    expect(await page({ dateTo: day(-5) })).toMatchObject({ totalCount: 1, pageCount: 1 });
    const tooLarge = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      query: { pageSize: 1000, pageNr: 1 },
      body: { area: EU_AREA },
    });
    expect(JSON.stringify(expectError(endpoint, tooLarge, 400))).toContain('pageSize');
  });

  it("answers one credit memo with its lines; another customer's or an unknown id is 404", async () => {
    const endpoint = documentsEndpoints.getCreditMemo;
    const { creditMemo } = await ok(endpoint, tokens.buyer, { body: { area: EU_AREA, creditMemoId } });
    expect(creditMemo.lines).toEqual([expect.objectContaining({ quantity: 1, amount: creditMemoTotal })]);
    for (const id of [otherCreditMemoId, crypto.randomUUID()]) {
      const response = await callEndpoint(testApp.app, endpoint, {
        token: tokens.buyer,
        body: { area: EU_AREA, creditMemoId: id },
      });
      expectError(endpoint, response, 404, 'NotFoundException');
    }
  });

  it('answers the credit memo as a PDF; another customer’s is 404', async () => {
    const endpoint = documentsEndpoints.getCreditMemoPdf;
    const response = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      query: { CreditMemoId: creditMemoId },
    });
    expect(response.statusCode).toBe(200);
    const { creditMemo } = await ok(documentsEndpoints.getCreditMemo, tokens.buyer, {
      body: { area: EU_AREA, creditMemoId },
    });
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${creditMemo.creditMemoNumber}.pdf"`);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      creditMemo.creditMemoNumber,
      invoiceAt(3).invoiceNumber,
      eur(creditMemoTotal.priceWithVat),
      'D-100-01',
    ]) {
      expect(text).toContain(expected);
    }
    const foreign = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      query: { CreditMemoId: otherCreditMemoId },
    });
    expectError(endpoint, foreign, 404, 'NotFoundException');
  });
});

describe('GetStatementOfAccount', () => {
  it('sums the open amounts of unpaid invoices (credits deducted) and the overdue part, per currency', async () => {
    const { invoices: listed } = await ok(documentsEndpoints.getInvoices, tokens.buyer, {
      body: { area: EU_AREA },
    });
    const open = listed.filter((invoice) => invoice.status !== 'paid');
    const overdue = listed.filter((invoice) => invoice.status === 'overdue');
    const sum = (items: typeof listed) =>
      items.reduce((total, invoice) => total + Math.round(invoice.openAmount * 100), 0) / 100;
    const statement = await ok(documentsEndpoints.getStatementOfAccount, tokens.buyer, { body: { area: EU_AREA } });
    expect(statement).toEqual({
      asOf: day(0),
      currencies: [
        {
          currencyCode: 'EUR',
          openBalance: sum(open),
          overdueAmount: sum(overdue),
          openInvoiceCount: 4,
          overdueInvoiceCount: 1,
        },
      ],
    });
  });
});

describe('who may call', () => {
  const calls: Array<[EndpointDefinition, EndpointCall]> = [
    [documentsEndpoints.getInvoices, { body: { area: EU_AREA } }],
    [documentsEndpoints.getInvoicesWithPagination, { query: PAGE, body: { area: EU_AREA } }],
    [documentsEndpoints.getCreditMemos, { body: { area: EU_AREA } }],
    [documentsEndpoints.getCreditMemosWithPagination, { query: PAGE, body: { area: EU_AREA } }],
    [documentsEndpoints.getStatementOfAccount, { body: { area: EU_AREA } }],
    [documentsEndpoints.getCreditMemo, { body: { area: EU_AREA, creditMemoId: crypto.randomUUID() } }],
    [documentsEndpoints.getCreditMemoPdf, { query: { CreditMemoId: crypto.randomUUID() } }],
    [documentsEndpoints.getInvoice, { body: { area: EU_AREA, linkId: 'AAAAAAAAAAAAAAAAAAAAAA' } }],
    [documentsEndpoints.getInvoicePdf, { query: { InvoiceId: crypto.randomUUID(), LinkId: 'AAAAAAAAAAAAAAAAAAAAAA' } }],
    [documentsEndpoints.reorder, { body: { area: EU_AREA, orderId: crypto.randomUUID() } }],
  ];

  it.each(calls.map(([endpoint, call]) => [endpoint.path, endpoint, call] as const))(
    '%s: 401 without a token, 403 for back-office staff without a customer',
    async (_path, endpoint, call) => {
      expectError(endpoint, await callEndpoint(testApp.app, endpoint, call), 401);
      expectError(endpoint, await callEndpoint(testApp.app, endpoint, { ...call, token: tokens.staff }), 403);
    },
  );

  it('lets a sales rep acting for the customer read the same documents', async () => {
    const { totalCount } = await ok(documentsEndpoints.getInvoices, tokens.impersonation, {
      body: { area: EU_AREA },
    });
    expect(totalCount).toBe(5);
  });
});

describe("GetOrder's timeline", () => {
  it('shows the order placed, invoiced, credited and paid, each document linked', async () => {
    const { order } = await ok(customerCenterEndpoints.getOrder, tokens.buyer, {
      body: { area: EU_AREA, orderId: orders[3]?.orderId },
    });
    expect(order.timeline.map((entry) => entry.kind)).toEqual([
      'Placed',
      'StateChanged',
      'StateChanged',
      'StateChanged',
      'Invoiced',
      'Credited',
    ]);
    expect(order.timeline[4]).toMatchObject({ invoiceId: invoiceAt(3).invoiceId, linkId: invoiceAt(3).linkId });
    expect(order.timeline[5]).toMatchObject({ creditMemoId });
    expect(order.timeline[1]).toMatchObject({ from: 'Placed', to: 'Processing', byName: 'Name of doc-staff' });
  });
});

describe('Reorder', () => {
  it("puts the order's lines into the open cart, flags backorders, and says which could not be added and why", async () => {
    const { db } = testApp;
    // Since the order: D-300 left the catalogue, D-400 lost its price, D-200 has no stock.
    await db.delete(products).where(eq(products.id, 'D-300'));
    await db.delete(prices).where(eq(prices.productId, 'D-400'));
    await db.update(products).set({ stockLevel: 0 }).where(eq(products.id, 'D-200'));

    const result = await ok(documentsEndpoints.reorder, tokens.buyer, {
      body: { area: EU_AREA, orderId: orders[0]?.orderId },
    });
    expect(result.added.map((line) => [line.variantId ?? line.productId, line.quantity, line.isBackorder])).toEqual([
      ['D-100-01', 2, false],
      ['D-100-02', 5, true],
      ['D-200', 3, true],
    ]);
    expect(result.notAdded.map((line) => [line.productId, line.reason])).toEqual([
      ['D-300', 'NoLongerSold'],
      ['D-400', 'NoPrice'],
    ]);
    expect(result.notAdded.every((line) => line.message.length > 0)).toBe(true);

    const { cart } = await ok(cartEndpoints.getOrCreateCart, tokens.buyer, { body: { area: EU_AREA } });
    expect(cart.cartId).toBe(result.cartId);
    expect(cart.lines.map((line) => [line.productKey.variantId ?? line.productKey.productId, line.quantity])).toEqual([
      ['D-100-01', 2],
      ['D-100-02', 5],
      ['D-200', 3],
    ]);

    // Again: the quantities add up in the same cart.
    const again = await ok(documentsEndpoints.reorder, tokens.buyer, {
      body: { area: EU_AREA, orderId: orders[0]?.orderId },
    });
    expect(again.cartId).toBe(result.cartId);
    const { cart: after } = await ok(cartEndpoints.getOrCreateCart, tokens.buyer, { body: { area: EU_AREA } });
    expect(after.lines.map((line) => line.quantity)).toEqual([4, 10, 6]);
  });

  it('is recorded as actions of the session when a sales rep reorders for the customer', async () => {
    const result = await ok(documentsEndpoints.reorder, tokens.impersonation, {
      body: { area: EU_AREA, orderId: orders[1]?.orderId },
    });
    expect(result.added).toHaveLength(3);
    const kinds = (await testApp.db.select().from(impersonationActions)).map((action) => action.kind);
    expect(kinds).toEqual(expect.arrayContaining(['Cart.AddOrUpdateLines', 'CustomerCenter.Reorder']));
    const [reordered] = await testApp.db
      .select()
      .from(impersonationActions)
      .where(eq(impersonationActions.kind, 'CustomerCenter.Reorder'));
    expect(reordered?.summary).toContain(orders[1]?.orderNumber);
    expect(reordered?.summary).toContain('D-300');
  });

  it("answers 404 for another customer's order and changes no cart", async () => {
    const endpoint = documentsEndpoints.reorder;
    const otherOrderId = otherInvoice.orderId;
    const response = await callEndpoint(testApp.app, endpoint, {
      token: tokens.buyer,
      body: { area: EU_AREA, orderId: otherOrderId },
    });
    expectError(endpoint, response, 404, 'NotFoundException');
  });
});
