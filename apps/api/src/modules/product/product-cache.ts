/**
 * Products of search result pages, cached per search index snapshot. A search page shows 24 products of 100k, and
 * reading them from PGlite costs 5–10 ms (variants and stock included) — the whole search budget — while the
 * index answers in about 1 ms. The cache belongs to one snapshot: a refresh (NOTIFY product_changes) starts an
 * empty one, so search results are exactly as fresh as the index that found them. Look-ups by id or URL (cart,
 * product page) do not use it and always read the database.
 */
import type { LookupTemplate, Product } from '@b2b/contract';
import type { SearchCatalogue } from '../search/search-catalogue.ts';

/** About 30 MB of products; enough for the first pages of every common search. */
export const PRODUCT_CACHE_CAPACITY = 10_000;

/** A least-recently-used map of products by template and id. */
export class ProductCache {
  readonly #capacity: number;
  readonly #entries = new Map<string, Product>();

  constructor(capacity = PRODUCT_CACHE_CAPACITY) {
    this.#capacity = capacity;
  }

  #key(id: string, template: LookupTemplate | undefined): string {
    return `${template ?? 'page'}\u0000${id}`;
  }

  /** The cached product, now the most recently used. */
  get(id: string, template: LookupTemplate | undefined): Product | undefined {
    const key = this.#key(id, template);
    const product = this.#entries.get(key);
    if (product !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, product);
    }
    return product;
  }

  /** Stores a product, dropping the least recently used beyond the capacity. */
  set(id: string, template: LookupTemplate | undefined, product: Product): void {
    const key = this.#key(id, template);
    this.#entries.delete(key);
    this.#entries.set(key, product);
    while (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

const caches = new WeakMap<SearchCatalogue, ProductCache>();

/** The cache of this snapshot (created on first use; dropped with the snapshot). */
export function getProductCache(catalogue: SearchCatalogue): ProductCache {
  let cache = caches.get(catalogue);
  if (cache === undefined) {
    cache = new ProductCache();
    caches.set(catalogue, cache);
  }
  return cache;
}
