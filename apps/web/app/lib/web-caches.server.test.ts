/**
 * The cache registry (@b2b/contract/cache-registry) on real lru-caches, as the storefront's caches use it, and
 * `fetchCounted` (ADR 030): entries, estimated bytes, oldest entry, hits and misses, emptying.
 */
import { CacheRegistry, estimateBytes, lruCacheSource } from '@b2b/contract/cache-registry';
import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { fetchCounted } from './web-caches.server.ts';

/** A clock the test steps, read by lru-cache on every access. */
function steppedClock(start = 1_000) {
  const clock = { now: start, perf: { now: () => clock.now } };
  return clock;
}

describe('CacheRegistry', () => {
  it('reads entries, bytes, oldest entry and look-ups of a type, and empties it', () => {
    const clock = steppedClock();
    const cache = new LRUCache<string, { name: string }>({ max: 10, ttl: 60_000, perf: clock.perf, ttlResolution: 0 });
    const registry = new CacheRegistry();
    const counter = registry.register(
      'area',
      lruCacheSource(() => [cache]),
    );

    cache.set('eu', { name: 'Europe' });
    clock.now += 20_000;
    cache.set('us', { name: 'USA' });
    counter.count(cache.get('eu') !== undefined);
    counter.count(cache.get('nowhere') !== undefined);

    const now = Date.parse('2026-11-27T12:00:00Z');
    const [reading] = registry.read(now);
    // "eu" and {"name":"Europe"}: 2 + 17 characters; "us" and {"name":"USA"}: 2 + 14; at 2 bytes each.
    expect(reading).toEqual({
      type: 'area',
      entries: 2,
      bytes: (19 + 16) * 2,
      hits: 1,
      misses: 1,
      oldestEntryAt: '2026-11-27T11:59:40.000Z',
    });

    expect(registry.invalidate('area')).toBe(true);
    expect(cache.size).toBe(0);
    expect(registry.read(now)[0]).toMatchObject({ entries: 0, bytes: 0, oldestEntryAt: null, hits: 1, misses: 1 });
    expect(registry.invalidate('page')).toBe(false);
  });

  it('leaves expired entries out without removing them, and sums the caches of one type', () => {
    const clock = steppedClock();
    const options = { max: 10, ttl: 5_000, perf: clock.perf, ttlResolution: 0 };
    const products = new LRUCache<string, string>(options);
    const variants = new LRUCache<string, string>(options);
    const registry = new CacheRegistry();
    registry.register(
      'price',
      lruCacheSource(() => [products, variants]),
    );
    products.set('p1', 'a');
    clock.now += 6_000;
    variants.set('v1', 'b');

    expect(registry.read()[0]).toMatchObject({ entries: 1 });
    // still held until touched: reading never aborts or drops what a page may be refreshing
    expect(products.size).toBe(1);
  });

  it('reports the weight of a cache that weighs its entries', () => {
    const pages = new LRUCache<string, string>({ maxSize: 1_000, sizeCalculation: (html) => html.length });
    pages.set('/', 'x'.repeat(300));
    expect(estimateBytes(pages)).toBe(300);
  });
});

describe('fetchCounted', () => {
  it('counts a look-up that calls the fetchMethod as a miss, and one answered from the cache as a hit', async () => {
    let calls = 0;
    const cache = new LRUCache<string, { value: number }>({
      max: 10,
      fetchMethod: async () => ({ value: ++calls }),
    });
    const registry = new CacheRegistry();
    const counter = registry.register(
      'translations',
      lruCacheSource(() => [cache]),
    );

    expect(await fetchCounted(cache, counter, 'eu|en-GB')).toEqual({ value: 1 });
    expect(await fetchCounted(cache, counter, 'eu|en-GB')).toEqual({ value: 1 });
    expect(registry.read()[0]).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });
});
