/**
 * Fills an empty, migrated database with a deterministic demo catalogue, areas, price lists, customers and logins.
 * Same `seed` and `products` → the same rows (ids, names, prices, stock), on PGlite and PostgreSQL alike.
 */
import { count, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { hashPassword } from '../password.ts';
import {
  areas,
  brands,
  categories,
  customerAddresses,
  customers,
  mediaFiles,
  paymentMethods,
  priceGroups,
  priceLists,
  prices,
  productComponents,
  products,
  productVariants,
  redirects,
  shippingCountries,
  shippingMethodFees,
  shippingMethods,
  stockLevels,
  userImpersonationCustomers,
  users,
  vatRates,
} from '../schema.ts';
import { buildAreaRows, VAT_RATES } from './area-settings.ts';
import { BRANDS, CATEGORY_TREE, type SeedBrand } from './catalogue-data.ts';
import {
  buildProductComponentRows,
  SEED_PAYMENT_METHODS,
  SEED_SHIPPING_COUNTRIES,
  SEED_SHIPPING_METHOD_FEES,
  SEED_SHIPPING_METHODS,
} from './checkout-data.ts';
import { buildAccountRows, DEMO_PASSWORD } from './demo-accounts.ts';
import {
  type GeneratedProduct,
  generateProduct,
  type LeafCategoryRef,
  type ProductGenerationContext,
} from './generate-product.ts';
import { insertInChunks, insertJsonRows } from './insert-in-chunks.ts';
import {
  buildOrderHistory,
  DEFAULT_HISTORY_ORDERS,
  HISTORY_PRODUCT_POOL_SIZE,
  type HistoryProduct,
  insertOrderHistory,
  toHistoryCustomers,
  toHistoryProduct,
} from './order-history.ts';
import { SEED_CURRENCIES, SEED_PRICE_GROUPS, toGroupPriceListId, toListPriceId } from './price-lists.ts';
import { createRandom, deriveSeed } from './random.ts';
import { buildRedirectRows } from './redirects.ts';

export type SeedOptions = {
  /** Number of products (default 2,000). */
  products?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Extra generated customers besides the demo ones (default 20). */
  extraCustomers?: number;
  /**
   * Orders per demo customer over the 18 months before the reference date, with their invoices and credit memos
   * (default 48; 0 seeds no history). The bench catalogue asks for thousands.
   */
  historyOrders?: number;
  /** Precomputed argon2id hash of the demo password; tests pass one to skip hashing (about 50 ms) per database. */
  demoPasswordHash?: string;
  /** Called after each product batch, e.g. to print progress. */
  onProgress?: (done: number, total: number) => void;
};

export type SeedCounts = {
  brands: number;
  categories: number;
  products: number;
  variants: number;
  prices: number;
  priceGroups: number;
  customers: number;
  users: number;
  mediaFiles: number;
  orders: number;
  invoices: number;
  creditMemos: number;
};

/** Products generated and inserted per batch: bounds memory for 100,000 products. */
const PRODUCT_BATCH_SIZE = 2_000;

function buildLeafRefs(): LeafCategoryRef[] {
  return CATEGORY_TREE.flatMap((root) => root.children.map((leaf) => ({ id: `${root.id}-${leaf.slug}`, root, leaf })));
}

function buildCategoryRows(): Array<typeof categories.$inferInsert> {
  return CATEGORY_TREE.flatMap((root, rootIndex) => [
    { id: root.id, parentId: null, name: root.name, url: `/${root.id}`, sortOrder: rootIndex },
    ...root.children.map((leaf, leafIndex) => ({
      id: `${root.id}-${leaf.slug}`,
      parentId: root.id,
      name: leaf.name,
      url: `/${root.id}/${leaf.slug}`,
      sortOrder: leafIndex,
    })),
  ]);
}

/** Per price group and brand: the group's base discount ± up to 5 percentage points. */
function buildGroupDiscounts(seed: number): Map<string, Map<string, number>> {
  const random = createRandom(deriveSeed(seed, 'group-discounts'));
  return new Map(
    SEED_PRICE_GROUPS.map((group) => [
      group.id,
      new Map(BRANDS.map((brand) => [brand.id, group.baseDiscountBasisPoints + random.int(-10, 10) * 50])),
    ]),
  );
}

async function insertProductBatch(db: Executor, batch: GeneratedProduct[]): Promise<void> {
  await insertJsonRows(
    db,
    products,
    batch.map((item) => item.product),
  );
  await insertJsonRows(
    db,
    productVariants,
    batch.flatMap((item) => item.variants),
  );
  await insertJsonRows(
    db,
    stockLevels,
    batch.flatMap((item) => item.stock),
  );
  await insertJsonRows(
    db,
    prices,
    batch.flatMap((item) => item.prices),
  );
  await insertJsonRows(
    db,
    mediaFiles,
    batch.map((item) => item.mediaFile),
  );
}

/**
 * Seeds a migrated, empty database inside one transaction. Throws if products already exist (use the CLI's
 * `--reset` or `--if-empty`). Returns the row counts.
 */
export async function seedDatabase(db: Executor, options: SeedOptions = {}): Promise<SeedCounts> {
  const productCount = options.products ?? 2_000;
  const seed = options.seed ?? 1;
  const passwordHash = options.demoPasswordHash ?? (await hashPassword(DEMO_PASSWORD));
  const accounts = buildAccountRows(
    createRandom(deriveSeed(seed, 'accounts')),
    passwordHash,
    options.extraCustomers ?? 20,
    SEED_PRICE_GROUPS.map((group) => group.id),
  );
  const context: ProductGenerationContext = {
    seed,
    leaves: buildLeafRefs(),
    brandsByRoot: new Map(
      CATEGORY_TREE.map((root) => [root.id, BRANDS.filter((brand) => brand.roots.includes(root.id)) as SeedBrand[]]),
    ),
    groupDiscounts: buildGroupDiscounts(seed),
  };

  const counts: SeedCounts = {
    brands: BRANDS.length,
    categories: 0,
    products: 0,
    variants: 0,
    prices: 0,
    priceGroups: SEED_PRICE_GROUPS.length,
    customers: accounts.customers.length,
    users: accounts.users.length,
    mediaFiles: 0,
    orders: 0,
    invoices: 0,
    creditMemos: 0,
  };
  /** The first products of the catalogue, kept as they are generated: the order history's lines come from them. */
  const historyProducts: HistoryProduct[] = [];

  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(products);
    if ((existing?.value ?? 0) > 0) throw new Error('seedDatabase: the database already has products; reset it first');

    const areaRows = buildAreaRows(CATEGORY_TREE);
    await tx.insert(areas).values(areaRows);
    await tx
      .insert(vatRates)
      .values(areaRows.map((area) => ({ areaId: area.id, rateBasisPoints: VAT_RATES[area.id as 'eu' | 'us'] })));
    await tx.insert(brands).values(BRANDS.map(({ id, name }) => ({ id, name })));
    const categoryRows = buildCategoryRows();
    await tx.insert(categories).values(categoryRows);
    counts.categories = categoryRows.length;
    await tx.insert(priceGroups).values(SEED_PRICE_GROUPS.map(({ id, name }) => ({ id, name })));
    await tx.insert(priceLists).values(
      SEED_CURRENCIES.flatMap((currency) => [
        { id: toListPriceId(currency), currencyCode: currency, priceGroupId: null },
        ...SEED_PRICE_GROUPS.map((group) => ({
          id: toGroupPriceListId(group.id, currency),
          currencyCode: currency,
          priceGroupId: group.id,
        })),
      ]),
    );

    await insertInChunks(tx, customers, accounts.customers);
    await insertInChunks(tx, customerAddresses, accounts.addresses);
    await insertInChunks(tx, users, accounts.users);
    if (accounts.impersonations.length > 0) await tx.insert(userImpersonationCustomers).values(accounts.impersonations);

    for (let start = 0; start < productCount; start += PRODUCT_BATCH_SIZE) {
      const batch: GeneratedProduct[] = [];
      for (let index = start; index < Math.min(productCount, start + PRODUCT_BATCH_SIZE); index++) {
        batch.push(generateProduct(index, context));
      }
      await insertProductBatch(tx, batch);
      for (const item of batch) {
        if (historyProducts.length < HISTORY_PRODUCT_POOL_SIZE) historyProducts.push(toHistoryProduct(item));
      }
      counts.products += batch.length;
      counts.mediaFiles += batch.length;
      for (const item of batch) {
        counts.variants += item.variants.length;
        counts.prices += item.prices.length;
      }
      options.onProgress?.(counts.products, productCount);
    }

    await tx.insert(shippingCountries).values(SEED_SHIPPING_COUNTRIES);
    await tx.insert(shippingMethods).values(SEED_SHIPPING_METHODS);
    await tx.insert(shippingMethodFees).values(SEED_SHIPPING_METHOD_FEES);
    await tx.insert(paymentMethods).values(SEED_PAYMENT_METHODS);
    await tx.insert(redirects).values(buildRedirectRows(areaRows.map((area) => area.id)));
    const componentRows = buildProductComponentRows(productCount);
    if (componentRows.length > 0) await insertInChunks(tx, productComponents, componentRows);

    // Bundles are left out of the history: their order lines would need component sub-lines.
    const bundleIds = new Set(componentRows.map((row) => row.productId));
    const history = buildOrderHistory({
      seed,
      ordersPerCustomer: options.historyOrders ?? DEFAULT_HISTORY_ORDERS,
      customers: toHistoryCustomers(
        accounts,
        new Map(areaRows.map((area) => [area.id, area.currencyCode])),
        new Map(Object.entries(VAT_RATES)),
      ),
      products: historyProducts.filter((product) => !bundleIds.has(product.productId)),
    });
    await insertOrderHistory(tx, history);
    counts.orders = history.orders.length;
    counts.invoices = history.invoices.length;
    counts.creditMemos = history.creditMemos.length;
  });
  // Fresh tables have no planner statistics until autovacuum comes by; without them PostgreSQL picks plans
  // that take seconds (hash joins over all of stock_levels per product) on the first requests after a seed.
  // VACUUM sets their visibility map too (PGlite has no autovacuum at all): without it a count reads every heap page
  // where an index-only scan suffices (a customer's 10,000 invoices: 9 -> 3 ms on PGlite).
  await db.execute(sql`VACUUM ANALYZE`);
  return counts;
}
