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
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
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
 * Password recovery (spec §4, §7 RecoverPassword / VerifyToken / ResetPasswordByToken): a one-time token mailed to the
 * user, stored as a SHA-256 hash like refresh tokens, valid until `expiresAt` and only until used.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
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

// ---------------------------------------------------------------------------------------------------------------
// Bundles, shipping and payment methods (issue 3)

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

/** Payment methods: `invoice` (payment on account, the B2B default) and `card` (through a payment provider). */
export const paymentMethods = pgTable('payment_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** 'Invoice' | 'Card' */
  kind: text('kind').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------------------------
// Carts

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

// ---------------------------------------------------------------------------------------------------------------
// Orders, payments, mail

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
    idempotencyKey: text('idempotency_key'),
    /** 'Placed' (the back office moves it on later, spec §4 Orders) */
    status: text('status').notNull().default('Placed'),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    currencyCode: text('currency_code').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
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
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    quantityAvailable: integer('quantity_available').notNull(),
    isBackorder: boolean('is_backorder').notNull().default(false),
  },
  (table) => [uniqueIndex('order_lines_order_id_line_number_idx').on(table.orderId, table.lineNumber)],
);

/**
 * Card payments through a payment provider. `status`: 'Pending' | 'Succeeded' | 'Failed' | 'Canceled'. The order is
 * linked once the payment succeeded and the order was placed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id),
    orderId: uuid('order_id').references(() => orders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('Pending'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    redirectUrl: text('redirect_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_payment_id_idx').on(table.provider, table.providerPaymentId),
    index('payments_cart_id_idx').on(table.cartId),
  ],
);

/**
 * Outgoing mail (transactional outbox): written in the same transaction as what it reports (e.g. the order), sent
 * later through SMTP by the API's delivery worker, which sets `sentAt` (or `failedAt` when it gives up; ADR 009).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the mail is about, e.g. 'order-confirmation'. */
    kind: text('kind').notNull().default('generic'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the delivery worker may try (again); pushed back after a failed attempt. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when delivery was given up (rejected for good, or too many attempts): never tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
