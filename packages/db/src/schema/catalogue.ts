/** The catalogue: brands, categories, products with variants and stock, bundle components, product images. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One product image (spec §3: media of type image). */
/**
 * A product's media: images (`/images/raw/{b64Path}` URLs) and downloadable documents such as data sheets
 * (`/files/{b64Path}/{b64FileName}` URLs, spec §2 static routes).
 */
export type ProductMedia =
  | { type: 'image'; url: string; alt: string }
  | { type: 'document'; url: string; name: string };

/**
 * Product specifications: plain key → value pairs (brand, material, gender, season, …) plus `$meta`,
 * which maps each key to the label shown to users (spec §3: specifications (brand, $meta)).
 */
export type ProductSpecifications = {
  [key: string]: string | Record<string, string>;
  $meta: Record<string, string>;
};

/** PostgreSQL `bytea` as a Node Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType: () => 'bytea',
  fromDriver: (value) => {
    if (typeof value === 'string') {
      // node-postgres returns bytea as a Buffer already; the text form '\x…' only shows up via raw text protocols.
      return Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');
    }
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

/** Category tree; `url` is the listing page path, e.g. '/skate/decks'. Products point at leaf categories. */
export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').references((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [uniqueIndex('categories_url_idx').on(table.url), index('categories_parent_id_idx').on(table.parentId)],
);

/**
 * Products; `id` is the item number. `stockLevel` is the sum of the variants' available quantity and
 * `newStockDate` the latest over the variants, both denormalised here for search and sorting.
 */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    unitOfMeasure: text('unit_of_measure').notNull().default('STK'),
    specifications: jsonb('specifications').$type<ProductSpecifications>().notNull().default({ $meta: {} }),
    media: jsonb('media').$type<ProductMedia[]>().notNull().default([]),
    stockLevel: integer('stock_level').notNull().default(0),
    newStockDate: date('new_stock_date', { mode: 'string' }),
    /**
     * Most units of one variant a cart line may hold: a multiple of what a shop usually orders of the product, so a
     * slip of the keyboard (100,000 helmets) is refused instead of backordered. Null: the contract's default.
     */
    maxLineQuantity: integer('max_line_quantity'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the product stopped being sold: it leaves search, listings and sitemaps and cannot be added to a cart,
     * but its URL answers the "product not available" page with alternatives (issue 10) instead of a bare 404.
     */
    discontinuedAt: timestamp('discontinued_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('products_url_idx').on(table.url),
    index('products_brand_id_idx').on(table.brandId),
    index('products_category_id_idx').on(table.categoryId),
  ],
);

/** Sellable variants (size/colour) of a product; `id` is the variant item number, e.g. '100123-03'. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: text('size'),
    colour: text('colour'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('product_variants_product_id_idx').on(table.productId)],
);

/**
 * Stock per variant. The quantity available to a customer is `quantityOnHand - quantityReserved`
 * (never below zero); `newStockDate` is when more stock arrives / arrived.
 */
export const stockLevels = pgTable('stock_levels', {
  variantId: text('variant_id')
    .primaryKey()
    .references(() => productVariants.id, { onDelete: 'cascade' }),
  quantityOnHand: integer('quantity_on_hand').notNull().default(0),
  quantityReserved: integer('quantity_reserved').notNull().default(0),
  newStockDate: date('new_stock_date', { mode: 'string' }),
});

/** Media files served by /images/raw/{b64Path}: the generated product images. */
export const mediaFiles = pgTable('media_files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
});

/**
 * Components of a bundle product: adding the bundle to a cart adds one sub-line per component (parentId = the
 * bundle's line, quantity = bundle quantity × `quantity`). The bundle line carries the price; components are
 * priced 0 and only checked for stock (ADR 007).
 */
export const productComponents = pgTable(
  'product_components',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentProductId: text('component_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentVariantId: text('component_variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.componentProductId] }),
    check('product_components_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
