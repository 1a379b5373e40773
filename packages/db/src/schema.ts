/**
 * Drizzle schema of the shop: snake_case columns in PostgreSQL, camelCase properties in TypeScript.
 * Every table here is created by the SQL in ../migrations (generated with `npm run db:generate`).
 * Money is stored in integer minor units (cents, øre); see README.md.
 */
import type { AreaSettings } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Role names stored in `users.roles`. `customer` buys for its own customer; the others are staff roles. */
export const USER_ROLES = ['customer', 'impersonation', 'backoffice'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** One product image (spec §3: media of type image). */
export type ProductMedia = { type: 'image'; url: string; alt: string };

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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------------------------
// Areas and VAT

/** Sales areas `us` and `eu` (spec §1) with their settings (spec §3 Area settings). */
export const areas = pgTable('areas', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  languageCode: text('language_code').notNull(),
  currencyCode: text('currency_code').notNull(),
  settings: jsonb('settings').$type<AreaSettings>().notNull(),
});

/** VAT rate per area in basis points (2500 = 25 %). Prices are stored without VAT. */
export const vatRates = pgTable('vat_rates', {
  areaId: text('area_id')
    .primaryKey()
    .references(() => areas.id),
  rateBasisPoints: integer('rate_basis_points').notNull(),
});

// ---------------------------------------------------------------------------------------------------------------
// Customers

/** Customer price groups (A, B, C …); each has one price list per currency. */
export const priceGroups = pgTable('price_groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

/** Business customers (debtor accounts). `currencyCode` null means the area's currency (spec §1 override). */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerNumber: text('customer_number').notNull().unique(),
    name: text('name').notNull(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    currencyCode: text('currency_code'),
    priceGroupId: text('price_group_id').references(() => priceGroups.id),
  },
  (table) => [index('customers_area_id_idx').on(table.areaId)],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [index('customer_addresses_customer_id_idx').on(table.customerId)],
);

// ---------------------------------------------------------------------------------------------------------------
// Users and authentication

/** Login accounts. `username` is stored lower-case so look-ups are case-insensitive by construction. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    roles: text('roles').array().$type<UserRole[]>().notNull().default(sql`'{}'::text[]`),
    customerId: uuid('customer_id').references(() => customers.id),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_username_idx').on(table.username),
    index('users_customer_id_idx').on(table.customerId),
  ],
);

/** Customers a sales rep (role `impersonation`) may act for. */
export const userImpersonationCustomers = pgTable(
  'user_impersonation_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.customerId] })],
);

/**
 * Rotating refresh tokens. Only the SHA-256 hex of a token is stored. Each rotation marks the old row `usedAt` and
 * inserts a new one in the same `familyId`; presenting a used token again revokes the whole family (theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('refresh_tokens_family_id_idx').on(table.familyId),
    index('refresh_tokens_user_id_idx').on(table.userId),
  ],
);

/**
 * Failed-login counters for rate limiting, in the database so every API instance sees the same counts.
 * `key` is e.g. 'ip:1.2.3.4' or 'user:eu-buyer'; a window restarts when `windowStartedAt` is too old.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failureCount: integer('failure_count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

// ---------------------------------------------------------------------------------------------------------------
// Prices

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
