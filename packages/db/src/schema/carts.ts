/** Carts and their lines (spec §3 Cart). */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { products, productVariants } from './catalogue.ts';
import { createdAt } from './columns.ts';
import { customerAddresses, customers } from './customers.ts';
import { paymentMethods } from './payment-methods.ts';
import { shippingMethods } from './shipping.ts';
import { users } from './users.ts';

/** The ship-to address copied onto a cart or an order (a snapshot: later edits of the address do not change it). */
export type AddressSnapshot = {
  addressId: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
};

/**
 * Carts. The id is random (gen_random_uuid), so it cannot be guessed. `version` is raised by every change in the
 * same statement (optimistic concurrency: CalculateCart answers 409 when the client's version is old). One open cart
 * per customer and user (partial unique index), so concurrent GetOrCreateCart calls cannot create two.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    currencyCode: text('currency_code').notNull(),
    /** 'open' | 'checked_out' | 'abandoned' */
    status: text('status').notNull().default('open'),
    version: integer('version').notNull().default(1),
    shippingAddressId: uuid('shipping_address_id').references(() => customerAddresses.id, { onDelete: 'set null' }),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>(),
    shippingMethodId: text('shipping_method_id').references(() => shippingMethods.id),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id),
    comment: text('comment'),
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('carts_one_open_per_customer_user_idx')
      .on(table.customerId, table.createdByUserId)
      .where(sql`${table.status} = 'open'`),
    index('carts_customer_id_updated_at_idx').on(table.customerId, table.updatedAt),
    check('carts_status_valid', sql`${table.status} in ('open', 'checked_out', 'abandoned')`),
  ],
);

/**
 * Cart lines. Product lines the buyer added have `parentId` null; a bundle's components are sub-lines with
 * `parentId` and `quantityPerParent` (their quantity follows the parent's). Generated lines (charges) are calculated,
 * not stored (ADR 007); the type column keeps the spec's vocabulary. One top-level line per product key (unique
 * index), so concurrent adds of the same product merge with `INSERT … ON CONFLICT DO UPDATE`. `position` orders the
 * lines as they were added.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => cartLines.id, { onDelete: 'cascade' }),
    /** 'Product' | 'Generated' */
    type: text('type').notNull().default('Product'),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** '' when the line has no variant, so the unique index treats "no variant" as one value. */
    variantKey: text('variant_key').notNull().default(''),
    unitOfMeasure: text('unit_of_measure').notNull().default('STK'),
    quantity: integer('quantity').notNull(),
    quantityPerParent: integer('quantity_per_parent'),
    position: bigserial('position', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('cart_lines_cart_id_idx').on(table.cartId, table.position),
    uniqueIndex('cart_lines_product_key_idx')
      .on(table.cartId, table.productId, table.variantKey, table.unitOfMeasure)
      .where(sql`${table.parentId} is null`),
    index('cart_lines_parent_id_idx').on(table.parentId),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_lines_type_valid', sql`${table.type} in ('Product', 'Generated')`),
  ],
);
