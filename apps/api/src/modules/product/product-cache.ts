/**
 * What search answers repeat, cached per search index snapshot: the products of result pages and the facet counts.
 *
 * Products: a search page shows 24 products of 100k, and reading them from PGlite costs 5–10 ms (variants and stock
 * included) — the whole search budget — while the index answers in about 1 ms. The cache belongs to one snapshot: a refresh (NOTIFY product_changes) starts an
 * empty one, so search results are exactly as fresh as the index that found them, and entries need no expiry.
 * Look-ups by id or URL (cart, product page) do not use it and always read the database.
 *
 * Facet counts: they depend on the text, the category, the filters and the facets asked for — not on the sorting or
 * the page — so paging or re-sorting a listing, and every visitor of a popular listing, would count the same again.
 * Counting is the largest part of a broad search (issue 11 profile of "helmets" on 100k products: 0.7 of 1.6 ms a
 * request, memory-bound, so slower still inside a request than alone). Kept per snapshot like the products, so a
 * count is exactly as fresh as the index that made it.
 */
import type { LookupTemplate, Product } from '@b2b/contract';
import { type CacheCounter, type CacheRegistry, lruCacheSource } from '@b2b/contract/cache-registry';
import { LRUCache } from 'lru-cache';
import type { SearchCatalogue } from '../search/search-catalogue.ts';
import type { FacetResult, SearchQuery } from '../search/search-types.ts';

/** About 30 MB of products; enough for the first pages of every common search. */
export const PRODUCT_CACHE_CAPACITY = 10_000;

/** Products by `productCacheKey(id, template)`, least recently used out first (lru-cache). */
export type ProductCache = LRUCache<string, Product>;

export function createProductCache(capacity = PRODUCT_CACHE_CAPACITY): ProductCache {
  return new LRUCache({ max: capacity });
}

/** A product looks different per template; no template means the page template. */
export function productCacheKey(id: string, template: LookupTemplate | undefined): string {
  return `${template ?? 'page'}\u0000${id}`;
}

/** About 10 MB of counts at most (a listing's facets hold a few hundred values). */
export const FACET_COUNT_CACHE_CAPACITY = 2_000;

/** Facet results by `facetCountKey(query)`, least recently used out first. */
export type FacetCountCache = LRUCache<string, readonly FacetResult[]>;

/** Everything the counts depend on, and nothing else (sorting, skip and take leave them as they are). */
export function facetCountKey(query: SearchQuery): string {
  return JSON.stringify([
    query.text ?? '',
    query.categoryId ?? null,
    query.productIds ?? null,
    query.filters ?? [],
    query.facets ?? [],
  ]);
}

type SnapshotCaches = { products: ProductCache; facetCounts: FacetCountCache };

const caches = new WeakMap<SearchCatalogue, SnapshotCaches>();

/** The caches of this snapshot (created on first use; dropped with the snapshot). */
function getSnapshotCaches(catalogue: SearchCatalogue): SnapshotCaches {
  let snapshot = caches.get(catalogue);
  if (snapshot === undefined) {
    snapshot = {
      products: createProductCache(),
      facetCounts: new LRUCache({ max: FACET_COUNT_CACHE_CAPACITY }),
    };
    caches.set(catalogue, snapshot);
  }
  return snapshot;
}

export function getProductCache(catalogue: SearchCatalogue): ProductCache {
  return getSnapshotCaches(catalogue).products;
}

export function getFacetCountCache(catalogue: SearchCatalogue): FacetCountCache {
  return getSnapshotCaches(catalogue).facetCounts;
}

/** Counts the look-ups of the two caches for Debug/GetCacheUsage (`registerSearchCaches`). */
export type SearchCacheLookups = { products: CacheCounter; facetCounts: CacheCounter };

/**
 * Registers the current snapshot's caches as `product` and `search-facets` (Debug/GetCacheUsage,
 * InvalidateCacheByType; ADR 030). Their entries keep no write times (they need no expiry), so no oldest entry.
 */
export function registerSearchCaches(
  registry: CacheRegistry,
  currentCatalogue: () => SearchCatalogue,
): SearchCacheLookups {
  return {
    products: registry.register(
      'product',
      lruCacheSource(() => [getProductCache(currentCatalogue())]),
    ),
    facetCounts: registry.register(
      'search-facets',
      lruCacheSource(() => [getFacetCountCache(currentCatalogue())]),
    ),
  };
}
