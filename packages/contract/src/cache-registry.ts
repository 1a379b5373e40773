/**
 * The one way a cache reports its usage and is emptied (Debug/GetCacheUsage, InvalidateCacheByType; ADR 030). The API
 * and the storefront each keep one registry per instance (an API app, a storefront process); every cache registers
 * under its type (`CACHE_TYPES`) with a source that reads it and empties it, and counts its look-ups on the counter
 * it gets back. Nothing here imports a cache library: lru-cache's instances fit `MeasurableCache` as they are.
 */
import type { CacheType } from './constants.ts';

/** What a source reads from its cache(s) at report time. */
export type CacheReading = {
  entries: number;
  /** Estimated, see `estimateBytes`. */
  bytes: number;
  /** Age of the entry written longest ago, in ms; null when the cache does not know when its entries were written. */
  oldestEntryAgeMs: number | null;
};

export type CacheSource = {
  read(): CacheReading;
  /** Empties the cache (or caches) of the type on this instance. */
  invalidate(): void;
};

/** A type's usage on one instance, as reported (the contract's `cacheUsageSchema`). */
export type CacheUsageReading = {
  type: CacheType;
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  oldestEntryAt: string | null;
};

/** Counts one type's look-ups since the instance started: a hit found the entry, a miss had to ask further. */
export class CacheCounter {
  hits = 0;
  misses = 0;

  count(isHit: boolean): void {
    if (isHit) this.hits++;
    else this.misses++;
  }
}

/** The parts of an lru-cache (v11) a report reads. */
export type MeasurableCache = {
  readonly size: number;
  /** The cache's time to live; 0 when entries do not expire (then their write times are not kept). */
  readonly ttl: number;
  /** Set when the cache weighs its entries itself (`sizeCalculation`): their weight in bytes. */
  readonly calculatedSize?: number;
  readonly maxSize?: number;
  keys(): Iterable<unknown>;
  values(): Iterable<unknown>;
  getRemainingTTL(key: never): number;
  clear(): void;
};

/** How many entries `estimateBytes` serialises to estimate the rest: reading stays cheap for 100,000 entries. */
const SAMPLED_ENTRIES = 32;

/**
 * An honest estimate of the bytes a cache's data takes: the mean JSON length of up to SAMPLED_ENTRIES entries (key and
 * value) at 2 bytes a character (V8 strings are UTF-16 at worst, Latin-1 at best), times the entries. It counts the
 * data, not V8's per-object overhead, so real heap use is higher; a cache that weighs its entries
 * (`sizeCalculation`, e.g. the page cache in characters of HTML) reports that weight instead, expired entries not yet
 * removed included (they still take the memory).
 */
export function estimateBytes(cache: MeasurableCache, entries = cache.size): number {
  if (cache.maxSize !== undefined && cache.maxSize > 0 && cache.calculatedSize !== undefined) {
    return cache.calculatedSize;
  }
  if (entries === 0) return 0;
  const keys = cache.keys()[Symbol.iterator]();
  const values = cache.values()[Symbol.iterator]();
  let sampled = 0;
  let characters = 0;
  while (sampled < SAMPLED_ENTRIES) {
    const key = keys.next();
    const value = values.next();
    if (key.done || value.done) break;
    characters += jsonLength(key.value) + jsonLength(value.value);
    sampled++;
  }
  return sampled === 0 ? 0 : Math.round((characters * 2 * entries) / sampled);
}

function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0; // a cyclic value or a BigInt: counted as nothing rather than guessed
  }
}

/**
 * The entries a cache would answer, and the age of the one written longest ago. A cache with a ttl keeps expired
 * entries until something touches them, and counts them in its `size`; `keys()` skips those (and fetches still under
 * way), so they are counted here by visiting every key: some 10 ms for 100,000 entries, once per report. Purging them
 * instead (`purgeStale`) would abort a refresh a page is waiting for. Write times are known only with a ttl
 * (lru-cache's remaining time to live).
 */
function liveEntries(cache: MeasurableCache): { count: number; oldestAgeMs: number | null } {
  if (!(cache.ttl > 0)) return { count: cache.size, oldestAgeMs: null };
  let count = 0;
  let oldest = -1;
  for (const key of cache.keys()) {
    count++;
    const age = cache.ttl - cache.getRemainingTTL(key as never);
    if (age > oldest) oldest = age;
  }
  return { count, oldestAgeMs: oldest < 0 ? null : Math.max(0, Math.round(oldest)) };
}

/** A source for lru-caches, read when reported: `caches` is called each time, for caches that are replaced. */
export function lruCacheSource(caches: () => readonly MeasurableCache[]): CacheSource {
  return {
    read() {
      const reading: CacheReading = { entries: 0, bytes: 0, oldestEntryAgeMs: null };
      for (const cache of caches()) {
        const live = liveEntries(cache);
        reading.entries += live.count;
        reading.bytes += estimateBytes(cache, live.count);
        const age = live.oldestAgeMs;
        if (age !== null && (reading.oldestEntryAgeMs === null || age > reading.oldestEntryAgeMs)) {
          reading.oldestEntryAgeMs = age;
        }
      }
      return reading;
    },
    invalidate() {
      for (const cache of caches()) cache.clear();
    },
  };
}

/** The caches of one instance, by type. A type may have several sources (the price cache's three lru-caches are one). */
export class CacheRegistry {
  readonly #types = new Map<CacheType, { sources: CacheSource[]; counter: CacheCounter }>();

  /** Registers a source under its type; count the type's look-ups on the counter answered. */
  register(type: CacheType, source: CacheSource): CacheCounter {
    let entry = this.#types.get(type);
    if (entry === undefined) {
      entry = { sources: [], counter: new CacheCounter() };
      this.#types.set(type, entry);
    }
    entry.sources.push(source);
    return entry.counter;
  }

  /** The counter of a type, for a cache that counts in another module than the one that registered it. */
  counterOf(type: CacheType): CacheCounter | undefined {
    return this.#types.get(type)?.counter;
  }

  /** Every registered type's usage now, in registration order. */
  read(now = Date.now()): CacheUsageReading[] {
    return [...this.#types].map(([type, { sources, counter }]) => {
      let entries = 0;
      let bytes = 0;
      let oldestAge: number | null = null;
      for (const source of sources) {
        const reading = source.read();
        entries += reading.entries;
        bytes += reading.bytes;
        if (reading.oldestEntryAgeMs !== null && (oldestAge === null || reading.oldestEntryAgeMs > oldestAge)) {
          oldestAge = reading.oldestEntryAgeMs;
        }
      }
      return {
        type,
        entries,
        bytes,
        hits: counter.hits,
        misses: counter.misses,
        oldestEntryAt: oldestAge === null ? null : new Date(now - oldestAge).toISOString(),
      };
    });
  }

  /** Empties every cache of the type on this instance; false when the instance has none of it. */
  invalidate(type: CacheType): boolean {
    const entry = this.#types.get(type);
    if (entry === undefined) return false;
    for (const source of entry.sources) source.invalidate();
    return true;
  }
}
