/**
 * The product-information feed for a partner (spec §7: POST /api/feed/PerfionFeed/GetEntries, issue 10 §3):
 * products (discontinued ones included and flagged, so the partner learns of them) or categories, paged, guarded by
 * the PERFION_FEED_TOKEN of the configuration.
 */
import type { PerfionFeedQuery, PerfionFeedResponse } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isSameSecret } from '../../lib/secret-comparison.ts';
import { type FeedCategoryRow, type FeedProductRow, findFeedCategories, findFeedProducts } from './feed.repository.ts';

type FeedEntry = PerfionFeedResponse['entries'][number];

/**
 * Categories have no change time in the database: each is reported as changed at the epoch, and a category feed
 * ignores `newerThan` and lists them all (a few hundred rows), so the partner never misses a change.
 */
const CATEGORY_UPDATED_AT = new Date(0).toISOString();

/** Category ids from the root down to `categoryId` itself. */
function categoryPath(categoryId: string, byId: ReadonlyMap<string, FeedCategoryRow>): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let current = byId.get(categoryId);
  // `seen` guards against a cycle in the stored tree.
  while (current !== undefined && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current.id);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path.length > 0 ? path : [categoryId];
}

/** The specification attributes without `$meta` (their labels), as text or lists of text. */
function toFeedSpecifications(stored: Record<string, unknown>): FeedEntry['specifications'] {
  const specifications: FeedEntry['specifications'] = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === '$meta') continue;
    if (typeof value === 'string') specifications[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) specifications[key] = value;
  }
  return specifications;
}

function toProductEntry(row: FeedProductRow, categoriesById: ReadonlyMap<string, FeedCategoryRow>): FeedEntry {
  return {
    id: row.id,
    contentType: 'product',
    name: row.name,
    description: row.description,
    url: row.url,
    parentId: row.parentId,
    brand: row.brandName,
    categoryIds: categoryPath(row.categoryId, categoriesById),
    specifications: toFeedSpecifications(row.specifications),
    variantIds: row.variantIds,
    imageUrls: row.media.filter((media) => media.type === 'image').map((media) => media.url),
    discontinued: row.discontinuedAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toCategoryEntry(row: FeedCategoryRow, categoriesById: ReadonlyMap<string, FeedCategoryRow>): FeedEntry {
  return {
    id: row.id,
    contentType: 'category',
    name: row.name,
    description: '',
    url: row.url,
    parentId: row.parentId,
    brand: null,
    categoryIds: categoryPath(row.id, categoriesById),
    specifications: {},
    variantIds: [],
    imageUrls: [],
    discontinued: false,
    updatedAt: CATEGORY_UPDATED_AT,
  };
}

/**
 * One page of the feed. 401 when the feed is switched off (no PERFION_FEED_TOKEN) or the token is wrong. Products
 * changed after `newerThan` (`updated_at > newerThan`; the database keeps microseconds, the answer milliseconds,
 * so passing back the last `updatedAt` seen may repeat a product but never skips one), oldest change first, then
 * by id. `areaId` names the partner's area; the catalogue is the same in every area.
 */
export async function getPerfionFeedEntries(
  ctx: RequestContext,
  query: PerfionFeedQuery,
  configuredToken: string | undefined,
): Promise<PerfionFeedResponse> {
  if (configuredToken === undefined) throw new AppError('UnauthorizedException', 'The feed is switched off.');
  if (!isSameSecret(query.token, configuredToken)) {
    throw new AppError('UnauthorizedException', 'The feed token is not valid.');
  }
  const categories = await findFeedCategories(ctx.db);
  const categoriesById = new Map(categories.map((category) => [category.id, category]));
  const page = { skip: query.skip, take: query.take };
  if (query.contentType === 'category') {
    return {
      total: categories.length,
      ...page,
      entries: categories
        .slice(query.skip, query.skip + query.take)
        .map((category) => toCategoryEntry(category, categoriesById)),
    };
  }
  const newerThan = query.newerThan === undefined ? undefined : new Date(query.newerThan);
  const products = await findFeedProducts(ctx.db, { ...page, newerThan });
  return {
    total: products.total,
    ...page,
    entries: products.rows.map((row) => toProductEntry(row, categoriesById)),
  };
}
