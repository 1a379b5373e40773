/**
 * Product services (spec §7 Products): look-ups by id and the faceted search. Searching runs on the in-process
 * index (modules/search); the products of a result page are then read from the database, the source of truth.
 */
import type {
  GetProductsByIdsBody,
  GetProductsByIdsResponse,
  GetProductsBySearchRefinedBody,
  GetProductsBySearchResponse,
  LookupTemplate,
  Product,
} from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { CategoryTree } from '../search/category-tree.ts';
import type { SearchCatalogue } from '../search/search-catalogue.ts';
import {
  findProductByUrl,
  findProductsByIds,
  findVariantsByProductIds,
  type ProductRow,
  type VariantRow,
} from './product.repository.ts';
import { toProduct } from './product-mapper.ts';
import { chooseFacets, toFacetOptions, toSearchQuery } from './search-query.ts';

function groupVariants(variants: readonly VariantRow[]): Map<string, VariantRow[]> {
  const byProduct = new Map<string, VariantRow[]>();
  for (const variant of variants) {
    const list = byProduct.get(variant.productId);
    if (list === undefined) byProduct.set(variant.productId, [variant]);
    else list.push(variant);
  }
  return byProduct;
}

async function loadProducts(
  ctx: RequestContext,
  rows: readonly ProductRow[],
  categories: CategoryTree,
  template: LookupTemplate | undefined,
): Promise<Map<string, Product>> {
  const variants = groupVariants(
    await findVariantsByProductIds(
      ctx.db,
      rows.map((row) => row.id),
    ),
  );
  return new Map(rows.map((row) => [row.id, toProduct(row, variants.get(row.id) ?? [], categories, template)]));
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
  const products = await loadProducts(ctx, rows, catalogue.categories, input.lookupTemplate);
  const items: Record<string, Product> = {};
  for (const id of ids) {
    const product = products.get(id);
    if (product !== undefined) items[id] = product;
  }
  return { items };
}

/**
 * POST /api/Product/GetProductsBySearch (public): facets, free text (spec §5), sorting (spec §9), skip and take.
 * Facet options count under the other selected facets; an OR facet counts as if its own selection were absent.
 */
export async function getProductsBySearch(
  ctx: RequestContext,
  input: GetProductsBySearchRefinedBody,
  catalogue: SearchCatalogue,
): Promise<GetProductsBySearchResponse> {
  const facets = chooseFacets(catalogue.defaultFacets.get(input.area.areaId), input);
  const result = catalogue.index.search(toSearchQuery(input, facets));
  const rows = await findProductsByIds(
    ctx.db,
    result.hits.map((hit) => hit.id),
  );
  const products = await loadProducts(ctx, rows, catalogue.categories, input.lookupTemplate);
  // A product deleted since the index was built is skipped; the next refresh corrects the total.
  const items = result.hits.flatMap((hit) => {
    const item = products.get(hit.id);
    return item === undefined ? [] : [{ item, score: hit.score }];
  });
  return { items, itemsTotal: result.total, facetOptions: toFacetOptions(result.facets, facets) };
}

/** The product whose canonical page is `url`, or null (content pages resolve product URLs, spec §2). */
export async function findProductByPath(
  ctx: RequestContext,
  url: string,
  catalogue: SearchCatalogue,
  template: LookupTemplate | undefined,
): Promise<Product | null> {
  const row = await findProductByUrl(ctx.db, url);
  if (row === null) return null;
  const products = await loadProducts(ctx, [row], catalogue.categories, template);
  return products.get(row.id) ?? null;
}
