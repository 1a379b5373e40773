/**
 * ADR 018: the VAT of a sale follows the customer. A Danish customer (the seller's country) pays 25 %; the seeded
 * Austrian business with its VAT number (10001, eu-buyer) is reverse charge at 0 % with the legal note; the
 * Norwegian (10002, nok-buyer) an export at 0 %; the US customer (20001) no VAT; an Austrian without a VAT number
 * pays the Danish 25 %. Each through GetPrices, the calculated cart, the placed order, its invoice (page and PDF)
 * and a credit memo, with VAT = rate × total excl. VAT rounded once.
 */
import { randomUUID } from 'node:crypto';
import type { AreaInfo, Vat } from '@b2b/contract';
import type { EndpointDefinition } from '@b2b/contract/endpoint';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import { missingVatNumberNote, VAT_NOTES } from '@b2b/contract/vat-rules';
import { customers, users } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines } from './support/checkout-factories.ts';
import { callEndpoint, type EndpointCall, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, login, US_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;

type Buyer = {
  token: string;
  owner: { customerId: string; userId: string; areaId: string; currencyCode: string };
  area: AreaInfo;
  countryCode: string;
};
const buyers: Record<'danish' | 'austrian' | 'austrianWithoutNumber' | 'norwegian' | 'american', Buyer> = {
  danish: {} as Buyer,
  austrian: {} as Buyer,
  austrianWithoutNumber: {} as Buyer,
  norwegian: {} as Buyer,
  american: {} as Buyer,
};
let staffToken = '';

/** Two lines of 10.02 each: 25 % of each is 2.505, so rounding per line would differ from rounding the total. */
const LINES = [
  { productId: 'VAT-1', quantity: 1 },
  { productId: 'VAT-2', quantity: 1 },
];

async function ok<E extends EndpointDefinition>(endpoint: E, token: string, call: Omit<EndpointCall, 'token'>) {
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { ...call, token }));
}

async function seededBuyer(username: string, area: AreaInfo, countryCode: string): Promise<Buyer> {
  const [row] = await testApp.db
    .select({ userId: users.id, customerId: users.customerId, currencyCode: customers.currencyCode })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.username, username));
  if (!row?.customerId) throw new Error(`no demo buyer ${username}`);
  const token = (await login(testApp.app, username, 'demo', { area })).accessToken;
  const currencyCode = row.currencyCode ?? area.currencyCode;
  return {
    token,
    owner: { customerId: row.customerId, userId: row.userId, areaId: area.areaId, currencyCode },
    area,
    countryCode,
  };
}

async function factoryBuyer(username: string, fields: { countryCode: string; vatNumber: string | null }) {
  const buyer = await createBuyer(testApp, { username, customer: { areaId: 'eu', ...fields } });
  return {
    token: buyer.token,
    owner: { customerId: buyer.customerId, userId: buyer.userId, areaId: 'eu', currencyCode: 'EUR' },
    area: buyer.area,
    countryCode: fields.countryCode,
  };
}

/** A cart of LINES shipped to the buyer's country by standard freight. */
function cartOf(buyer: Buyer) {
  return createCartWithLines(testApp.db, buyer.owner, LINES, {
    shippingAddress: {
      addressId: randomUUID(),
      name: 'Goods receiving',
      street: 'Street 1',
      postalCode: '1000',
      city: 'City',
      countryCode: buyer.countryCode,
    },
    shippingMethodId: buyer.area.areaId === 'us' ? 'us-standard' : 'eu-standard',
  });
}

async function calculated(buyer: Buyer) {
  const cartId = await cartOf(buyer);
  const { cart } = await ok(cartEndpoints.calculateCart, buyer.token, {
    body: { area: buyer.area, cartId, shipToCountryCode: buyer.countryCode },
  });
  return { cartId, cart };
}

/** Places the cart and invoices the order through the back office; answers order, invoice and the invoice's PDF. */
async function placedAndInvoiced(buyer: Buyer) {
  const { cartId, cart } = await calculated(buyer);
  const { order } = await ok(orderEndpoints.createOrderByCartId, buyer.token, {
    body: { area: buyer.area, cartId },
  });
  for (const state of ['Processing', 'Shipped'] as const) {
    await ok(documentsEndpoints.updateOrderState, staffToken, { body: { orderId: order.orderId, state } });
  }
  const moved = await ok(documentsEndpoints.updateOrderState, staffToken, {
    body: { orderId: order.orderId, state: 'Invoiced' },
  });
  if (!moved.invoice) throw new Error('no invoice');
  const { invoice } = await ok(documentsEndpoints.getInvoice, buyer.token, {
    body: { area: buyer.area, linkId: moved.invoice.linkId },
  });
  const pdf = await callEndpoint(testApp.app, documentsEndpoints.getInvoicePdf, {
    token: buyer.token,
    query: { InvoiceId: invoice.invoiceId, LinkId: invoice.linkId },
  });
  expect(pdf.statusCode).toBe(200);
  return { cart, order, invoice, pdfText: await pdfText(pdf.rawPayload) };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    // The PDF wraps long text; a reader reads it as one line.
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const cents = (amount: number) => Math.round(amount * 100);

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  for (const productId of ['VAT-1', 'VAT-2']) {
    await createProduct(db, productId);
    for (const currencyCode of ['EUR', 'USD', 'XNOK'])
      await setPrice(db, { productId, currencyCode, unitPriceMinor: 1_002 });
  }
  staffToken = (await createStaff(testApp, { username: 'vat-staff' })).token;
  buyers.danish = await factoryBuyer('vat-dk', { countryCode: 'DK', vatNumber: 'DK12345678' });
  buyers.austrianWithoutNumber = await factoryBuyer('vat-at-no-number', { countryCode: 'AT', vatNumber: null });
  // The seeded demo customers (ADR 018's examples): 10001 Austrian with ATU12345675, 10002 Norwegian, 20001 US.
  buyers.austrian = await seededBuyer('eu-buyer', EU_AREA, 'AT');
  buyers.norwegian = await seededBuyer('nok-buyer', EU_AREA, 'NO');
  buyers.american = await seededBuyer('us-buyer', US_AREA, 'US');
});

afterAll(async () => {
  await testApp?.close();
});

describe('a Danish customer (the seller’s country)', () => {
  it('pays 25 % on the total excl. VAT, rounded once, in the cart, the order and the invoice', async () => {
    const { cart, order, invoice, pdfText: text } = await placedAndInvoiced(buyers.danish);
    const vat: Vat = {
      treatment: 'domestic',
      ratePercent: 25,
      label: 'VAT 25 %',
      note: null,
      customerVatNumber: 'DK12345678',
    };
    // 10.02 + 10.02 + small-order surcharge 9.95 + standard freight 14.95 = 44.94; 25 % = 11.235 → 11.24
    // (rounded per line it would be 2.51 + 2.51 + 2.49 + 3.74 = 11.25).
    const totals = { priceWithoutVat: 44.94, priceWithVat: 56.18 };
    expect(cart.vat).toEqual(vat);
    expect(cart.totalPrice).toEqual(totals);
    expect(order.vat).toEqual(vat);
    expect(order.totalPrice).toEqual(totals);
    expect(invoice.vat).toEqual(vat);
    expect(invoice.vatRatePercent).toBe(25);
    expect(invoice.total).toEqual(totals);
    // The lines' shares of the VAT add up to the invoice's VAT.
    const lineVat = invoice.lines.reduce(
      (sum, line) => sum + cents(line.linePrice.priceWithVat - line.linePrice.priceWithoutVat),
      0,
    );
    expect(lineVat).toBe(1_124);
    expect(text).toContain('VAT 25 % EUR 11.24');
    expect(text).toContain('Your VAT number DK12345678');
    expect(text).not.toContain('Reverse charge');
  });

  it('sees prices with 25 % VAT in GetPrices', async () => {
    const { prices } = await ok(priceEndpoints.getPrices, buyers.danish.token, {
      body: { currencyCode: 'EUR', products: [{ productId: 'VAT-1' }] },
    });
    // 10.02 × 1.25 = 12.525 → 12.53
    expect(prices[0]?.netUnitPrice).toEqual({ priceWithoutVat: 10.02, priceWithVat: 12.53 });
  });
});

describe('the Austrian business 10001 with its VAT number', () => {
  it('is reverse charge at 0 % with the legal note and its VAT number in the cart, order, invoice and PDF', async () => {
    const { cart, order, invoice, pdfText: text } = await placedAndInvoiced(buyers.austrian);
    const vat: Vat = {
      treatment: 'reverse-charge',
      ratePercent: 0,
      label: 'VAT 0 % — reverse charge',
      note: VAT_NOTES.reverseCharge,
      customerVatNumber: 'ATU12345675',
    };
    const totals = { priceWithoutVat: 44.94, priceWithVat: 44.94 };
    expect(cart.vat).toEqual(vat);
    expect(cart.totalPrice).toEqual(totals);
    expect(cart.shippingFee).toEqual({ priceWithoutVat: 14.95, priceWithVat: 14.95 });
    expect(order.vat).toEqual(vat);
    expect(order.totalPrice).toEqual(totals);
    expect(invoice.vat).toEqual(vat);
    expect(invoice.vatRatePercent).toBe(0);
    expect(invoice.total).toEqual(totals);
    expect(text).toContain('VAT 0 % — reverse charge EUR 0.00');
    expect(text).toContain(VAT_NOTES.reverseCharge);
    expect(text).toContain('Your VAT number ATU12345675');

    // A credit memo carries the invoice's VAT: no VAT credited.
    const { creditMemo } = await ok(documentsEndpoints.createCreditMemo, staffToken, {
      body: { invoiceId: invoice.invoiceId, amount: 10.02, reason: 'Goodwill' },
    });
    expect(creditMemo.total).toEqual({ priceWithoutVat: 10.02, priceWithVat: 10.02 });
    expect(creditMemo.vat).toEqual(vat);
  });

  it('sees prices without VAT in GetPrices', async () => {
    const { prices } = await ok(priceEndpoints.getPrices, buyers.austrian.token, {
      body: { currencyCode: 'EUR', products: [{ productId: 'VAT-1' }] },
    });
    expect(prices[0]?.netUnitPrice).toEqual({ priceWithoutVat: 10.02, priceWithVat: 10.02 });
  });
});

describe('an Austrian business without a VAT number', () => {
  it('pays the Danish 25 %, with a note saying why', async () => {
    const { cart } = await calculated(buyers.austrianWithoutNumber);
    expect(cart.vat).toEqual({
      treatment: 'domestic',
      ratePercent: 25,
      label: 'VAT 25 %',
      note: missingVatNumberNote('DK'),
      customerVatNumber: null,
    });
    expect(cart.totalPrice).toEqual({ priceWithoutVat: 44.94, priceWithVat: 56.18 });
  });
});

describe('the Norwegian business 10002 (outside the EU)', () => {
  it('is an export at 0 % with its note, in its own currency', async () => {
    const { cart, order, invoice, pdfText: text } = await placedAndInvoiced(buyers.norwegian);
    const vat: Vat = {
      treatment: 'export',
      ratePercent: 0,
      label: 'VAT 0 % — export',
      note: VAT_NOTES.export,
      customerVatNumber: 'NO923456783MVA',
    };
    expect(cart.currencyCode).toBe('XNOK');
    for (const document of [cart, order]) {
      expect(document.vat).toEqual(vat);
      expect(document.totalPrice.priceWithVat).toBe(document.totalPrice.priceWithoutVat);
    }
    expect(invoice.vat).toEqual(vat);
    expect(invoice.total.priceWithVat).toBe(invoice.total.priceWithoutVat);
    expect(text).toContain(VAT_NOTES.export);
  });
});

describe('the US customer 20001', () => {
  it('pays no VAT, and the documents say so', async () => {
    const { cart, order, invoice, pdfText: text } = await placedAndInvoiced(buyers.american);
    const vat: Vat = {
      treatment: 'no-vat',
      ratePercent: 0,
      label: 'No VAT',
      note: VAT_NOTES.noVat,
      customerVatNumber: null,
    };
    expect(cart.currencyCode).toBe('USD');
    for (const document of [cart, order]) {
      expect(document.vat).toEqual(vat);
      expect(document.totalPrice.priceWithVat).toBe(document.totalPrice.priceWithoutVat);
    }
    expect(invoice.vat).toEqual(vat);
    expect(text).toContain('No VAT USD 0.00');
    expect(text).toContain(VAT_NOTES.noVat);
  });
});

describe('a changed VAT number', () => {
  it('changes the VAT of the cart, while a placed order keeps the VAT it was placed with', async () => {
    const buyer = await factoryBuyer('vat-changes', { countryCode: 'AT', vatNumber: 'ATU99999999' });
    const { order } = await placedAndInvoiced(buyer);
    expect(order.vat.treatment).toBe('reverse-charge');
    await testApp.db.update(customers).set({ vatNumber: null }).where(eq(customers.id, buyer.owner.customerId));
    const { cart } = await calculated(buyer);
    expect(cart.vat.treatment).toBe('domestic');
    const { order: again } = await ok(orderEndpoints.getOrderByCartId, buyer.token, {
      body: { area: EU_AREA, cartId: order.cartId },
    });
    expect(again.vat).toEqual(order.vat);
    expect(again.totalPrice).toEqual(order.totalPrice);
  });
});
