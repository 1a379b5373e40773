import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CacheCounter, CacheSource } from '@b2b/contract/cache-registry';
import { LRUCache } from 'lru-cache';
import type { OutputFormat, ResizeRequest } from '~/lib/image-resize-params.ts';
import { webCaches } from '~/lib/web-caches.server.ts';

/** A temporary file older than this is left over from a write that never finished (a crash): removed on start. */
const STALE_TEMPORARY_MS = 10 * 60_000;
const TEMPORARY_SUFFIX = '.tmp';

/**
 * The resized images on disk (ADR 015), at most `maxBytes` of them: when a new rendering would pass the limit, the
 * renderings used longest ago are deleted. The URL's width, height, mode and gravity are the caller's to choose, so
 * without a limit anyone could fill the disk one size at a time. The process keeps the list of files and their sizes
 * in memory (read from the folder on first use); a second process sharing the folder keeps its own list, so each keeps
 * its own files within its limit: the route gives each server process its share (`imageCacheMaxBytesPerProcess`).
 */
export class ImageDiskCache {
  readonly #dir: string;
  readonly #maxBytes: number;
  /** Cache file → its size in bytes, least recently used first out; evicting one deletes the file. */
  readonly #files: LRUCache<string, number>;
  #indexed: Promise<void> | null = null;
  /** Deletions of evicted files not finished yet: awaited before a read or write returns. */
  readonly #removals: Promise<void>[] = [];
  /** Counts reads for Debug/GetCacheUsage (type `image`), once registered. */
  lookups: CacheCounter | undefined;

  constructor(dir: string, maxBytes: number) {
    this.#dir = dir;
    this.#maxBytes = maxBytes;
    this.#files = new LRUCache<string, number>({
      maxSize: maxBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes),
      dispose: (_bytes, file, reason) => {
        if (reason === 'evict') this.#removals.push(removeFile(file));
      },
    });
  }

  /**
   * The cache file of one rendering: a hash of everything that changes the bytes (path, mode, box, gravity, format),
   * so a URL's answer never changes (hence `immutable`) and names are safe whatever the path holds.
   */
  fileFor(path: string, request: ResizeRequest, format: OutputFormat): string {
    const key = createHash('sha256')
      .update(JSON.stringify([path, request.mode, request.width, request.height, request.gravity, format]))
      .digest('hex');
    return join(this.#dir, key.slice(0, 2), `${key}.${format}`);
  }

  /** The cached bytes, or null when not cached (yet, or any more). */
  async read(file: string): Promise<Buffer | null> {
    await this.#index();
    try {
      const bytes = await readFile(file);
      // used now: the last to go (a file another process wrote joins the list)
      if (this.#files.get(file) === undefined) this.#files.set(file, bytes.byteLength);
      await this.#removed();
      this.lookups?.count(true);
      return bytes;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#files.delete(file);
      this.lookups?.count(false);
      return null;
    }
  }

  /**
   * Stores a rendering atomically: written to a unique temporary name, then renamed, so a reader (or a second
   * process rendering the same image) never sees half a file. Then deletes the renderings used longest ago while the
   * total passes the limit. A failed write only costs the cache, not the answer.
   */
  async write(file: string, body: Uint8Array): Promise<void> {
    await this.#index();
    if (body.byteLength > this.#maxBytes) return;
    const temporary = `${file}.${randomUUID()}${TEMPORARY_SUFFIX}`;
    try {
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(temporary, body);
      await rename(temporary, file);
      this.#files.set(file, body.byteLength);
      await this.#removed();
    } catch (error) {
      console.error('[images] could not cache a resized image', error);
      await rm(temporary, { force: true });
    }
  }

  /**
   * The cache as Debug/GetCacheUsage reads and InvalidateCacheByType empties it: the files this process knows, their
   * bytes on disk; no oldest entry (the list keeps no write times). Emptying deletes the files; another process
   * sharing the folder finds them gone on its next read and renders them again.
   */
  get usageSource(): CacheSource {
    return {
      read: () => ({ entries: this.#files.size, bytes: this.#files.calculatedSize, oldestEntryAgeMs: null }),
      invalidate: () => {
        for (const file of this.#files.keys()) this.#removals.push(removeFile(file));
        this.#files.clear();
      },
    };
  }

  /** The bytes the cache holds by its own count (its tests check the limit with it). */
  get size(): number {
    return this.#files.calculatedSize;
  }

  async #removed(): Promise<void> {
    await Promise.all(this.#removals.splice(0));
  }

  /** Reads the folder once: the files already there count against the limit, oldest first out. */
  #index(): Promise<void> {
    this.#indexed ??= this.#readFolder().catch((error: unknown) => {
      console.error('[images] could not read the image cache folder', error);
    });
    return this.#indexed;
  }

  async #readFolder(): Promise<void> {
    const entries = await readdir(this.#dir, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    // all at once (the first image request waits for this): Node's thread pool bounds how many run together
    const found = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const file = join(entry.parentPath, entry.name);
          const info = await stat(file).catch(() => null);
          if (!info) return null;
          if (entry.name.endsWith(TEMPORARY_SUFFIX)) {
            if (Date.now() - info.mtimeMs > STALE_TEMPORARY_MS) await removeFile(file);
            return null;
          }
          return { file, bytes: info.size, changedAt: info.mtimeMs };
        }),
    );
    const files = found.filter((entry) => entry !== null).sort((a, b) => a.changedAt - b.changedAt);
    // reads and writes wait for this, so the folder's files go in first, the oldest first out
    for (const { file, bytes } of files) this.#files.set(file, bytes);
    await this.#removed();
  }
}

/** Registers the cache as `image` with this process's caches (Debug/GetCacheUsage, ADR 030). */
export function registerImageCache(cache: ImageDiskCache): ImageDiskCache {
  cache.lookups = webCaches.register('image', cache.usageSource);
  return cache;
}

async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true }).catch((error: unknown) =>
    console.error('[images] could not remove a cached image', error),
  );
}
