import { DISCOUNT_SPLASH_DEBOUNCE_MS, MAX_SPLASH_PRODUCT_IDS } from '@b2b/contract/constants';
import { createBatchedLookupStore, type LookupEntry } from '../batched-lookup-store.ts';
import type { SplashMap, SplashView } from './splash-view.ts';

/** Per product id: pending, then its splashes (none: an empty list) or failed (asked again on the next request). */
export type SplashEntry = LookupEntry<SplashView[]>;

export type SplashStoreOptions = {
  /** Asks the server for the splashes of at most `chunkSize` product ids. */
  fetchSplashes: (productIds: string[]) => Promise<SplashMap>;
  debounceMs?: number;
  chunkSize?: number;
  /** A failed look-up only costs the badges: logged, never shown as an error. */
  logError?: (message: string, error: unknown) => void;
};

export type SplashStore = {
  /** Queues product ids not yet known or on their way; empty ids are ignored. */
  request(productIds: readonly string[]): void;
  get(productId: string): SplashEntry | undefined;
  /** Splashes the page already carries (rendered on the server): known, never asked for again. */
  prime(splashes: SplashMap, productIds: readonly string[]): void;
  subscribe(listener: () => void): () => void;
  /** Changes with every state change (for useSyncExternalStore). */
  getVersion(): number;
};

/**
 * The browser's discount-splash queue (spec §9: splash look-ups debounced DISCOUNT_SPLASH_DEBOUNCE_MS, issue 27), the
 * batching queue of lib/batched-lookup-store.ts as the price store: product ids asked for within the pause after the
 * last one are sent together, in chunks of at most MAX_SPLASH_PRODUCT_IDS (what one GetDiscountSplashesByProductIds
 * call takes).
 */
export function createSplashStore(options: SplashStoreOptions): SplashStore {
  const store = createBatchedLookupStore<string, SplashView[]>({
    keyOf: (productId) => productId,
    fetchChunk: async (productIds) => new Map(Object.entries(await options.fetchSplashes(productIds))),
    missing: [],
    debounceMs: options.debounceMs ?? DISCOUNT_SPLASH_DEBOUNCE_MS,
    chunkSize: Math.min(options.chunkSize ?? MAX_SPLASH_PRODUCT_IDS, MAX_SPLASH_PRODUCT_IDS),
    failureMessage: '[splashes] discount splash look-up failed',
    logError: options.logError,
  });
  return {
    request: (productIds) => store.request(productIds.filter((productId) => productId !== '')),
    get: store.get,
    prime: (splashes, productIds) => store.prime(new Map(Object.entries(splashes)), productIds),
    subscribe: store.subscribe,
    getVersion: store.getVersion,
  };
}
