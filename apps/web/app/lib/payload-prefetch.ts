import { PAYLOAD_PREFETCH_DELAY_MS, PAYLOAD_PREFETCH_SKIPPED_CONNECTION } from '@b2b/contract/constants';

/** The Network Information API's part this reads (Chromium's; other browsers have none, and prefetch). */
export type Connection = { effectiveType?: string; saveData?: boolean };

/** The browser's connection, where it tells (`navigator.connection`; not in TypeScript's DOM types). */
export function connectionOf(navigator: Navigator): Connection | undefined {
  return (navigator as Navigator & { connection?: Connection }).connection;
}

type View = {
  document: { readyState: DocumentReadyState };
  addEventListener(type: 'load', listener: () => void): void;
  removeEventListener(type: 'load', listener: () => void): void;
};

/**
 * Whether the likely next pages may be fetched ahead: not on a slow-2g connection (spec §9), where each byte the
 * visitor did not ask for delays the ones they did, nor when the visitor asked their browser to save data.
 */
export function mayPrefetch(connection: Connection | undefined): boolean {
  return connection?.effectiveType !== PAYLOAD_PREFETCH_SKIPPED_CONNECTION && connection?.saveData !== true;
}

/**
 * Runs `prefetch` 1 s after the page has loaded (spec §9 payload prefetch): what the visitor came for, its images
 * included, is fetched first, and the next page's code is at hand before they click. Nothing on slow-2g. Answers a
 * function that cancels what has not run yet.
 */
export function schedulePayloadPrefetch(
  view: View,
  connection: Connection | undefined,
  prefetch: () => void,
): () => void {
  if (!mayPrefetch(connection)) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    timer = setTimeout(prefetch, PAYLOAD_PREFETCH_DELAY_MS);
  };
  if (view.document.readyState === 'complete') start();
  else view.addEventListener('load', start);
  return () => {
    clearTimeout(timer);
    view.removeEventListener('load', start);
  };
}

/** A route of React Router's browser manifest, as far as it is read here. */
type ManifestRoute = { parentId?: string; module: string; imports?: string[] };

/**
 * The code files of routes and their parents (React Router's browser manifest, which knows a route once a link to it
 * was discovered), leaving out those the page has loaded already. A route the manifest does not know is skipped.
 */
export function routeModuleUrls(
  routes: Readonly<Record<string, ManifestRoute | undefined>>,
  routeIds: readonly string[],
  loadedUrls: ReadonlySet<string>,
): string[] {
  const urls = new Set<string>();
  for (const routeId of routeIds) {
    for (let route = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined) {
      for (const url of [route.module, ...(route.imports ?? [])]) if (!loadedUrls.has(url)) urls.add(url);
    }
  }
  return [...urls];
}
