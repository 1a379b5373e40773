/** Drizzle queries of the sitemap module: product paths, read page by page in primary-key order. */
import type { Executor } from '@b2b/db';
import { products } from '@b2b/db/schema';
import { asc, sql } from 'drizzle-orm';

export type SitemapProductRow = { url: string; updatedAt: Date };

/** One page of product paths; ordered by id so pages are stable and the primary key serves the offset. */
export async function findProductPaths(db: Executor, offset: number, limit: number): Promise<SitemapProductRow[]> {
  return db
    .select({ url: products.url, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit);
}

export async function countProducts(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  return row?.count ?? 0;
}

/** The newest change per file of `pageSize` products (same order as findProductPaths), for the sitemap index. */
export async function findProductPageLastModified(
  db: Executor,
  pageSize: number,
): Promise<Array<{ page: number; lastModified: Date }>> {
  const numbered = db
    .select({
      page: sql<number>`((row_number() over (order by ${products.id}) - 1) / ${pageSize} + 1)::int`.as('page'),
      updatedAt: sql<Date>`${products.updatedAt}`.as('updated_at'),
    })
    .from(products)
    .as('numbered');
  const rows = await db
    .select({ page: numbered.page, lastModified: sql<string>`max(${numbered.updatedAt})` })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
  return rows.map((row) => ({ page: Number(row.page), lastModified: new Date(row.lastModified) }));
}
