/**
 * Every redirect of every area in memory (ADR 037). Spec §2: every route looks up a redirect before it renders, so
 * the look-up must cost a page nothing; issue 28: a look-up p95 ≤ 1 ms with 50,000 redirects stored. The API answers
 * GetRedirectByUrl from its map and each storefront process keeps its own, loaded through the API.
 *
 * Kept current on every instance by the cache invalidations of type `redirects` (ADR 030): each redirect write asks
 * for one in its transaction, and an instance that sees it reloads its map. While a reload is under way the map it
 * replaces answers (some hundred ms at 50,000 redirects); the instance that wrote awaits its own reload, so its answer
 * already holds the change.
 */
import type { CacheCounter, CacheReading, CacheRegistry } from './cache-registry.ts';

export type StoredRedirect = { areaId: string; fromPath: string; toUrl: string; status: 301 | 302 };

export type RedirectMapOptions = {
  /** Every redirect of every area, as stored now. */
  loadAll: () => Promise<readonly StoredRedirect[]>;
  /** Registers the map as cache type `redirects` (Debug/GetCacheUsage; InvalidateCacheByType reloads it). */
  registry?: CacheRegistry;
  /** A failed load: the map keeps what it had (none at first: then no path has a redirect until a load succeeds). */
  onLoadError: (error: unknown) => void;
};

/** Per map entry beyond its strings' characters: the entry's object and the key's slot, roughly. */
const ENTRY_OVERHEAD_BYTES = 64;

export class RedirectMap {
  /** By area, then by the content path (`toContentPath`) a redirect is stored for. */
  #byArea: ReadonlyMap<string, ReadonlyMap<string, StoredRedirect>> | null = null;
  #reading: CacheReading = { entries: 0, bytes: 0, oldestEntryAgeMs: null };
  #loadedAtMs = 0;
  /** The newest reload asked for; an older one that finishes after a newer one began is not installed. */
  #latest: Promise<void> | null = null;
  #reloadsAsked = 0;
  readonly #options: RedirectMapOptions;
  readonly #lookups: CacheCounter | undefined;

  constructor(options: RedirectMapOptions) {
    this.#options = options;
    this.#lookups = options.registry?.register('redirects', {
      read: () => ({ ...this.#reading, oldestEntryAgeMs: this.#byArea ? Date.now() - this.#loadedAtMs : null }),
      invalidate: () => void this.reload(),
    });
  }

  /**
   * The redirect stored for a content path of an area, or null. Only the first look-up (and one after a failed first
   * load) waits for a load; every other is a map read (a hit in the cache usage).
   */
  async find(areaId: string, fromPath: string): Promise<StoredRedirect | null> {
    const isLoaded = this.#byArea !== null;
    this.#lookups?.count(isLoaded);
    if (!isLoaded) await (this.#latest ?? this.reload());
    return this.#byArea?.get(areaId)?.get(fromPath) ?? null;
  }

  /**
   * Loads every redirect again; resolves once the map holds what was stored when the newest reload began (a reload
   * asked for meanwhile is awaited too). Never rejects: a failure is reported to `onLoadError`.
   */
  reload(): Promise<void> {
    const asked = ++this.#reloadsAsked;
    const reload = this.#options.loadAll().then(
      (rows) => {
        if (asked === this.#reloadsAsked) {
          this.#install(rows);
          return;
        }
        // A newer reload began after this one: it may hold a change this one missed.
        return this.#latest ?? undefined;
      },
      (error: unknown) => {
        this.#options.onLoadError(error);
        if (asked === this.#reloadsAsked) this.#latest = null;
      },
    );
    this.#latest = reload;
    return reload;
  }

  #install(rows: readonly StoredRedirect[]): void {
    const byArea = new Map<string, Map<string, StoredRedirect>>();
    let characters = 0;
    for (const row of rows) {
      let paths = byArea.get(row.areaId);
      if (paths === undefined) {
        paths = new Map();
        byArea.set(row.areaId, paths);
      }
      paths.set(row.fromPath, row);
      characters += row.areaId.length + row.fromPath.length + row.toUrl.length;
    }
    this.#byArea = byArea;
    this.#loadedAtMs = Date.now();
    // Strings at 2 bytes a character (as estimateBytes counts) and a rough overhead per entry.
    this.#reading = {
      entries: rows.length,
      bytes: characters * 2 + rows.length * ENTRY_OVERHEAD_BYTES,
      oldestEntryAgeMs: null,
    };
  }
}
