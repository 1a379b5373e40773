/**
 * Products of search result pages, cached per search index snapshot. A search page shows 24 products of 100k, and
 * reading them from PGlite costs 5–10 ms (variants and stock included) — the whole search budget — while the
 * index answers in about 1 ms. The cache belongs to one snapshot: a refresh (NOTIFY product_changes) starts an
 * empty one, so search results are exactly as fresh as the index that found them, and entries need no expiry.
 * Look-ups by id or URL (cart, product page) do not use it and always read the database.
 */
import type { LookupTemplate, Product } from '@b2b/contract';
import { LRUCache } from 'lru-cache';
import type { SearchCatalogue } from '../search/search-catalogue.ts';

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

const caches = new WeakMap<SearchCatalogue, ProductCache>();

/** The cache of this snapshot (created on first use; dropped with the snapshot). */
export function getProductCache(catalogue: SearchCatalogue): ProductCache {
  let cache = caches.get(catalogue);
  if (cache === undefined) {
    cache = createProductCache();
    caches.set(catalogue, cache);
  }
  return cache;
}
