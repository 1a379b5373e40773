/**
 * The caches page's server side (issue 28, ADR 030): every instance's caches from Debug/GetCacheUsage, with ages
 * computed here (so the page renders the same on the server and in the browser), and InvalidateCacheByType.
 */
import { CACHE_TYPES, type CacheType } from '@b2b/contract/constants';
import { debugEndpoints } from '@b2b/contract/endpoints/debug';
import type { RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';

export type CacheRow = {
  type: CacheType;
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** Seconds since the oldest entry was written; null when the cache keeps no write times. */
  oldestEntryAgeSeconds: number | null;
};

export type CacheInstanceView = {
  instanceId: string;
  app: 'api' | 'web';
  hostname: string;
  pid: number;
  startedAt: string;
  reportedSecondsAgo: number;
  caches: CacheRow[];
};

const secondsBetween = (later: number, earlier: string) =>
  Math.max(0, Math.round((later - Date.parse(earlier)) / 1000));

export async function loadCacheUsage(context: Readonly<RouterContextProvider>): Promise<CacheInstanceView[]> {
  const { instances } = await getApi(context).call(debugEndpoints.getCacheUsage, {});
  const now = Date.now();
  return instances.map((instance) => ({
    instanceId: instance.instanceId,
    app: instance.app,
    hostname: instance.hostname,
    pid: instance.pid,
    startedAt: instance.startedAt,
    reportedSecondsAgo: secondsBetween(now, instance.reportedAt),
    caches: instance.caches.map((cache) => ({
      type: cache.type,
      entries: cache.entries,
      bytes: cache.bytes,
      hits: cache.hits,
      misses: cache.misses,
      oldestEntryAgeSeconds: cache.oldestEntryAt === null ? null : secondsBetween(now, cache.oldestEntryAt),
    })),
  }));
}

export type InvalidateResult =
  | { ok: true; type: CacheType; invalidationId: number; requestedAt: string }
  | { ok: false; message: string };

function isCacheType(value: unknown): value is CacheType {
  return typeof value === 'string' && (CACHE_TYPES as readonly string[]).includes(value);
}

/** Asks the API to empty one type on every instance; a refusal comes back as the message to show. */
export async function invalidateCacheType(
  context: Readonly<RouterContextProvider>,
  type: FormDataEntryValue | null,
): Promise<InvalidateResult> {
  if (!isCacheType(type)) return { ok: false, message: `Choose a cache type: one of ${CACHE_TYPES.join(', ')}.` };
  try {
    const answer = await getApi(context).call(debugEndpoints.invalidateCacheByType, { body: { type } });
    return { ok: true, ...answer };
  } catch (error) {
    if (isApiError(error) && error.status === 400) return { ok: false, message: error.message };
    throw error;
  }
}
