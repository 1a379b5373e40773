/**
 * Drizzle queries of the sitemap module: product paths, read page by page in primary-key order (discontinued
 * products left out: they are no longer sold, issue 10), and the content pages of an area and language.
 */
import type { Executor } from '@b2b/db';
import { contentDocuments, products } from '@b2b/db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

export type SitemapPathRow = { url: string; updatedAt: Date };

const isSold = isNull(products.discontinuedAt);

/** One page of product paths; ordered by id so pages are stable and the primary key serves the offset. */
export async function findProductPaths(db: Executor, offset: number, limit: number): Promise<SitemapPathRow[]> {
  return db
    .select({ url: products.url, updatedAt: products.updatedAt })
    .from(products)
    .where(isSold)
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit);
}

export async function countProducts(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(isSold);
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
    .where(isSold)
    .as('numbered');
  const rows = await db
    .select({ page: numbered.page, lastModified: sql<string>`max(${numbered.updatedAt})` })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
  return rows.map((row) => ({ page: Number(row.page), lastModified: new Date(row.lastModified) }));
}

/** The content pages of an area and language everyone may open (a few dozen), by path. */
export async function findContentPagePaths(
  db: Executor,
  areaId: string,
  languageCode: string,
): Promise<SitemapPathRow[]> {
  const rows = await db
    .select({ url: contentDocuments.url, updatedAt: contentDocuments.updatedAt })
    .from(contentDocuments)
    .where(
      and(
        eq(contentDocuments.areaId, areaId),
        eq(contentDocuments.languageCode, languageCode),
        eq(contentDocuments.kind, 'page'),
        // pages for logged-in users or sales reps only answer 403 to a search engine: not listed (issue 29)
        sql`coalesce(${contentDocuments.body}->>'visibleTo', 'everyone') = 'everyone'`,
      ),
    )
    .orderBy(asc(contentDocuments.url));
  // A page always has a url (content_documents_page_url_check).
  return rows.flatMap((row) => (row.url === null ? [] : [{ url: row.url, updatedAt: row.updatedAt }]));
}
