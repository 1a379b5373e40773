/**
 * The documents of an order's life (ADR 014): the state changes of an order, its invoice and the credit memos
 * against that invoice. Money in integer minor units; `…NetMinor` without VAT, `…VatMinor` the VAT.
 */
import type { VatTreatment } from '@b2b/contract/vat-rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import type { StoredPricedCampaign } from './campaigns.ts';
import type { AddressSnapshot } from './carts.ts';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { orderLines, orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Every move of an order from one state to another (`orders.status` holds the current one): the order's timeline
 * and the record of who moved it. `changedByUserId` is null for moves the system made (the demo seed).
 */
export const orderStateChanges = pgTable(
  'order_state_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    changedByUserId: uuid('changed_by_user_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [index('order_state_changes_order_created_idx').on(table.orderId, table.createdAt)],
);

/** Invoice numbers: INV-000001, INV-000002 … (readable by people; ids and link ids stay random). */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });
/** Credit memo numbers: CM-000001 … */
export const creditMemoNumberSequence = pgSequence('credit_memo_number_seq', { startWith: 1, increment: 1 });

/**
 * The link id of an invoice (its URL `/customer-center/invoices/{linkId}` and GetInvoicePdf's LinkId): 16 random
 * bytes as 22 characters of base64url, so it cannot be guessed from a number. Made from gen_random_uuid because
 * that needs no extension on PostgreSQL 15 nor on PGlite (122 random bits; the UUID's 6 fixed bits do no harm).
 */
const randomLinkIdSql = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

/**
 * Invoices: made from an order when it moves to Invoiced (at most one per order), frozen from then on. Totals are
 * the sums of the lines; `dueDate` = `invoiceDate` + the customer's payment terms. Open until `paidAt` is set,
 * overdue when open after `dueDate` (computed, not stored).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: text('link_id').notNull().default(randomLinkIdSql),
    invoiceNumber: text('invoice_number')
      .notNull()
      .default(sql`('INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0'))`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    currencyCode: text('currency_code').notNull(),
    /** The order's VAT as placed: rate, treatment, note and the customer's VAT number (ADR 018). */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatTreatment: text('vat_treatment').$type<VatTreatment>().notNull(),
    vatNote: text('vat_note'),
    customerVatNumber: text('customer_vat_number'),
    /** The customer's address when invoiced (the PDF shows it; later edits do not change the invoice). */
    billToAddress: jsonb('bill_to_address').$type<AddressSnapshot>(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    totalNetMinor: bigint('total_net_minor', { mode: 'number' }).notNull(),
    totalVatMinor: bigint('total_vat_minor', { mode: 'number' }).notNull(),
    totalWithVatMinor: bigint('total_with_vat_minor', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who invoiced (moved the order to Invoiced); null when the system did (the seed). */
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    /** Who registered the payment (RegisterInvoicePayment). */
    paidByUserId: uuid('paid_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_link_id_idx').on(table.linkId),
    uniqueIndex('invoices_invoice_number_idx').on(table.invoiceNumber),
    uniqueIndex('invoices_order_id_idx').on(table.orderId),
    // The customer's list, newest first (the number breaks ties of one day).
    index('invoices_customer_date_idx').on(table.customerId, table.invoiceDate.desc(), table.invoiceNumber.desc()),
  ],
);

/** What an invoice line is: an order's product line, a generated line (bundle part) or the shipping fee. */
export const INVOICE_LINE_TYPES = ['Product', 'Generated', 'ShippingFee'] as const;
export type InvoiceLineType = (typeof INVOICE_LINE_TYPES)[number];

/** Lines of an invoice, copied from the order's lines (and its shipping fee) when invoiced. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The order line it bills; null for the shipping fee. */
    orderLineId: uuid('order_line_id').references(() => orderLines.id),
    type: text('type').$type<InvoiceLineType>().notNull(),
    productId: text('product_id'),
    variantId: text('variant_id'),
    unitOfMeasure: text('unit_of_measure'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitNetMinor: bigint('unit_net_minor', { mode: 'number' }).notNull(),
    lineNetMinor: bigint('line_net_minor', { mode: 'number' }).notNull(),
    /** The line's share of the invoice's VAT (ADR 018: VAT is computed on the total, then shared out). */
    lineVatMinor: bigint('line_vat_minor', { mode: 'number' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    /** The campaign and level that priced the order line (copied from it); null: none. */
    campaign: jsonb('campaign').$type<StoredPricedCampaign>(),
    /** What the campaign took off the line (lineNetMinor is after it); 0 without a campaign. */
    campaignDiscountMinor: bigint('campaign_discount_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [index('invoice_lines_invoice_sort_idx').on(table.invoiceId, table.sortOrder)],
);

/**
 * Credit memos against an invoice: credited lines (a quantity of an invoice line) or an amount. The sum of an
 * invoice's credit memos never exceeds the invoice (checked under a lock of the invoice row, ADR 014).
 */
export const creditMemos = pgTable(
  'credit_memos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditMemoNumber: text('credit_memo_number')
      .notNull()
      .default(sql`('CM-' || lpad(nextval('credit_memo_number_seq')::text, 6, '0'))`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    currencyCode: text('currency_code').notNull(),
    creditMemoDate: date('credit_memo_date', { mode: 'string' }).notNull(),
    totalNetMinor: bigint('total_net_minor', { mode: 'number' }).notNull(),
    totalVatMinor: bigint('total_vat_minor', { mode: 'number' }).notNull(),
    totalWithVatMinor: bigint('total_with_vat_minor', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('credit_memos_credit_memo_number_idx').on(table.creditMemoNumber),
    index('credit_memos_customer_date_idx').on(
      table.customerId,
      table.creditMemoDate.desc(),
      table.creditMemoNumber.desc(),
    ),
    index('credit_memos_invoice_id_idx').on(table.invoiceId),
  ],
);

/** Lines of a credit memo: a quantity of an invoice line, or (invoiceLineId and quantity null) an amount. */
export const creditMemoLines = pgTable(
  'credit_memo_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditMemoId: uuid('credit_memo_id')
      .notNull()
      .references(() => creditMemos.id, { onDelete: 'cascade' }),
    invoiceLineId: uuid('invoice_line_id').references(() => invoiceLines.id),
    description: text('description').notNull(),
    quantity: integer('quantity'),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    /** The line's share of the credit memo's VAT (ADR 018). */
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [
    index('credit_memo_lines_credit_memo_sort_idx').on(table.creditMemoId, table.sortOrder),
    index('credit_memo_lines_invoice_line_id_idx').on(table.invoiceLineId),
  ],
);
