/** Favourite lists (spec §3 Favorite list; issue 26, ADR 026). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalogue.ts';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';

/**
 * A customer's favourite lists: every user of the customer (and a rep acting for it) shares them. `nameKey` is the
 * name trimmed and in lower case (contract `favoriteListNameKey`), unique per customer, so "Summer" and "summer " are
 * one name. `version` is raised by every save in the same statement that checks it (a stale save changes nothing).
 * `touchedAt` orders the lists: the most recently touched is the active one (spec §4); creating a list and
 * SetFavoriteListActive touch it, editing does not.
 */
export const favoriteLists = pgTable(
  'favorite_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    version: integer('version').notNull().default(1),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('favorite_lists_customer_name_key_idx').on(table.customerId, table.nameKey),
    index('favorite_lists_customer_touched_at_idx').on(table.customerId, table.touchedAt),
    check('favorite_lists_name_length', sql`char_length(${table.name}) between 1 and 100`),
  ],
);

/**
 * The products of a list, one row per product key (`variantKey` '' when the favourite is the product itself, so the
 * primary key treats "no variant" as one value). `position` keeps the order they were added in; `addedAt` survives
 * saves that keep the product.
 */
export const favoriteListProducts = pgTable(
  'favorite_list_products',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => favoriteLists.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    variantKey: text('variant_key').notNull().default(''),
    unitOfMeasure: text('unit_of_measure').notNull().default('STK'),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.productId, table.variantKey, table.unitOfMeasure] }),
    index('favorite_list_products_product_id_idx').on(table.productId),
    index('favorite_list_products_variant_id_idx').on(table.variantId),
  ],
);
