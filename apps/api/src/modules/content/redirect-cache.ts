/**
 * GetRedirectByUrl's cache (issue 28: a look-up p95 ≤ 1 ms with 50,000 redirects stored). On PGlite each statement
 * costs protocol round trips into WebAssembly, more than the target on a busy machine, so look-ups of the same path
 * are answered from memory. Entries expire REDIRECT_CACHE_TTL_MS after they were written: every instance sees a
 * change made through another within that time (issue 28: ≤ 5 s); the instance that made the change empties its
 * cache in the write (`forgetCachedRedirects`), so the editor's own storefront follows at once.
 */
import { type CacheCounter, type CacheRegistry, lruCacheSource } from '@b2b/contract/cache-registry';
import { LRUCache } from 'lru-cache';
import type { RedirectRow } from './redirect.repository.ts';

export const REDIRECT_CACHE_TTL_MS = 2_000;
/** Paths asked for within the TTL: a crawler's burst of old URLs fits; each entry is a few hundred bytes. */
export const REDIRECT_CACHE_MAX_ENTRIES = 20_000;

/** lru-cache stores no null: "no redirect for this path" (worth caching too) is a boxed null. */
type Cached = { row: RedirectRow | null };

const cache = new LRUCache<string, Cached>({ max: REDIRECT_CACHE_MAX_ENTRIES, ttl: REDIRECT_CACHE_TTL_MS });

function keyOf(areaId: string, fromPath: string): string {
  return `${areaId}|${fromPath}`;
}

/** Counts look-ups for Debug/GetCacheUsage once an app registered the cache. */
let lookups: CacheCounter | undefined;

/** Registers the cache as `redirects` with the app's caches (Debug/GetCacheUsage, InvalidateCacheByType; ADR 030). */
export function registerRedirectCache(registry: CacheRegistry): void {
  lookups = registry.register(
    'redirects',
    lruCacheSource(() => [cache]),
  );
}

/** The cached redirect of a path (null: cached as having none), or undefined when the path is not cached. */
export function findCachedRedirect(areaId: string, fromPath: string): RedirectRow | null | undefined {
  const cached = cache.get(keyOf(areaId, fromPath));
  lookups?.count(cached !== undefined);
  return cached?.row;
}

export function cacheRedirect(areaId: string, fromPath: string, row: RedirectRow | null): void {
  cache.set(keyOf(areaId, fromPath), { row });
}

/** Empties the cache: called by every redirect write of this instance, after its transaction. */
export function forgetCachedRedirects(): void {
  cache.clear();
}
