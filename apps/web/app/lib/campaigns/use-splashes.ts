import { useEffect, useSyncExternalStore } from 'react';
import { createSplashStore, type SplashEntry } from './splash-store.ts';
import type { SplashMap, SplashView } from './splash-view.ts';

/** The web's resource route (ADR 001: the browser never calls the API), which calls GetDiscountSplashesByProductIds. */
export const DISCOUNT_SPLASHES_PATH = '/resources/discount-splashes';

async function fetchSplashes(productIds: string[]): Promise<SplashMap> {
  const response = await fetch(DISCOUNT_SPLASHES_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ productIds }),
  });
  if (!response.ok) throw new Error(`discount splash look-up answered ${response.status}`);
  return ((await response.json()) as { splashes: SplashMap }).splashes;
}

/** One queue per browser tab; on the server nothing is ever requested (effects do not run there). */
const splashStore = createSplashStore({ fetchSplashes });

const NO_SPLASHES: SplashView[] = [];

/**
 * The splashes of products the browser shows after the first render (search suggestions, quick-order rows): asked
 * through the 500 ms queue, empty until they arrive. Pages rendered on the server pass theirs in the page instead.
 */
export function useSplashes(productIds: readonly string[]): (productId: string) => SplashView[] {
  useSyncExternalStore(splashStore.subscribe, splashStore.getVersion, () => 0);
  const key = productIds.join('\n');
  useEffect(() => {
    if (key) splashStore.request(key.split('\n'));
  }, [key]);
  return (productId) => {
    const entry: SplashEntry | undefined = splashStore.get(productId);
    return entry?.status === 'success' ? entry.value : NO_SPLASHES;
  };
}
