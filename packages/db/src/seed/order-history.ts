/**
 * The demo customers' order history (issue 9): orders over the 18 months before the seed's reference date, each
 * moved through its states, with the invoices, payments and credit memos a real customer account has, and a few
 * orders a sales rep placed in an impersonation session. `buildOrderHistory` plans the rows from the seed's random
 * streams (no clock, no database); `insertOrderHistory` writes them in bulk and moves the number sequences on.
 *
 * Money follows the cart's rules (ADR 007, ADR 018): integer minor units without VAT; each customer's own VAT
 * treatment (the contract's vat-rules: the Austrian customer's orders are reverse charge at 0 %, the Norwegian's
 * exports at 0 %, the US customer's without VAT), VAT once on the order's total rounded half up to the cent and
 * shared out over the lines and the fee; totals the exact sums of the lines plus the shipping fee. Seeded orders
 * reserve no stock: the generated stock levels already carry reservations, and the catalogue stays the same with or
 * without the history.
 */
import type { OrderStatus } from '@b2b/contract';
import {
  allocateVatMinor,
  type CustomerVat,
  customerVatOf,
  type SellerVatRegistration,
  vatAmountMinor,
} from '@b2b/contract/vat-rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  type AddressSnapshot,
  cartLines,
  carts,
  creditMemoLines,
  creditMemos,
  impersonationActions,
  impersonationSessions,
  invoiceLines,
  invoices,
  orderLines,
  orderStateChanges,
  orders,
} from '../schema.ts';
import { SEED_SHIPPING_METHOD_FEES, SEED_SHIPPING_METHODS } from './checkout-data.ts';
import { type AccountRows, DEMO_CUSTOMERS, DEMO_USERS } from './demo-accounts.ts';
import type { GeneratedProduct } from './generate-product.ts';
import { insertJsonRows } from './insert-in-chunks.ts';
import { toGroupPriceListId, toListPriceId } from './price-lists.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';
import { addDays, SEED_REFERENCE_DATE } from './reference-date.ts';

/** Orders per demo customer unless the seed is told otherwise (the issue asks for at least 40). */
export const DEFAULT_HISTORY_ORDERS = 48;
/** The history covers the 18 months before the reference date. */
const HISTORY_MONTHS = 18;
/** Orders draw their lines from the first products of the catalogue (a dealer's usual assortment is not 100,000). */
export const HISTORY_PRODUCT_POOL_SIZE = 2_000;
/** Products a customer reorders again and again; most lines come from these. */
const FAVOURITES_PER_CUSTOMER = 40;
const FAVOURITE_LINE_SHARE = 0.8;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The newest orders are still on their way: placed this many whole days before the reference date, an order is in
 * this state. At least one order falls in each band, so every demo customer has orders in each of these states.
 */
const RECENT_BANDS: ReadonlyArray<{ status: OrderStatus; fromDay: number; toDay: number }> = [
  { status: 'Placed', fromDay: 1, toDay: 1 },
  { status: 'Processing', fromDay: 2, toDay: 4 },
  { status: 'PartlyShipped', fromDay: 5, toDay: 8 },
  { status: 'Shipped', fromDay: 9, toDay: 12 },
];
/** From this age on an order has been invoiced (or cancelled). */
const INVOICED_FROM_DAY = 13;
/** Orders of the last two months, at least this many per customer: the open and the recently overdue invoices. */
const LAST_TWO_MONTHS_DAY = 60;
const LAST_TWO_MONTHS_MIN_ORDERS = 10;
const CANCELLED_SHARE = 0.035;
const ASSISTED_SHARE = 0.1;
const MIN_ASSISTED_ORDERS = 3;
const CREDITED_INVOICE_SHARE = 0.05;
const MIN_CREDIT_MEMOS = 2;

/** Line counts 1…8 and their weights (most orders have 2–5 lines), quantities and theirs. */
const LINE_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const LINE_COUNT_WEIGHTS = [10, 16, 18, 16, 14, 11, 8, 7] as const;
const QUANTITIES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 20, 24] as const;
const QUANTITY_WEIGHTS = [14, 16, 12, 12, 10, 8, 8, 8, 5, 4, 3] as const;

/**
 * Goods worth at least this much (minor units, without VAT) per order: dealers order above the small-order
 * surcharge's limit (100.00, NOK 1,000.00), so the history has no surcharge lines.
 */
const MIN_GOODS_MINOR: Readonly<Record<string, number>> = { EUR: 15_000, USD: 15_000, XNOK: 150_000 };

const SESSION_REASONS = ['Phone order', 'Visit at the shop', 'Order sent by e-mail', 'Trade fair order'] as const;
const ORDER_COMMENTS = [
  'Please deliver before noon.',
  'Call the shop before delivery.',
  'Deliver to the back entrance.',
  'Part delivery is fine.',
] as const;
const CANCEL_NOTES = [
  'Cancelled at the customer’s request.',
  'Ordered twice by mistake; cancelled with the customer.',
  'Not in stock before the season; cancelled with the customer.',
] as const;
const PARTLY_SHIPPED_NOTE = 'Shipped what was in stock; the rest follows.';
const LINE_CREDIT_REASONS = ['Damaged in transit', 'Returned: wrong size delivered', 'Returned: faulty item'] as const;
const AMOUNT_CREDIT_REASONS = ['Price correction agreed with the sales rep', 'Goodwill for a late delivery'] as const;

/** What an order line needs of a product: its variants and its prices per price list. */
export type HistoryProduct = {
  productId: string;
  name: string;
  unitOfMeasure: string;
  variants: ReadonlyArray<{ id: string; name: string }>;
  /** Unit price without VAT in minor units per price-list id (`list-EUR`, `group-A-EUR` …). */
  unitPriceMinorByList: ReadonlyMap<string, number>;
};

/** The part of a generated product the history needs (the seed keeps the first products of its batches). */
export function toHistoryProduct(generated: GeneratedProduct): HistoryProduct {
  return {
    productId: generated.product.id,
    name: generated.product.name,
    unitOfMeasure: generated.product.unitOfMeasure ?? 'STK',
    variants: generated.variants.map((variant) => ({ id: variant.id, name: variant.name })),
    unitPriceMinorByList: new Map(generated.prices.map((price) => [price.priceListId, price.unitPriceMinor])),
  };
}

/** A customer that gets a history: its prices, its VAT, payment terms, buyer, and the rep who acts for it, if any. */
type HistoryCustomer = {
  customerId: string;
  customerNumber: string;
  customerName: string;
  areaId: string;
  /** The currency the customer buys in (its override, else the area's). */
  currencyCode: string;
  priceGroupId: string | null;
  /** The customer's VAT treatment (vat-rules' customerVatOf), as CreateOrderByCartId would find it. */
  vat: CustomerVat;
  paymentTermsDays: number;
  buyerUserId: string;
  salesRepUserId: string | null;
  address: AddressSnapshot;
};

/**
 * The demo customers (those with a buyer login) as history customers, from the seed's account rows: the demo
 * buyer places their orders, and the sales rep who acts for them places a few.
 */
export function toHistoryCustomers(
  accounts: AccountRows,
  areaCurrencies: ReadonlyMap<string, string>,
  sellers: ReadonlyMap<string, SellerVatRegistration>,
): HistoryCustomer[] {
  const userIdByName = new Map(accounts.users.map((user) => [user.username, user.id ?? '']));
  const result: HistoryCustomer[] = [];
  for (const demo of DEMO_CUSTOMERS) {
    const customer = accounts.customers.find((row) => row.customerNumber === demo.customerNumber);
    const address = accounts.addresses.find((row) => row.customerId === customer?.id && row.isDefault);
    const buyer = DEMO_USERS.find((user) => user.customerNumber === demo.customerNumber);
    const rep = DEMO_USERS.find((user) => user.impersonates.includes(demo.customerNumber));
    const buyerUserId = buyer ? userIdByName.get(buyer.username) : undefined;
    if (!customer?.id || !address?.id || !buyerUserId) continue;
    result.push({
      customerId: customer.id,
      customerNumber: demo.customerNumber,
      customerName: demo.name,
      areaId: demo.areaId,
      currencyCode: demo.currencyCode ?? areaCurrencies.get(demo.areaId) ?? 'EUR',
      priceGroupId: demo.priceGroupId,
      vat: customerVatOf(sellers.get(demo.areaId) ?? null, demo),
      paymentTermsDays: demo.paymentTermsDays,
      buyerUserId,
      salesRepUserId: rep ? (userIdByName.get(rep.username) ?? null) : null,
      address: {
        addressId: address.id,
        name: address.name,
        street: address.street,
        postalCode: address.postalCode,
        city: address.city,
        countryCode: address.countryCode,
      },
    });
  }
  return result;
}

/** The rows of the history, in the order they are inserted (foreign keys first). */
export type OrderHistoryRows = {
  impersonationSessions: Array<typeof impersonationSessions.$inferInsert>;
  carts: Array<typeof carts.$inferInsert>;
  cartLines: Array<typeof cartLines.$inferInsert>;
  orders: Array<typeof orders.$inferInsert>;
  orderLines: Array<typeof orderLines.$inferInsert>;
  orderStateChanges: Array<typeof orderStateChanges.$inferInsert>;
  impersonationActions: Array<typeof impersonationActions.$inferInsert>;
  invoices: Array<typeof invoices.$inferInsert>;
  invoiceLines: Array<typeof invoiceLines.$inferInsert>;
  creditMemos: Array<typeof creditMemos.$inferInsert>;
  creditMemoLines: Array<typeof creditMemoLines.$inferInsert>;
};

const AMOUNT_FORMAT = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "EUR 1,234.50" (XNOK shown as NOK), as the API writes amounts into impersonation actions. */
function formatAmount(minor: number, currencyCode: string): string {
  return `${currencyCode === 'XNOK' ? 'NOK' : currencyCode} ${AMOUNT_FORMAT.format(minor / 100)}`;
}

function toIsoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (yyyy-mm-dd, UTC). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function numbered(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(6, '0')}`;
}

type PlannedLine = {
  id: string;
  product: HistoryProduct;
  variant: { id: string; name: string };
  quantity: number;
  unitMinor: number;
  netUnitMinor: number;
};

type PlannedCredit = {
  id: string;
  at: Date;
  reason: string;
  /** A quantity of one product line, or (line null) an amount without VAT. */
  line: PlannedLine | null;
  quantity: number | null;
  netMinor: number;
};

type PlannedOrder = {
  id: string;
  cartId: string;
  customer: HistoryCustomer;
  placedAt: Date;
  /** The state the order reached unless it is paid (Completed) or cancelled. */
  stage: OrderStatus;
  cancelled: boolean;
  cancelNote: string;
  lines: PlannedLine[];
  shippingMethodId: string;
  shippingMethodName: string;
  shippingFeeMinor: number;
  reference: string | null;
  comment: string | null;
  /** The state changes' times (Processing, PartlyShipped, Shipped, Invoiced), from the timeline. */
  changes: Array<{ from: OrderStatus; to: OrderStatus; at: Date; note: string | null }>;
  invoice: {
    id: string;
    at: Date;
    dueDate: string;
    paidAt: Date | null;
    /** The back office closes a paid order a few hours to a day later (Invoiced → Completed). */
    completedAt: Date | null;
    lineIds: string[];
    shippingLineId: string;
    credit: PlannedCredit | null;
  } | null;
  assisted: { sessionId: string; reason: string } | null;
};

/** A time on day `daysBefore` before the reference date, in business hours (07:00–17:59 UTC). */
function businessTimeBefore(random: Random, reference: number, daysBefore: number): Date {
  return new Date(reference - daysBefore * DAY_MS + random.int(7, 17) * HOUR_MS + random.int(0, 59) * MINUTE_MS);
}

/** The same time if within working hours (07:00–17:59 UTC), else 07:mm of the next working morning. */
function inWorkingHours(at: number): number {
  const hour = new Date(at).getUTCHours();
  if (hour < 7) return at + (7 - hour) * HOUR_MS;
  if (hour >= 18) return at + (24 - hour + 7) * HOUR_MS;
  return at;
}

/** Ages (days before the reference date) of a customer's orders: the recent bands first, then the older months. */
function planOrderAges(random: Random, orderCount: number, historyDays: number): Array<{ day: number; band: number }> {
  const share = (days: number) => Math.round((orderCount * days) / historyDays);
  const ages: Array<{ day: number; band: number }> = [];
  RECENT_BANDS.forEach((band, index) => {
    const count = Math.max(1, share(band.toDay - band.fromDay + 1));
    for (let n = 0; n < count; n++) ages.push({ day: random.int(band.fromDay, band.toDay), band: index });
  });
  const lastTwoMonths = Math.max(LAST_TWO_MONTHS_MIN_ORDERS, share(LAST_TWO_MONTHS_DAY - INVOICED_FROM_DAY));
  for (let n = 0; n < lastTwoMonths; n++)
    ages.push({ day: random.int(INVOICED_FROM_DAY, LAST_TWO_MONTHS_DAY), band: -1 });
  while (ages.length < orderCount) ages.push({ day: random.int(LAST_TWO_MONTHS_DAY + 1, historyDays), band: -1 });
  return ages;
}

function pickLines(
  random: Random,
  customer: HistoryCustomer,
  pool: readonly HistoryProduct[],
  favourites: readonly HistoryProduct[],
): PlannedLine[] {
  const wanted = Math.min(random.pickWeighted(LINE_COUNTS, LINE_COUNT_WEIGHTS), pool.length);
  const listId = toListPriceId(customer.currencyCode);
  const groupListId = customer.priceGroupId ? toGroupPriceListId(customer.priceGroupId, customer.currencyCode) : null;
  const chosen = new Map<string, HistoryProduct>();
  for (let attempt = 0; chosen.size < wanted && attempt < wanted * 10; attempt++) {
    const product = random.chance(FAVOURITE_LINE_SHARE) ? random.pick(favourites) : random.pick(pool);
    if (product.unitPriceMinorByList.has(listId) && product.variants.length > 0) chosen.set(product.productId, product);
  }
  const lines = [...chosen.values()].map((product): PlannedLine => {
    const unitMinor = product.unitPriceMinorByList.get(listId) ?? 0;
    // The net-price rule: the price group's list in the customer's currency, else the list price.
    const netUnitMinor = (groupListId ? product.unitPriceMinorByList.get(groupListId) : undefined) ?? unitMinor;
    return {
      id: random.uuid(),
      product,
      variant: random.pick(product.variants),
      quantity: random.pickWeighted(QUANTITIES, QUANTITY_WEIGHTS),
      unitMinor,
      netUnitMinor,
    };
  });
  // Raise the dearest line until the order is above the small-order limit.
  const minimum = MIN_GOODS_MINOR[customer.currencyCode] ?? 0;
  const dearest = lines.reduce<PlannedLine | undefined>(
    (best, line) => (!best || line.netUnitMinor > best.netUnitMinor ? line : best),
    undefined,
  );
  const goods = lines.reduce((sum, line) => sum + line.netUnitMinor * line.quantity, 0);
  if (dearest && dearest.netUnitMinor > 0 && goods < minimum) {
    dearest.quantity += Math.ceil((minimum - goods) / dearest.netUnitMinor);
  }
  return lines;
}

function goodsNetMinor(lines: readonly PlannedLine[]): number {
  return lines.reduce((sum, line) => sum + line.netUnitMinor * line.quantity, 0);
}

/** The standard method of the area (express now and then), its fee waived from the free-freight threshold. */
function pickShipping(random: Random, customer: HistoryCustomer, goodsMinor: number) {
  const methods = SEED_SHIPPING_METHODS.filter(
    (method) =>
      method.areaId === customer.areaId &&
      (method.countryCodes ?? []).length === 0 &&
      SEED_SHIPPING_METHOD_FEES.some(
        (fee) => fee.shippingMethodId === method.id && fee.currencyCode === customer.currencyCode,
      ),
  );
  const method = random.chance(0.85) ? methods[0] : (methods[1] ?? methods[0]);
  if (!method) throw new Error(`order history: no shipping method for area ${customer.areaId}`);
  const fee = SEED_SHIPPING_METHOD_FEES.find(
    (row) => row.shippingMethodId === method.id && row.currencyCode === customer.currencyCode,
  );
  const freeAbove = fee?.freeAboveMinor ?? null;
  const feeMinor = freeAbove !== null && goodsMinor >= freeAbove ? 0 : (fee?.feeMinor ?? 0);
  return { shippingMethodId: method.id, shippingMethodName: method.name, shippingFeeMinor: feeMinor };
}

/**
 * The order's moves after it was placed, each a few hours or days after the one before: Processing the same or the
 * next day, shipped (sometimes in part first) one to three days later, invoiced the day it shipped or the next.
 */
function planTimeline(random: Random, order: PlannedOrder): void {
  const stages: OrderStatus[] = ['Placed'];
  if (order.cancelled) {
    if (random.chance(0.5)) stages.push('Processing');
  } else {
    const target = order.stage;
    if (target !== 'Placed') stages.push('Processing');
    if (target === 'PartlyShipped' || (['Shipped', 'Invoiced'].includes(target) && random.chance(0.2))) {
      stages.push('PartlyShipped');
    }
    if (target === 'Shipped' || target === 'Invoiced') stages.push('Shipped');
    if (target === 'Invoiced') stages.push('Invoiced');
  }
  let at = order.placedAt.getTime();
  for (let index = 1; index < stages.length; index++) {
    const to = stages[index] as OrderStatus;
    if (to === 'Processing') at += random.int(1, 20) * HOUR_MS;
    else if (to === 'Invoiced') at += random.int(2, 24) * HOUR_MS;
    else at += random.int(1, 2) * DAY_MS + random.int(0, 6) * HOUR_MS;
    // The back office moves orders in working hours.
    at = inWorkingHours(at);
    order.changes.push({
      from: stages[index - 1] as OrderStatus,
      to,
      at: new Date(at),
      note: to === 'PartlyShipped' ? PARTLY_SHIPPED_NOTE : null,
    });
  }
  if (order.cancelled) {
    at = inWorkingHours(at + random.int(2, 30) * HOUR_MS);
    order.changes.push({
      from: stages.at(-1) as OrderStatus,
      to: 'Cancelled',
      at: new Date(at),
      note: order.cancelNote,
    });
  }
}

/**
 * When a customer pays: nearly always when the due date is long past, mostly when it passed lately, now and then
 * before it is due. Null when unpaid by the reference date (open, or overdue once the due date has passed).
 */
function planPayment(random: Random, invoiceAt: Date, dueDate: string, reference: number): Date | null {
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const paidShare = due < reference - 30 * DAY_MS ? 0.97 : due < reference ? 0.7 : 0.25;
  if (!random.chance(paidShare)) return null;
  const terms = Math.round((due - invoiceAt.getTime()) / DAY_MS);
  const paidAt = new Date(
    invoiceAt.getTime() + random.int(Math.max(1, terms - 12), terms + 6) * DAY_MS + random.int(0, 8) * HOUR_MS,
  );
  return paidAt.getTime() < reference ? paidAt : null;
}

function planCustomerOrders(
  seed: number,
  customer: HistoryCustomer,
  orderCount: number,
  pool: readonly HistoryProduct[],
  referenceDate: string,
): PlannedOrder[] {
  const random = createRandom(deriveSeed(seed, 'order-history', customer.customerNumber));
  const reference = Date.parse(`${referenceDate}T00:00:00Z`);
  const firstDay = new Date(reference);
  firstDay.setUTCMonth(firstDay.getUTCMonth() - HISTORY_MONTHS);
  const historyDays = daysBetween(toIsoDate(firstDay), referenceDate);
  const favourites = random.sample(pool, Math.min(FAVOURITES_PER_CUSTOMER, pool.length));

  const planned = planOrderAges(random, orderCount, historyDays)
    .map(({ day, band }) => ({ placedAt: businessTimeBefore(random, reference, day), band }))
    .sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime())
    .map(({ placedAt, band }): PlannedOrder => {
      const lines = pickLines(random, customer, pool, favourites);
      return {
        id: random.uuid(),
        cartId: random.uuid(),
        customer,
        placedAt,
        stage: RECENT_BANDS[band]?.status ?? 'Invoiced',
        cancelled: false,
        cancelNote: random.pick(CANCEL_NOTES),
        lines,
        ...pickShipping(random, customer, goodsNetMinor(lines)),
        reference: random.chance(0.6) ? `PO-${customer.customerNumber}-${random.int(1000, 9999)}` : null,
        comment: random.chance(0.15) ? random.pick(ORDER_COMMENTS) : null,
        changes: [],
        invoice: null,
        assisted: null,
      };
    });

  // One or two cancelled among the older orders: cancelled orders are never invoiced.
  const older = planned.filter((order) => order.stage === 'Invoiced');
  const cancelledCount = Math.min(older.length, Math.max(1, Math.round(older.length * CANCELLED_SHARE)));
  for (const order of random.sample(older, cancelledCount)) order.cancelled = true;

  // Orders a sales rep placed for the customer, in an impersonation session ("Assisted sessions").
  if (customer.salesRepUserId) {
    for (const order of planned) if (random.chance(ASSISTED_SHARE)) order.assisted = { sessionId: '', reason: '' };
    for (let attempt = 0; planned.filter((order) => order.assisted).length < MIN_ASSISTED_ORDERS; attempt++) {
      if (attempt > planned.length * 10) break;
      random.pick(planned).assisted = { sessionId: '', reason: '' };
    }
    for (const order of planned) {
      if (order.assisted) order.assisted = { sessionId: random.uuid(), reason: random.pick(SESSION_REASONS) };
    }
  }

  for (const order of planned) {
    planTimeline(random, order);
    const invoiced = order.changes.find((change) => change.to === 'Invoiced');
    if (!invoiced) continue;
    const invoiceDate = toIsoDate(invoiced.at);
    const dueDate = addDays(invoiceDate, customer.paymentTermsDays);
    const paidAt = planPayment(random, invoiced.at, dueDate, reference);
    const completedAt = paidAt ? new Date(inWorkingHours(paidAt.getTime() + random.int(2, 30) * HOUR_MS)) : null;
    order.invoice = {
      id: random.uuid(),
      at: invoiced.at,
      dueDate,
      paidAt,
      completedAt: completedAt && completedAt.getTime() < reference ? completedAt : null,
      lineIds: order.lines.map(() => random.uuid()),
      shippingLineId: random.uuid(),
      credit: null,
    };
  }

  // Every demo customer has an open invoice (not yet due) and an overdue one to show.
  const invoiced = planned.filter((order) => order.invoice);
  const notYetDue = invoiced.filter((order) => Date.parse(`${order.invoice?.dueDate}T00:00:00Z`) >= reference);
  const pastDue = invoiced.filter((order) => Date.parse(`${order.invoice?.dueDate}T00:00:00Z`) < reference);
  const newestNotYetDue = notYetDue.at(-1)?.invoice;
  if (newestNotYetDue && notYetDue.every((order) => order.invoice?.paidAt)) {
    Object.assign(newestNotYetDue, { paidAt: null, completedAt: null });
  }
  const newestPastDue = pastDue.at(-1)?.invoice;
  if (newestPastDue && pastDue.every((order) => order.invoice?.paidAt)) {
    Object.assign(newestPastDue, { paidAt: null, completedAt: null });
  }

  // A few credit memos on invoices at least three weeks old, dated 3–15 days after the invoice.
  const creditable = invoiced.filter((order) => (order.invoice?.at.getTime() ?? 0) < reference - 21 * DAY_MS);
  const creditCount = Math.min(
    creditable.length,
    Math.max(MIN_CREDIT_MEMOS, Math.round(creditable.length * CREDITED_INVOICE_SHARE)),
  );
  for (const order of random.sample(creditable, creditCount)) {
    const invoice = order.invoice;
    if (!invoice) continue;
    const at = new Date(inWorkingHours(invoice.at.getTime() + random.int(3, 15) * DAY_MS + random.int(0, 6) * HOUR_MS));
    const line = random.chance(0.6) ? random.pick(order.lines) : null;
    if (line) {
      const quantity = random.int(1, Math.min(3, line.quantity));
      invoice.credit = {
        id: random.uuid(),
        at,
        reason: random.pick(LINE_CREDIT_REASONS),
        line,
        quantity,
        netMinor: line.netUnitMinor * quantity,
      };
    } else {
      // 5–10 % of the goods, in whole currency units: never more than the invoice.
      const goods = goodsNetMinor(order.lines);
      const netMinor = Math.max(100, Math.floor((goods * random.int(5, 10)) / 100 / 100) * 100);
      invoice.credit = {
        id: random.uuid(),
        at,
        reason: random.pick(AMOUNT_CREDIT_REASONS),
        line: null,
        quantity: null,
        netMinor: Math.min(netMinor, goods),
      };
    }
  }
  return planned;
}

function statusOf(order: PlannedOrder): OrderStatus {
  if (order.cancelled) return 'Cancelled';
  if (order.invoice?.completedAt) return 'Completed';
  return order.changes.at(-1)?.to ?? 'Placed';
}

function byTime<T>(time: (item: T) => Date, id: (item: T) => string) {
  return (a: T, b: T) => time(a).getTime() - time(b).getTime() || id(a).localeCompare(id(b));
}

/**
 * Plans the history of `customers`: `ordersPerCustomer` orders each (more when the recent bands need them), their
 * lines from `products`, states, invoices and credit memos. Order, invoice and credit memo numbers run in time
 * order across all customers, from 1. Same arguments → the same rows.
 */
export function buildOrderHistory(input: {
  seed: number;
  ordersPerCustomer: number;
  customers: readonly HistoryCustomer[];
  products: readonly HistoryProduct[];
  referenceDate?: string;
}): OrderHistoryRows {
  const rows: OrderHistoryRows = {
    impersonationSessions: [],
    carts: [],
    cartLines: [],
    orders: [],
    orderLines: [],
    orderStateChanges: [],
    impersonationActions: [],
    invoices: [],
    invoiceLines: [],
    creditMemos: [],
    creditMemoLines: [],
  };
  if (input.ordersPerCustomer <= 0 || input.products.length === 0) return rows;
  const referenceDate = input.referenceDate ?? SEED_REFERENCE_DATE;
  const planned = input.customers
    .flatMap((customer) =>
      planCustomerOrders(input.seed, customer, input.ordersPerCustomer, input.products, referenceDate),
    )
    .sort(
      byTime(
        (order) => order.placedAt,
        (order) => order.id,
      ),
    );

  const invoiceNumbers = new Map(
    planned
      .filter((order) => order.invoice)
      .sort(
        byTime(
          (order) => order.invoice?.at ?? order.placedAt,
          (order) => order.id,
        ),
      )
      .map((order, index) => [order.id, numbered('INV', index + 1)]),
  );
  const creditMemoNumbers = new Map(
    planned
      .filter((order) => order.invoice?.credit)
      .sort(
        byTime(
          (order) => order.invoice?.credit?.at ?? order.placedAt,
          (order) => order.id,
        ),
      )
      .map((order, index) => [order.id, numbered('CM', index + 1)]),
  );

  // Ids of the rows made here (cart lines, state changes, actions, credit lines) come from their own stream.
  const ids = createRandom(deriveSeed(input.seed, 'order-history-ids'));
  planned.forEach((order, index) => {
    const { customer } = order;
    const orderNumber = numbered('SO', index + 1);
    const { vat } = customer;
    const rate = vat.rateBasisPoints;
    const placedBy = order.assisted && customer.salesRepUserId ? customer.salesRepUserId : customer.buyerUserId;
    const orderLineIds = order.lines.map((line) => line.id);
    const totalNetMinor = goodsNetMinor(order.lines) + order.shippingFeeMinor;
    // VAT once on the total, shared out over the lines and the fee (ADR 018).
    const totalVatMinor = vatAmountMinor(totalNetMinor, rate);
    const vatShares = allocateVatMinor(
      [...order.lines.map((line) => line.netUnitMinor * line.quantity), order.shippingFeeMinor],
      totalVatMinor,
    );
    const lineVat = (position: number) => vatShares[position] ?? 0;
    const shippingVat = vatShares[order.lines.length] ?? 0;
    const documentVat = {
      vatRateBasisPoints: rate,
      vatTreatment: vat.treatment,
      vatNote: vat.note,
      customerVatNumber: vat.customerVatNumber,
    };
    const cartOpenedAt = new Date(order.placedAt.getTime() - 20 * MINUTE_MS);

    if (order.assisted) {
      const startedAt = new Date(order.placedAt.getTime() - 25 * MINUTE_MS);
      const endedAt = new Date(order.placedAt.getTime() + 3 * MINUTE_MS);
      rows.impersonationSessions.push({
        id: order.assisted.sessionId,
        salesUserId: placedBy,
        customerId: customer.customerId,
        areaId: customer.areaId,
        reason: order.assisted.reason,
        startedAt,
        expiresAt: new Date(startedAt.getTime() + 8 * HOUR_MS),
        endedAt,
        endReason: 'ended',
        lastActivityAt: endedAt,
      });
      const action = (kind: string, summary: string, at: Date, details: Record<string, unknown>) =>
        rows.impersonationActions.push({
          id: ids.uuid(),
          sessionId: order.assisted?.sessionId ?? '',
          kind,
          summary,
          details,
          createdAt: at,
        });
      action('Cart.CreateCart', 'Started a new cart', cartOpenedAt, { cartId: order.cartId });
      action(
        'Cart.AddOrUpdateLines',
        order.lines.map((line) => `Added ${line.quantity} × ${line.variant.id} (${line.variant.name})`).join('; '),
        new Date(cartOpenedAt.getTime() + 8 * MINUTE_MS),
        {
          cartId: order.cartId,
          lines: order.lines.map((line) => ({ productId: line.product.productId, variantId: line.variant.id })),
        },
      );
      action(
        'Order.CreateOrderByCartId',
        `Placed order ${orderNumber} (${formatAmount(totalNetMinor, customer.currencyCode)} excl. VAT)`,
        order.placedAt,
        { orderId: order.id, cartId: order.cartId },
      );
    }

    rows.carts.push({
      id: order.cartId,
      customerId: customer.customerId,
      createdByUserId: placedBy,
      areaId: customer.areaId,
      currencyCode: customer.currencyCode,
      status: 'checked_out',
      version: order.lines.length + 4,
      shippingAddressId: customer.address.addressId,
      shippingAddress: customer.address,
      shippingMethodId: order.shippingMethodId,
      paymentMethodId: 'invoice',
      comment: order.comment,
      reference: order.reference,
      createdAt: cartOpenedAt,
      updatedAt: order.placedAt,
      checkedOutAt: order.placedAt,
    });
    for (const line of order.lines) {
      rows.cartLines.push({
        id: ids.uuid(),
        cartId: order.cartId,
        productId: line.product.productId,
        variantId: line.variant.id,
        variantKey: line.variant.id,
        unitOfMeasure: line.product.unitOfMeasure,
        quantity: line.quantity,
        createdAt: cartOpenedAt,
      });
    }

    rows.orders.push({
      id: order.id,
      orderNumber,
      cartId: order.cartId,
      customerId: customer.customerId,
      placedByUserId: placedBy,
      impersonationSessionId: order.assisted?.sessionId ?? null,
      idempotencyKey: null,
      status: statusOf(order),
      areaId: customer.areaId,
      currencyCode: customer.currencyCode,
      ...documentVat,
      discountMinor: order.lines.reduce((sum, line) => sum + (line.unitMinor - line.netUnitMinor) * line.quantity, 0),
      shippingFeeMinor: order.shippingFeeMinor,
      totalNetMinor,
      totalVatMinor,
      totalWithVatMinor: totalNetMinor + totalVatMinor,
      shippingMethodId: order.shippingMethodId,
      shippingMethodName: order.shippingMethodName,
      shipToAddress: customer.address,
      shipToCountryCode: customer.address.countryCode,
      paymentMethodId: 'invoice',
      comment: order.comment,
      reference: order.reference,
      isBackorder: false,
      createdAt: order.placedAt,
      updatedAt: order.invoice?.completedAt ?? order.changes.at(-1)?.at ?? order.placedAt,
    });
    order.lines.forEach((line, position) => {
      const netLine = line.netUnitMinor * line.quantity;
      rows.orderLines.push({
        id: line.id,
        orderId: order.id,
        lineNumber: position + 1,
        parentId: null,
        type: 'Product',
        productId: line.product.productId,
        variantId: line.variant.id,
        unitOfMeasure: line.product.unitOfMeasure,
        name: line.product.name,
        quantity: line.quantity,
        unitPriceMinor: line.unitMinor,
        netUnitPriceMinor: line.netUnitMinor,
        linePriceMinor: line.unitMinor * line.quantity,
        netLinePriceMinor: netLine,
        vatMinor: lineVat(position),
        quantityAvailable: line.quantity,
        isBackorder: false,
      });
    });

    const invoice = order.invoice;
    const changes = [...order.changes];
    if (invoice?.completedAt) changes.push({ from: 'Invoiced', to: 'Completed', at: invoice.completedAt, note: null });
    for (const change of changes) {
      rows.orderStateChanges.push({
        id: ids.uuid(),
        orderId: order.id,
        fromStatus: change.from,
        toStatus: change.to,
        changedByUserId: null,
        note: change.note,
        createdAt: change.at,
      });
    }
    if (!invoice) return;

    rows.invoices.push({
      id: invoice.id,
      invoiceNumber: invoiceNumbers.get(order.id) ?? '',
      customerId: customer.customerId,
      orderId: order.id,
      areaId: customer.areaId,
      currencyCode: customer.currencyCode,
      ...documentVat,
      billToAddress: customer.address,
      invoiceDate: toIsoDate(invoice.at),
      dueDate: invoice.dueDate,
      totalNetMinor,
      totalVatMinor,
      totalWithVatMinor: totalNetMinor + totalVatMinor,
      paidAt: invoice.paidAt,
      createdByUserId: null,
      paidByUserId: null,
      createdAt: invoice.at,
    });
    order.lines.forEach((line, position) => {
      const netLine = line.netUnitMinor * line.quantity;
      rows.invoiceLines.push({
        id: invoice.lineIds[position] ?? '',
        invoiceId: invoice.id,
        orderLineId: orderLineIds[position] ?? null,
        type: 'Product',
        productId: line.product.productId,
        variantId: line.variant.id,
        unitOfMeasure: line.product.unitOfMeasure,
        name: line.product.name,
        quantity: line.quantity,
        unitNetMinor: line.netUnitMinor,
        lineNetMinor: netLine,
        lineVatMinor: lineVat(position),
        sortOrder: position,
      });
    });
    if (order.shippingFeeMinor > 0) {
      rows.invoiceLines.push({
        id: invoice.shippingLineId,
        invoiceId: invoice.id,
        orderLineId: null,
        type: 'ShippingFee',
        productId: null,
        variantId: null,
        unitOfMeasure: null,
        name: order.shippingMethodName,
        quantity: 1,
        unitNetMinor: order.shippingFeeMinor,
        lineNetMinor: order.shippingFeeMinor,
        lineVatMinor: shippingVat,
        sortOrder: order.lines.length,
      });
    }

    const credit = invoice.credit;
    if (!credit) return;
    // The invoice's only credit memo: its VAT is computed once on its net, like the API's (ADR 018).
    const creditVat = vatAmountMinor(credit.netMinor, rate);
    const creditedLinePosition = credit.line ? order.lines.indexOf(credit.line) : -1;
    rows.creditMemos.push({
      id: credit.id,
      creditMemoNumber: creditMemoNumbers.get(order.id) ?? '',
      invoiceId: invoice.id,
      customerId: customer.customerId,
      currencyCode: customer.currencyCode,
      creditMemoDate: toIsoDate(credit.at),
      totalNetMinor: credit.netMinor,
      totalVatMinor: creditVat,
      totalWithVatMinor: credit.netMinor + creditVat,
      reason: credit.reason,
      createdByUserId: null,
      createdAt: credit.at,
    });
    rows.creditMemoLines.push({
      id: ids.uuid(),
      creditMemoId: credit.id,
      invoiceLineId: creditedLinePosition >= 0 ? (invoice.lineIds[creditedLinePosition] ?? null) : null,
      // As the back office's CreateCreditMemo describes them: a line by its invoice line's name, else the amount.
      description: credit.line ? credit.line.product.name : 'Amount credited',
      quantity: credit.quantity,
      netMinor: credit.netMinor,
      vatMinor: creditVat,
      sortOrder: 0,
    });
  });
  return rows;
}

/**
 * Inserts the history in bulk (one JSON statement per 5,000 rows, foreign keys first) and moves the order, invoice
 * and credit memo sequences past the seeded numbers, so the next order placed is the one after the history's.
 */
export async function insertOrderHistory(db: Executor, rows: OrderHistoryRows): Promise<void> {
  await insertJsonRows(db, impersonationSessions, rows.impersonationSessions);
  await insertJsonRows(db, carts, rows.carts);
  await insertJsonRows(db, cartLines, rows.cartLines);
  await insertJsonRows(db, orders, rows.orders);
  await insertJsonRows(db, orderLines, rows.orderLines);
  await insertJsonRows(db, orderStateChanges, rows.orderStateChanges);
  await insertJsonRows(db, impersonationActions, rows.impersonationActions);
  await insertJsonRows(db, invoices, rows.invoices);
  await insertJsonRows(db, invoiceLines, rows.invoiceLines);
  await insertJsonRows(db, creditMemos, rows.creditMemos);
  await insertJsonRows(db, creditMemoLines, rows.creditMemoLines);
  const sequences = [
    ['order_number_seq', rows.orders.length],
    ['invoice_number_seq', rows.invoices.length],
    ['credit_memo_number_seq', rows.creditMemos.length],
  ] as const;
  for (const [sequence, used] of sequences) {
    // setval(n) makes the next nextval n + 1; a sequence starts at 1, so 0 (nothing seeded) leaves it alone.
    if (used > 0) await db.execute(sql`SELECT setval(${sequence}, ${used})`);
  }
}
