/**
 * The caches' Prometheus metrics (ADR 039), alike in the API and the storefront: read from the instance's
 * {@link CacheRegistry} (ADR 030) at each scrape, so the counting stays in one place. A hit rate is
 * `rate(hits) / rate(hits + misses)` over the look-ups counter. Server-only: the browser bundle never imports it.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { CacheRegistry } from './cache-registry.ts';

/** Adds `b2b_cache_lookups_total`, `b2b_cache_entries` and `b2b_cache_bytes` for the caches of `caches` to `registry`. */
export function registerCacheMetrics(registry: Registry, caches: Pick<CacheRegistry, 'read'>): void {
  let lastReading: ReturnType<CacheRegistry['read']> = [];
  new Counter({
    name: 'b2b_cache_lookups_total',
    help: 'Look-ups of a cache type since the process started: a hit found the entry, a miss asked further (ADR 030).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      // One reading a scrape, shared with the gauges below (collect functions run in registration order).
      lastReading = caches.read();
      this.reset();
      for (const cache of lastReading) {
        this.inc({ cache: cache.type, result: 'hit' }, cache.hits);
        this.inc({ cache: cache.type, result: 'miss' }, cache.misses);
      }
    },
  });
  new Gauge({
    name: 'b2b_cache_entries',
    help: 'Entries a cache type would answer now (expired ones not yet removed left out).',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const cache of lastReading) this.set({ cache: cache.type }, cache.entries);
    },
  });
  new Gauge({
    name: 'b2b_cache_bytes',
    help: "Estimated bytes of a cache type's data (ADR 030: a sample's JSON length, or the weight the cache keeps itself; V8's overhead not counted).",
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const cache of lastReading) this.set({ cache: cache.type }, cache.bytes);
    },
  });
}
