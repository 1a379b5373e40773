/** Price lists per currency and price group, and their prices (spec §3 Price). */
import { bigint, index, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { priceGroups } from './customers.ts';

/**
 * One price list per currency and price group. `priceGroupId` null is the list price (the "unit price" of spec §3);
 * a group list holds the customer's net prices. A product missing from the group list sells at its list price.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: text('id').primaryKey(),
    currencyCode: text('currency_code').notNull(),
    priceGroupId: text('price_group_id').references(() => priceGroups.id),
  },
  // NULLS NOT DISTINCT (PostgreSQL 15+) so there is only one list-price list per currency.
  (table) => [
    unique('price_lists_currency_group_unique').on(table.currencyCode, table.priceGroupId).nullsNotDistinct(),
  ],
);

/** Prices in minor units, excluding VAT. Variants share their product's price. */
export const prices = pgTable(
  'prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    beforePriceMinor: bigint('before_price_minor', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.priceListId, table.productId] }),
    index('prices_product_id_idx').on(table.productId),
  ],
);
