/**
 * The caches of this storefront process (ADR 030): each registers here under its type (`CACHE_TYPES`) and counts its
 * look-ups; cache-usage.server.ts reports them to the API and empties a type when it is invalidated. Imports nothing
 * of the app, so any module may register at load time.
 */
import { type CacheCounter, CacheRegistry } from '@b2b/contract/cache-registry';
import type { LRUCache } from 'lru-cache';

/** The caches of this process. */
export const webCaches = new CacheRegistry();

/**
 * `cache.fetch` with the look-up counted: found (or already being fetched for another page) is a hit, anything that
 * calls the cache's fetchMethod a miss. lru-cache sets the status before `fetch` returns its promise.
 */
export function fetchCounted<K extends {}, V extends {}, FC>(
  cache: LRUCache<K, V, FC>,
  counter: CacheCounter,
  key: K,
  options?: LRUCache.FetchOptions<K, V, FC>,
): Promise<V | undefined> {
  const status: LRUCache.Status<K, V, FC> = {};
  // lru-cache's overloads of fetch depend on FC; the caller's options were checked against them above
  const fetched = cache.fetch(key as never, { ...options, status } as never) as Promise<V | undefined>;
  counter.count(status.fetch === 'hit' || status.fetch === 'inflight');
  return fetched;
}
