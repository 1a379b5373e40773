/** Drizzle queries of the product module: products with brand, variants with stock. No business rules here. */
import { type Executor, queryRows } from '@b2b/db';
import { brands, products, productVariants, stockLevels } from '@b2b/db/schema';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';

export type ProductRow = {
  id: string;
  parentId: string | null;
  name: string;
  description: string;
  url: string;
  unitOfMeasure: string;
  brandName: string;
  categoryId: string;
  specifications: (typeof products.$inferSelect)['specifications'];
  media: (typeof products.$inferSelect)['media'];
  stockLevel: number;
  newStockDate: string | null;
  /** Null: the contract's default (lineLimitOf). */
  maxLineQuantity: number | null;
};

export type VariantRow = {
  id: string;
  name: string;
  size: string | null;
  colour: string | null;
  /** On hand minus reserved, never below zero; 0 without a stock row. */
  available: number;
  newStockDate: string | null;
};

export type ProductWithVariantsRow = ProductRow & { variants: VariantRow[] };

const productColumns = {
  id: products.id,
  parentId: products.parentId,
  name: products.name,
  description: products.description,
  url: products.url,
  unitOfMeasure: products.unitOfMeasure,
  brandName: brands.name,
  categoryId: products.categoryId,
  specifications: products.specifications,
  media: products.media,
  stockLevel: products.stockLevel,
  newStockDate: products.newStockDate,
  maxLineQuantity: products.maxLineQuantity,
};

/**
 * Stock is read by scalar subqueries on the stock_levels primary key rather than a join: PGlite never gathers
 * statistics on its own (no autovacuum), and without them the planner answers the join with a sequential scan over
 * every stock row (~200 ms on 500k variants). Two flat queries also beat one query with nested JSON on PGlite.
 */
const availableQuantity: SQL<number | null> = sql`(
  select greatest(${stockLevels.quantityOnHand} - ${stockLevels.quantityReserved}, 0)
  from ${stockLevels} where ${stockLevels.variantId} = ${productVariants.id}
)`;
const variantNewStockDate: SQL<string | null> = sql`(
  select ${stockLevels.newStockDate} from ${stockLevels} where ${stockLevels.variantId} = ${productVariants.id}
)`;

/** Variants of these products with their stock, grouped by product id, in display order. */
async function findVariantsByProductIds(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productVariants.productId,
      id: productVariants.id,
      name: productVariants.name,
      size: productVariants.size,
      colour: productVariants.colour,
      available: availableQuantity,
      newStockDate: variantNewStockDate,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  for (const { productId, available, ...variant } of rows) {
    const row = { ...variant, available: available ?? 0 };
    const list = byProduct.get(productId);
    if (list === undefined) byProduct.set(productId, [row]);
    else list.push(row);
  }
  return byProduct;
}

async function withVariants(db: Executor, rows: ProductRow[]): Promise<ProductWithVariantsRow[]> {
  const variants = await findVariantsByProductIds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, variants: variants.get(row.id) ?? [] }));
}

/** Products with these ids, with their variants and stock (unknown ids are simply absent). */
export async function findProductsByIds(db: Executor, ids: readonly string[]): Promise<ProductWithVariantsRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, [...ids]));
  return withVariants(db, rows);
}

/** The product whose canonical page is `url` (products.url is unique), with variants and stock. */
export async function findProductByUrl(db: Executor, url: string): Promise<ProductWithVariantsRow | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.url, url))
    .limit(1);
  if (!row) return null;
  const [withStock] = await withVariants(db, [row]);
  return withStock ?? null;
}

/** Which of these paths are pages of products still sold, with the product's id. */
export async function findSoldProductIdsByUrls(
  db: Executor,
  urls: readonly string[],
): Promise<Array<{ id: string; url: string }>> {
  if (urls.length === 0) return [];
  // One array parameter, however many paths (an import checks 50,000 at once).
  return queryRows<{ id: string; url: string }>(
    db,
    sql`select p.id, p.url from ${products} p
        where p.url = any(${sql.param([...urls])}::text[]) and p.discontinued_at is null`,
  );
}
