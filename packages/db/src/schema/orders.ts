/** Placed orders and their lines, numbered from a sequence (spec §3 Order). */
import type { VatTreatment } from '@b2b/contract/vat-rules';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import { type AddressSnapshot, carts } from './carts.ts';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { impersonationSessions } from './impersonation.ts';
import { paymentMethods } from './payment-methods.ts';
import { shippingMethods } from './shipping.ts';
import { users } from './users.ts';

/** Order numbers come from this sequence: SO-000001, SO-000002 … (readable by people; ids stay random). */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1, increment: 1 });

/**
 * Placed orders: a snapshot of the calculated cart. `cartId` is unique (one order per cart: the idempotency of
 * CreateOrderByCartId), and so is (customer, Idempotency-Key). Money in minor units without VAT unless named.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number')
      .notNull()
      .default(sql`('SO-' || lpad(nextval('order_number_seq')::text, 6, '0'))`),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    placedByUserId: uuid('placed_by_user_id')
      .notNull()
      .references(() => users.id),
    /** The impersonation session the order was placed in (a sales rep for the customer); null when the customer's own. */
    impersonationSessionId: uuid('impersonation_session_id').references(() => impersonationSessions.id),
    idempotencyKey: text('idempotency_key'),
    /** One of the contract's ORDER_STATUSES: 'Placed' when created, moved on by the back office (ADR 014). */
    status: text('status').notNull().default('Placed'),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    currencyCode: text('currency_code').notNull(),
    /** The VAT rate applied (the customer's treatment's: the seller's rate, or 0); ADR 018. */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    /** The contract's VAT_TREATMENTS: domestic, reverse-charge, export or no-vat, as decided when placed. */
    vatTreatment: text('vat_treatment').$type<VatTreatment>().notNull(),
    /** The note the order's documents print for its VAT (the legal ground of 0 %); null when none. */
    vatNote: text('vat_note'),
    /** The customer's VAT number when the order was placed (printed on its invoice); null when it had none. */
    customerVatNumber: text('customer_vat_number'),
    /** Σ list line prices − Σ net line prices. */
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull(),
    shippingFeeMinor: bigint('shipping_fee_minor', { mode: 'number' }).notNull(),
    /** Lines (incl. generated) + shipping fee, without VAT. */
    totalNetMinor: bigint('total_net_minor', { mode: 'number' }).notNull(),
    totalVatMinor: bigint('total_vat_minor', { mode: 'number' }).notNull(),
    totalWithVatMinor: bigint('total_with_vat_minor', { mode: 'number' }).notNull(),
    shippingMethodId: text('shipping_method_id').references(() => shippingMethods.id),
    shippingMethodName: text('shipping_method_name'),
    shipToAddress: jsonb('ship_to_address').$type<AddressSnapshot>(),
    shipToCountryCode: text('ship_to_country_code'),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    comment: text('comment'),
    reference: text('reference'),
    isBackorder: boolean('is_backorder').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_order_number_idx').on(table.orderNumber),
    uniqueIndex('orders_cart_id_idx').on(table.cartId),
    uniqueIndex('orders_customer_idempotency_key_idx').on(table.customerId, table.idempotencyKey),
    index('orders_customer_id_created_at_idx').on(table.customerId, table.createdAt),
    // The back office's order search (issue 28): newest first, optionally of one state.
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_status_created_at_idx').on(table.status, table.createdAt),
    // … sorted by total, or within an amount range: read from this index instead of sorting every order.
    index('orders_total_with_vat_created_at_idx').on(table.totalWithVatMinor, table.createdAt),
    // A sales rep's own orders (GetOwnAssistedOrders) are found through their sessions; only rep-placed orders count.
    index('orders_impersonation_session_id_idx')
      .on(table.impersonationSessionId)
      .where(sql`${table.impersonationSessionId} is not null`),
  ],
);

/** Lines of an order: the calculated cart lines when the order was placed (prices in minor units without VAT). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => orderLines.id, { onDelete: 'cascade' }),
    /** 'Product' | 'Generated' */
    type: text('type').notNull(),
    /** Null for generated lines; no foreign key, so an order survives its products. */
    productId: text('product_id'),
    variantId: text('variant_id'),
    unitOfMeasure: text('unit_of_measure'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    netUnitPriceMinor: bigint('net_unit_price_minor', { mode: 'number' }).notNull(),
    linePriceMinor: bigint('line_price_minor', { mode: 'number' }).notNull(),
    netLinePriceMinor: bigint('net_line_price_minor', { mode: 'number' }).notNull(),
    /** The line's share of the order's VAT (ADR 018: VAT is computed on the order's total, then shared out). */
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    quantityAvailable: integer('quantity_available').notNull(),
    isBackorder: boolean('is_backorder').notNull().default(false),
    /**
     * The campaign and level that priced the line when the order was placed (issue 27): kept, so a later change of
     * the campaign never changes the order. Null: no campaign applied.
     */
    campaign: jsonb('campaign').$type<StoredPricedCampaign>(),
    /** What the campaign took off the net line price (netLinePriceMinor is after it); 0 without a campaign. */
    campaignDiscountMinor: bigint('campaign_discount_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [uniqueIndex('order_lines_order_id_line_number_idx').on(table.orderId, table.lineNumber)],
);
