import { DISCOUNT_SPLASH_DEBOUNCE_MS, MAX_SPLASH_PRODUCT_IDS } from '@b2b/contract/constants';
import type { SplashMap, SplashView } from './splash-view.ts';

/** Per product id: pending, then its splashes (none: an empty list) or failed (asked again on the next request). */
export type SplashEntry = { status: 'pending' } | { status: 'success'; splashes: SplashView[] } | { status: 'failed' };

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
 * The browser's discount-splash queue (spec §9: splash look-ups debounced DISCOUNT_SPLASH_DEBOUNCE_MS, issue 27),
 * built like the price store: product ids asked for within the pause after the last one are sent together, in
 * chunks of at most MAX_SPLASH_PRODUCT_IDS (what one GetDiscountSplashesByProductIds call takes). Framework-free, so it
 * is tested with fake timers.
 */
export function createSplashStore(options: SplashStoreOptions): SplashStore {
  const debounceMs = options.debounceMs ?? DISCOUNT_SPLASH_DEBOUNCE_MS;
  const chunkSize = Math.min(options.chunkSize ?? MAX_SPLASH_PRODUCT_IDS, MAX_SPLASH_PRODUCT_IDS);
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const entries = new Map<string, SplashEntry>();
  const queue = new Set<string>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let version = 0;

  const emit = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  async function sendChunk(productIds: string[]) {
    try {
      const found = await options.fetchSplashes(productIds);
      for (const productId of productIds) {
        entries.set(productId, { status: 'success', splashes: found[productId] ?? [] });
      }
    } catch (error) {
      logError('[splashes] discount splash look-up failed', error);
      for (const productId of productIds) entries.set(productId, { status: 'failed' });
    }
    emit();
  }

  function flush() {
    timer = null;
    const productIds = [...queue];
    queue.clear();
    for (let start = 0; start < productIds.length; start += chunkSize) {
      void sendChunk(productIds.slice(start, start + chunkSize));
    }
  }

  return {
    request(productIds) {
      let isQueued = false;
      for (const productId of productIds) {
        if (!productId) continue;
        const known = entries.get(productId);
        if (known && known.status !== 'failed') continue;
        entries.set(productId, { status: 'pending' });
        queue.add(productId);
        isQueued = true;
      }
      if (!isQueued) return;
      // the pause restarts with every new id: a burst of rows or suggestions becomes one call
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
      emit();
    },
    get: (productId) => entries.get(productId),
    prime(splashes, productIds) {
      for (const productId of productIds) {
        entries.set(productId, { status: 'success', splashes: splashes[productId] ?? [] });
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getVersion: () => version,
  };
}
