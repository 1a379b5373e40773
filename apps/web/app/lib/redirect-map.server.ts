/**
 * This storefront process's redirect map (ADR 037): every redirect of every area, loaded through the API's internal
 * GetAllRedirects at the first page, and again whenever a `redirects` invalidation arrives with the cache report
 * (cache-usage.server.ts, every 2 s). A page's look-up is a map read; while a reload is under way the previous map
 * answers. Loading needs INTERNAL_API_SECRET: without it (a storefront started on its own, outside `npm start`;
 * production requires the secret) no redirect is followed.
 */
import { INTERNAL_API_SECRET_HEADER } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { RedirectMap } from '@b2b/contract/redirect-map';
import { requestEndpoint } from './api.server.ts';
import { webConfig } from './config.server.ts';
import { webCaches } from './web-caches.server.ts';

function createRedirectMap(secret: string | undefined): RedirectMap | null {
  if (secret === undefined) {
    console.warn('[web] INTERNAL_API_SECRET is not set: this process follows no stored redirects');
    return null;
  }
  return new RedirectMap({
    loadAll: async () =>
      (
        await requestEndpoint(
          contentEndpoints.getAllRedirects,
          {},
          { headers: { [INTERNAL_API_SECRET_HEADER]: secret } },
        )
      ).redirects,
    registry: webCaches,
    onLoadError: (error) =>
      console.error(
        `[web] loading the redirects failed; the last ones loaded still answer: ${error instanceof Error ? error.message : error}`,
      ),
  });
}

export const redirectMap = createRedirectMap(webConfig.internalApiSecret);
