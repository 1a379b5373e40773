/**
 * An in-process cache for GetPrices, which every listing page calls in chunks of 12 (spec §9), for each customer.
 * On PGlite every statement costs several protocol round trips into WebAssembly (1–4 ms on a busy machine), so the
 * hot path must not depend on a query per call. Entries expire PRICE_CACHE_TTL_MS after they were written: a price
 * changed in the database shows within that time on every instance. Only GetPrices reads it; anything that books
 * money (cart calculation, orders) reads the database itself. The caches are lru-cache's (the project's one cache
 * implementation): bounded by entry count, least recently used out first.
 */
import { type CacheCounter, type CacheRegistry, lruCacheSource } from '@b2b/contract/cache-registry';
import type { SellerVatRegistration } from '@b2b/contract/vat-rules';
import { LRUCache, type Perf } from 'lru-cache';
import type { ProductPriceRows } from './price-calculation.ts';

export const PRICE_CACHE_TTL_MS = 60_000;
/** Bounds memory: about 150 bytes per entry, so at most some 15 MB per cache. */
export const PRICE_CACHE_MAX_ENTRIES = 100_000;
/**
 * Areas are a handful; lru-cache allocates its bookkeeping for `max` entries up front, so the sellers' VAT
 * registrations get a small bound of their own.
 */
export const VAT_RATE_CACHE_MAX_ENTRIES = 100;

/**
 * A cached answer. "Looked up and found nothing" (null) is worth caching too, and lru-cache stores no null or
 * undefined values, so every value is boxed: `get` answering undefined means "not cached".
 */
export type Cached<T> = { value: T };

export type PriceCache = {
  /** `currency|priceGroup|productId` → the product's rows, or null when it has no price in that currency. */
  products: LRUCache<string, Cached<ProductPriceRows | null>>;
  /** variant id → its product id, or null when there is no such variant. */
  variants: LRUCache<string, Cached<string | null>>;
  /**
   * area id → the seller's VAT registration (country and rate), or null when the area has none. Cached per area, not
   * per customer: the customer's VAT treatment (reverse charge, export …) comes from the request context and is
   * applied to the prices after the cache (ADR 018), so nothing cached depends on the customer's VAT.
   */
  vatRates: LRUCache<string, Cached<SellerVatRegistration | null>>;
  /** Counts the product and variant look-ups for Debug/GetCacheUsage; set once registered (`registerPriceCache`). */
  lookups?: CacheCounter;
};

/**
 * `clock` is for tests that step time, read on every access (lru-cache otherwise reuses a reading for 1 ms); the
 * default is lru-cache's own (performance.now).
 */
export function createPriceCache(clock?: Perf): PriceCache {
  const stepped = clock ? { perf: clock, ttlResolution: 0 } : {};
  const options = { max: PRICE_CACHE_MAX_ENTRIES, ttl: PRICE_CACHE_TTL_MS, ...stepped };
  return {
    products: new LRUCache(options),
    variants: new LRUCache(options),
    vatRates: new LRUCache({ ...options, max: VAT_RATE_CACHE_MAX_ENTRIES }),
  };
}

/** Registers the cache as `price` with the app's caches (Debug/GetCacheUsage, InvalidateCacheByType; ADR 030). */
export function registerPriceCache(registry: CacheRegistry, cache: PriceCache): PriceCache {
  const source = lruCacheSource(() => [cache.products, cache.variants, cache.vatRates]);
  return { ...cache, lookups: registry.register('price', source) };
}

export function productPriceKey(currencyCode: string, priceGroupId: string | null, productId: string): string {
  return `${currencyCode}|${priceGroupId ?? ''}|${productId}`;
}
