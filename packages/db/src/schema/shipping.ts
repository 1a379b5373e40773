/** Where each area ships, by which methods, at which fees. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';

/** Countries an area ships to (GetShippingCountries). */
export const shippingCountries = pgTable(
  'shipping_countries',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    countryCode: text('country_code').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.areaId, table.countryCode] })],
);

/**
 * Shipping methods of an area. `countryCodes` empty = every shipping country of the area. Fees per currency are in
 * `shipping_method_fees`; a method without a fee row for the customer's currency is not offered.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: text('id').primaryKey(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    countryCodes: text('country_codes').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('shipping_methods_area_id_idx').on(table.areaId)],
);

/** A shipping method's fee in one currency (minor units, without VAT); free when the goods reach `freeAboveMinor`. */
export const shippingMethodFees = pgTable(
  'shipping_method_fees',
  {
    shippingMethodId: text('shipping_method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code').notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    freeAboveMinor: bigint('free_above_minor', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.shippingMethodId, table.currencyCode] }),
    check('shipping_method_fees_fee_not_negative', sql`${table.feeMinor} >= 0`),
  ],
);
