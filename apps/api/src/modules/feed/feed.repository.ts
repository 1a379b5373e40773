/** Drizzle queries of the partner feed: products by change time (one page) and the category table. */
import type { Executor } from '@b2b/db';
import { brands, categories, products, productVariants } from '@b2b/db/schema';
import { asc, count, eq, gt, sql } from 'drizzle-orm';

export type FeedProductRow = {
  id: string;
  parentId: string | null;
  name: string;
  description: string;
  url: string;
  brandName: string;
  categoryId: string;
  specifications: Record<string, unknown>;
  media: Array<{ type: string; url: string }>;
  variantIds: string[];
  updatedAt: Date;
  discontinuedAt: Date | null;
};

/**
 * One page of products changed after `newerThan` (all without it), discontinued ones included, oldest change first
 * and then by id, so a partner paging through a stable catalogue sees each product once; `total` counts them all.
 */
export async function findFeedProducts(
  db: Executor,
  page: { newerThan: Date | undefined; skip: number; take: number },
): Promise<{ rows: FeedProductRow[]; total: number }> {
  const where = page.newerThan === undefined ? undefined : gt(products.updatedAt, page.newerThan);
  const rows = await db
    .select({
      id: products.id,
      parentId: products.parentId,
      name: products.name,
      description: products.description,
      url: products.url,
      brandName: brands.name,
      categoryId: products.categoryId,
      specifications: products.specifications,
      media: products.media,
      variantIds: sql<string[]>`coalesce((select array_agg(${productVariants.id} order by ${productVariants.sortOrder},
        ${productVariants.id}) from ${productVariants} where ${productVariants.productId} = ${products.id}),
        '{}'::text[])`,
      updatedAt: products.updatedAt,
      discontinuedAt: products.discontinuedAt,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(asc(products.updatedAt), asc(products.id))
    .offset(page.skip)
    .limit(page.take);
  const [total] = await db.select({ value: count() }).from(products).where(where);
  return { rows, total: total?.value ?? 0 };
}

export type FeedCategoryRow = { id: string; parentId: string | null; name: string; url: string };

/** Every category, by id (the table is small: a few hundred rows at most). */
export async function findFeedCategories(db: Executor): Promise<FeedCategoryRow[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name, url: categories.url })
    .from(categories)
    .orderBy(asc(categories.id));
}
