/**
 * Fills an empty, migrated database with a deterministic demo catalogue, areas, price lists, customers and logins.
 * Same `seed` and `products` → the same rows (ids, names, prices, stock), on PGlite and PostgreSQL alike.
 */
import type { AreaId } from '@b2b/contract';
import { count, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { hashPassword } from '../password.ts';
import {
  areas,
  brands,
  campaignCustomers,
  campaignItems,
  campaignPriceGroups,
  campaigns,
  categories,
  contentDocuments,
  customerAddresses,
  customers,
  discountSplashes,
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
  translations,
  userImpersonationCustomers,
  users,
  vatRates,
} from '../schema.ts';
import { buildAreaRows, SELLER_COUNTRY_CODES, VAT_RATES } from './area-settings.ts';
import { buildCampaignRows, type PromotionProduct } from './campaigns.ts';
import { BRANDS, CATEGORY_TREE, type SeedBrand } from './catalogue-data.ts';
import {
  buildProductComponentRows,
  SEED_PAYMENT_METHODS,
  SEED_SHIPPING_COUNTRIES,
  SEED_SHIPPING_METHOD_FEES,
  SEED_SHIPPING_METHODS,
} from './checkout-data.ts';
import { buildContentDocumentRows } from './content-documents.ts';
import { buildContentImageRows } from './content-images.ts';
import { buildDataSheetRows, DATA_SHEET_PRODUCT_IDS, type DataSheetInput, toDataSheetMedia } from './data-sheets.ts';
import { buildAccountRows, DEMO_PASSWORD } from './demo-accounts.ts';
import { DISCONTINUED_AT, DISCONTINUED_PRODUCT_IDS, SUCCEEDED_PRODUCT_ID } from './discontinued-products.ts';
import { buildDiscountSplashRows } from './discount-splashes.ts';
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
import { buildRedirectRows, type ProductSuccession } from './redirects.ts';
import { buildTranslationRows } from './translations.ts';

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
  contentDocuments: number;
  campaigns: number;
  campaignItems: number;
  discountSplashes: number;
  orders: number;
  invoices: number;
  creditMemos: number;
};

/** Products generated and inserted per batch: bounds memory for 100,000 products. */
const PRODUCT_BATCH_SIZE = 2_000;

/** How many products the home page's "New arrivals" carousel lists. */
const NEW_ARRIVALS_COUNT = 12;

/**
 * Keeps the newest sellable products for the home page's "New arrivals": latest new-stock date first (the search's
 * default order), in stock, not a bundle, not discontinued; ties by item number.
 */
function collectNewArrivals(
  current: readonly GeneratedProduct[],
  batch: readonly GeneratedProduct[],
  bundleIds: ReadonlySet<string>,
) {
  const candidates = batch.filter(
    (item) =>
      item.product.newStockDate != null &&
      (item.product.stockLevel ?? 0) > 0 &&
      !bundleIds.has(item.product.id) &&
      item.product.discontinuedAt == null,
  );
  return [...current, ...candidates]
    .sort(
      (a, b) =>
        (b.product.newStockDate ?? '').localeCompare(a.product.newStockDate ?? '') ||
        a.product.id.localeCompare(b.product.id),
    )
    .slice(0, NEW_ARRIVALS_COUNT);
}

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

/** What the campaigns and splashes need of a generated product (`bundleIds`: the bundles, never in a campaign). */
function toPromotionProduct(item: GeneratedProduct, bundleIds: ReadonlySet<string>): PromotionProduct {
  const { product } = item;
  return {
    id: product.id,
    categoryId: product.categoryId,
    brandId: product.brandId,
    sellable: !bundleIds.has(product.id) && product.discontinuedAt == null,
    newStockDate: product.newStockDate ?? null,
    beforePriceCutPercent: SEED_CURRENCIES.flatMap((currency) => {
      const list = item.prices.find((price) => price.priceListId === toListPriceId(currency));
      return list?.beforePriceMinor ? [Math.round((1 - list.unitPriceMinor / list.beforePriceMinor) * 100)] : [];
    }),
  };
}

/** `storedImagePaths`: the product images stored so far; products share them (product-image.ts), each is stored once. */
async function insertProductBatch(
  db: Executor,
  batch: GeneratedProduct[],
  storedImagePaths: Set<string>,
): Promise<number> {
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
  const newImages = batch
    .flatMap((item) => item.mediaFiles)
    .filter((file) => !storedImagePaths.has(file.path) && storedImagePaths.add(file.path));
  if (newImages.length > 0) await insertJsonRows(db, mediaFiles, newImages);
  return newImages.length;
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
    contentDocuments: 0,
    campaigns: 0,
    campaignItems: 0,
    discountSplashes: 0,
    orders: 0,
    invoices: 0,
    creditMemos: 0,
  };
  /** The first products of the catalogue, kept as they are generated: the order history's lines come from them. */
  const historyProducts: HistoryProduct[] = [];
  /** What the campaigns and discount splashes pick their products by, one entry per product. */
  const promotionProducts: PromotionProduct[] = [];
  const componentRows = buildProductComponentRows(productCount);
  const bundleIds = new Set(componentRows.map((row) => row.productId));
  const leafNames = new Map(
    CATEGORY_TREE.flatMap((root) =>
      root.children.map((leaf) => [`${root.id}-${leaf.slug}`, `${root.name} › ${leaf.name}`]),
    ),
  );
  const brandNames = new Map(BRANDS.map((brand) => [brand.id, brand.name]));
  const dataSheetInputs: DataSheetInput[] = [];
  let newArrivals: GeneratedProduct[] = [];
  const storedImagePaths = new Set<string>();
  /** The first product still sold of each category: a discontinued product's successor. */
  const firstSoldUrlByCategory = new Map<string, string>();
  let succeeded: GeneratedProduct | undefined;

  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(products);
    if ((existing?.value ?? 0) > 0) throw new Error('seedDatabase: the database already has products; reset it first');

    const areaRows = buildAreaRows();
    await tx.insert(areas).values(areaRows);
    await tx.insert(vatRates).values(
      areaRows.map((area) => ({
        areaId: area.id,
        countryCode: SELLER_COUNTRY_CODES[area.id as 'eu' | 'us'],
        rateBasisPoints: VAT_RATES[area.id as 'eu' | 'us'],
      })),
    );
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
        const item = generateProduct(index, context);
        // Set on every row: the batched insert takes its columns from the first row of a batch.
        item.product.discontinuedAt = DISCONTINUED_PRODUCT_IDS.has(item.product.id) ? DISCONTINUED_AT : null;
        if (item.product.id === SUCCEEDED_PRODUCT_ID) succeeded = item;
        if (item.product.discontinuedAt === null && !firstSoldUrlByCategory.has(item.product.categoryId)) {
          firstSoldUrlByCategory.set(item.product.categoryId, item.product.url);
        }
        if (DATA_SHEET_PRODUCT_IDS.includes(item.product.id)) {
          item.product.media = [...(item.product.media ?? []), toDataSheetMedia(item.product.id)];
          dataSheetInputs.push({
            generated: item,
            brandName: brandNames.get(item.product.brandId) ?? item.product.brandId,
            categoryPath: leafNames.get(item.product.categoryId) ?? item.product.categoryId,
          });
        }
        batch.push(item);
      }
      counts.mediaFiles += await insertProductBatch(tx, batch, storedImagePaths);
      newArrivals = collectNewArrivals(newArrivals, batch, bundleIds);
      for (const item of batch) {
        if (historyProducts.length < HISTORY_PRODUCT_POOL_SIZE) historyProducts.push(toHistoryProduct(item));
        promotionProducts.push(toPromotionProduct(item, bundleIds));
      }
      counts.products += batch.length;
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
    const areaIds = areaRows.map((area) => area.id as AreaId);
    const successorUrl = succeeded && firstSoldUrlByCategory.get(succeeded.product.categoryId);
    const successions: ProductSuccession[] =
      succeeded && successorUrl ? [{ discontinuedUrl: succeeded.product.url, successorUrl }] : [];
    await tx.insert(redirects).values(buildRedirectRows(areaIds, successions));
    const contentRows = buildContentDocumentRows(areaIds, CATEGORY_TREE, {
      newArrivalIds: newArrivals.map((item) => item.product.id),
    });
    await tx.insert(contentDocuments).values(contentRows);
    counts.contentDocuments = contentRows.length;
    await tx.insert(translations).values(buildTranslationRows(areaIds));
    const contentFiles = [...buildContentImageRows(), ...(await buildDataSheetRows(dataSheetInputs))];
    await insertJsonRows(tx, mediaFiles, contentFiles);
    counts.mediaFiles += contentFiles.length;
    if (componentRows.length > 0) await insertInChunks(tx, productComponents, componentRows);

    // Bundles are left out of the history: their order lines would need component sub-lines.
    const history = buildOrderHistory({
      seed,
      ordersPerCustomer: options.historyOrders ?? DEFAULT_HISTORY_ORDERS,
      customers: toHistoryCustomers(
        accounts,
        new Map(areaRows.map((area) => [area.id, area.currencyCode])),
        new Map(
          areaRows.map((area) => [
            area.id,
            {
              countryCode: SELLER_COUNTRY_CODES[area.id as 'eu' | 'us'],
              rateBasisPoints: VAT_RATES[area.id as 'eu' | 'us'],
            },
          ]),
        ),
      ),
      products: historyProducts.filter((product) => !bundleIds.has(product.productId)),
    });
    await insertOrderHistory(tx, history);
    counts.orders = history.orders.length;

    // After the history: "Bestseller" splashes count its order lines.
    const campaignRows = buildCampaignRows(
      promotionProducts,
      new Map(accounts.customers.map((customer) => [customer.customerNumber, customer.id as string])),
    );
    await tx.insert(campaigns).values(campaignRows.campaigns);
    await insertJsonRows(tx, campaignItems, campaignRows.items);
    if (campaignRows.priceGroups.length > 0) await tx.insert(campaignPriceGroups).values(campaignRows.priceGroups);
    if (campaignRows.customers.length > 0) await tx.insert(campaignCustomers).values(campaignRows.customers);
    counts.campaigns = campaignRows.campaigns.length;
    counts.campaignItems = campaignRows.items.length;
    const areaOfOrder = new Map(history.orders.map((order) => [order.id, order.areaId]));
    const splashRows = buildDiscountSplashRows(
      areaIds,
      promotionProducts,
      history.orderLines.flatMap((line) => {
        const areaId = line.orderId ? areaOfOrder.get(line.orderId) : undefined;
        return areaId && line.productId ? [{ areaId, productId: line.productId, quantity: line.quantity }] : [];
      }),
    );
    await insertJsonRows(tx, discountSplashes, splashRows);
    counts.discountSplashes = splashRows.length;
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
