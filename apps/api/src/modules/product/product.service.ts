/**
 * Product services (spec §7 Products): look-ups by id and the faceted search. Searching runs on the in-process
 * index (modules/search); the products of a result page come from the snapshot's product cache or the database.
 * Look-ups by id and URL always read the database, the source of truth.
 */
import {
  DEAL_PAGE_TYPES,
  type GetProductsByIdsBody,
  type GetProductsByIdsResponse,
  type GetProductsBySearchRefinedBody,
  type GetProductsBySearchResponse,
  type LookupTemplate,
  type Product,
} from '@b2b/contract';
import type { CacheCounter } from '@b2b/contract/cache-registry';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { dealProductIds } from '../campaign/campaign.service.ts';
import type { CategoryTree } from '../search/category-tree.ts';
import type { SearchCatalogue } from '../search/search-catalogue.ts';
import { findNearestCategories } from '../search/search-suggestions.ts';
import type { SearchQuery } from '../search/search-types.ts';
import {
  findProductByUrl,
  findProductsByIds,
  findSoldProductIdsByUrls,
  type ProductWithVariantsRow,
} from './product.repository.ts';
import {
  facetCountKey,
  getFacetCountCache,
  getProductCache,
  productCacheKey,
  type SearchCacheLookups,
} from './product-cache.ts';
import { toProduct } from './product-mapper.ts';
import { chooseFacets, toFacetOptions, toSearchQuery } from './search-query.ts';

function toProducts(
  rows: readonly ProductWithVariantsRow[],
  categories: CategoryTree,
  template: LookupTemplate | undefined,
): Map<string, Product> {
  return new Map(rows.map((row) => [row.id, toProduct(row, row.variants, categories, template)]));
}

/**
 * The products of these ids as the product calls answer them (the lookup template honoured), keyed by id in the
 * database's order; unknown ids are absent. Read from the database, one query (content's product carousels).
 */
export async function loadProducts(
  ctx: RequestContext,
  input: { ids: readonly string[]; template: LookupTemplate | undefined },
  categories: CategoryTree,
): Promise<Map<string, Product>> {
  return toProducts(await findProductsByIds(ctx.db, input.ids), categories, input.template);
}

/**
 * POST /api/Product/GetProductsByIds: found products keyed by id. Unknown ids are left out; when NONE of the ids
 * exists the answer is 404 NotFoundException, which the client handles as "Not Found" (spec §7 "404 handled",
 * spec §8: 404 on get products by ids).
 */
export async function getProductsByIds(
  ctx: RequestContext,
  input: GetProductsByIdsBody,
  catalogue: SearchCatalogue,
): Promise<GetProductsByIdsResponse> {
  const ids = [...new Set(input.ids)];
  const rows = await findProductsByIds(ctx.db, ids);
  if (rows.length === 0) {
    throw new AppError('NotFoundException', `None of the products ${ids.join(', ')} was found.`);
  }
  const products = toProducts(rows, catalogue.categories, input.lookupTemplate);
  const items: Record<string, Product> = {};
  for (const id of ids) {
    const product = products.get(id);
    if (product !== undefined) items[id] = product;
  }
  return { items };
}

/** The products of a result page: from the snapshot's cache, the rest in one query (see product-cache.ts). */
async function findListedProducts(
  ctx: RequestContext,
  ids: readonly string[],
  catalogue: SearchCatalogue,
  template: LookupTemplate | undefined,
  lookups: CacheCounter | undefined,
): Promise<Map<string, Product>> {
  const cache = getProductCache(catalogue);
  const found = new Map<string, Product>();
  const missing: string[] = [];
  for (const id of ids) {
    const product = cache.get(productCacheKey(id, template));
    lookups?.count(product !== undefined);
    if (product === undefined) missing.push(id);
    else found.set(id, product);
  }
  for (const [id, product] of toProducts(await findProductsByIds(ctx.db, missing), catalogue.categories, template)) {
    cache.set(productCacheKey(id, template), product);
    found.set(id, product);
  }
  return found;
}

/**
 * POST /api/Product/GetProductsBySearch (public): facets, free text (spec §5), sorting (spec §9), skip and take.
 * Facet options count under the other selected facets; an OR facet counts as if its own selection were absent.
 */
export async function getProductsBySearch(
  ctx: RequestContext,
  input: GetProductsBySearchRefinedBody,
  catalogue: SearchCatalogue,
  cacheLookups?: SearchCacheLookups,
): Promise<GetProductsBySearchResponse> {
  const facets = chooseFacets(catalogue.defaultFacets.get(input.area.areaId), input);
  const query = toSearchQuery(input, facets);
  if (input.dealType !== undefined) {
    query.productIds = await dealProductIds(ctx, {
      customer: ctx.customer,
      areaId: input.area.areaId,
      at: new Date(),
      campaignTypes: DEAL_PAGE_TYPES[input.dealType],
    });
  }
  // Facet counts of the same text, category and filters are counted once per snapshot (product-cache.ts).
  const facetCounts = getFacetCountCache(catalogue);
  const countKey = facetCountKey(query);
  const knownCounts = facetCounts.get(countKey);
  cacheLookups?.facetCounts.count(knownCounts !== undefined);
  const result = catalogue.index.search(knownCounts === undefined ? query : { ...query, facets: [] });
  if (knownCounts === undefined) facetCounts.set(countKey, result.facets);
  const products = await findListedProducts(
    ctx,
    result.hits.map((hit) => hit.id),
    catalogue,
    input.lookupTemplate,
    cacheLookups?.products,
  );
  // A product deleted since the index was built is skipped; the next refresh corrects the total.
  const items = result.hits.flatMap((hit) => {
    const item = products.get(hit.id);
    return item === undefined ? [] : [{ item, score: hit.score }];
  });
  return {
    items,
    itemsTotal: result.total,
    facetOptions: toFacetOptions(knownCounts ?? result.facets, facets),
    ...(result.total === 0 ? suggestForEmptyResult(catalogue, query) : { didYouMean: null, nearestCategories: [] }),
  };
}

/**
 * For free text that found nothing (ADR 003): the query with its unknown words replaced by the nearest known ones,
 * when that finds something under the same category and filters; and the categories nearest to its words.
 */
function suggestForEmptyResult(
  catalogue: SearchCatalogue,
  query: SearchQuery,
): Pick<GetProductsBySearchResponse, 'didYouMean' | 'nearestCategories'> {
  const text = query.text ?? '';
  if (text.trim().length === 0) return { didYouMean: null, nearestCategories: [] };
  const corrected = catalogue.index.correctText(text);
  const isFound =
    corrected !== null && catalogue.index.search({ ...query, text: corrected, facets: [], take: 0 }).total > 0;
  return { didYouMean: isFound ? corrected : null, nearestCategories: findNearestCategories(catalogue, text) };
}

/** The product whose canonical page is `url`, or null (content pages resolve product URLs, spec §2). */
export async function findProductByPath(
  ctx: RequestContext,
  url: string,
  catalogue: SearchCatalogue,
  template: LookupTemplate | undefined,
): Promise<Product | null> {
  const row = await findProductByUrl(ctx.db, url);
  return row === null ? null : toProduct(row, row.variants, catalogue.categories, template);
}

/**
 * The pages of products still sold among these paths, product id by path: a redirect from one would hide a product
 * buyers order (issue 28). A discontinued product's page may redirect, e.g. to its successor (ADR 037).
 */
export async function findProductPagesAmong(
  ctx: RequestContext,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findSoldProductIdsByUrls(ctx.db, paths);
  return new Map(rows.map((row) => [row.url, row.id]));
}
