/**
 * Drizzle queries about whether products are still sold (issue 10: `products.discontinued_at`). The search index and
 * the catalogue leave discontinued products out, so content reads these facts from the database itself.
 */
import type { Executor } from '@b2b/db';
import { products } from '@b2b/db/schema';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';

export type ProductAvailabilityRow = {
  id: string;
  name: string;
  url: string;
  categoryId: string;
  discontinuedAt: Date | null;
};

/** The product whose canonical page is `url`, sold or not, or null. */
export async function findProductAvailabilityByUrl(db: Executor, url: string): Promise<ProductAvailabilityRow | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      url: products.url,
      categoryId: products.categoryId,
      discontinuedAt: products.discontinuedAt,
    })
    .from(products)
    .where(eq(products.url, url))
    .limit(1);
  return row ?? null;
}

/** Which of these product ids are discontinued. */
export async function findDiscontinuedProductIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), isNotNull(products.discontinuedAt)));
  return new Set(rows.map((row) => row.id));
}

/** Sellable products of a category other than `excludedId`: in stock first (most stock first), then by id. */
export async function findAlternativeProductIds(
  db: Executor,
  categoryId: string,
  excludedId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.categoryId, categoryId), ne(products.id, excludedId), isNull(products.discontinuedAt)))
    .orderBy(sql`(${products.stockLevel} > 0) desc`, desc(products.stockLevel), asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
