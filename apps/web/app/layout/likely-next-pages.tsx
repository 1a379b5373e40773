import { useEffect } from 'react';
import { preloadModule } from 'react-dom';
import { useLocation } from 'react-router';
import { connectionOf, routeModuleUrls, schedulePayloadPrefetch } from '~/lib/payload-prefetch.ts';
import type { SessionSummary } from '~/lib/session-summary.ts';

/**
 * The routes a visitor most likely opens next from here: the search (the header's search box, on every page), and
 * for a buyer the cart (the header's cart), then from the cart the checkout.
 */
export function likelyNextRouteIds(session: Pick<SessionSummary, 'actsForCustomer'>, pathname: string): string[] {
  if (!session.actsForCustomer) return ['routes/search'];
  return pathname === '/cart' ? ['routes/checkout', 'routes/search'] : ['routes/cart', 'routes/search'];
}

type BrowserManifest = {
  routes: Record<string, { parentId?: string; module: string; imports?: string[] } | undefined>;
};

/**
 * Payload prefetch (spec §9, ADR 036): 1 s after the page has loaded, except on slow-2g, the code of the likely next
 * pages is fetched (`<link rel="modulepreload">`), so following the header's search or cart costs only its data.
 * Their data is not fetched ahead: a cart fetched before the buyer's next add would be shown out of date.
 */
export function LikelyNextPages({ session }: { session: Pick<SessionSummary, 'actsForCustomer'> }) {
  const { pathname } = useLocation();
  const routeIds = likelyNextRouteIds(session, pathname).join(',');
  useEffect(
    () =>
      schedulePayloadPrefetch(window, connectionOf(navigator), () => {
        const manifest = (window as { __reactRouterManifest?: BrowserManifest }).__reactRouterManifest;
        if (!manifest) return;
        const loaded = new Set(
          Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href') ?? ''),
        );
        for (const url of routeModuleUrls(manifest.routes, routeIds.split(','), loaded)) {
          preloadModule(url, { as: 'script' });
        }
      }),
    [routeIds],
  );
  return null;
}
