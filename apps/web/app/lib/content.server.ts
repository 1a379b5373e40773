import type { AreaInfo, GetContentByUrlResponse } from '@b2b/contract';
import { lruCacheSource } from '@b2b/contract/cache-registry';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { LRUCache } from 'lru-cache';
import { areaQuery } from '~/lib/area-query.ts';
import { requestEndpoint } from './api.server.ts';
import { fetchCounted, webCaches } from './web-caches.server.ts';

/**
 * GetContentByUrl asked without a token answers the same to every visitor of an area, language and currency (a page
 * for logged-in users or sales reps only answers 403 then, which is not kept; content-by-url.server.ts asks again
 * with the visitor's token, outside this cache: ADR 034), and the front page, content pages and product pages ask it on every view. Each answer is kept 2 seconds per
 * process (issue 12: under load the pages asked the API the same question hundreds of times a second): long enough
 * that a busy page costs the API one call every few seconds, short enough that stock levels and edited content show
 * almost at once. With the anonymous page cache's 3 s on top (page-cache.server.ts), an editor's change shows within
 * 5 s (issue 28). The cache holds the request, so concurrent pages share one; a failed request (a 404 among them)
 * is not kept. Never per customer: the key is the query, which holds no user, and the call carries no token.
 * Callers must not change the answer they get: the next page gets the same object.
 */
const CONTENT_CACHE_TTL_MS = 2_000;
const contentCache = new LRUCache<string, GetContentByUrlResponse, { area: AreaInfo; path: string }>({
  max: 500,
  ttl: CONTENT_CACHE_TTL_MS,
  fetchMethod: (_key, _stale, { context: { area, path } }) =>
    requestEndpoint(contentEndpoints.getContentByUrl, {
      query: {
        ...areaQuery(area),
        Url: path,
      },
    }),
});
const contentCacheLookups = webCaches.register(
  'content',
  lruCacheSource(() => [contentCache]),
);

/** GET /api/Content/GetContentByUrl (spec §7) for the area and path, cached 5 s per process; errors as ApiError. */
export async function fetchContentByUrl(area: AreaInfo, path: string): Promise<GetContentByUrlResponse> {
  const key = [area.areaId, area.languageCode, area.currencyCode, path].join('|');
  const content = await fetchCounted(contentCache, contentCacheLookups, key, { context: { area, path } });
  if (!content) throw new Error(`GetContentByUrl answered nothing for ${path}.`);
  return content;
}
