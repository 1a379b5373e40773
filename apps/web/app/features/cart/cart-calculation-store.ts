import { CART_CALCULATION_MAX_RETRIES } from '@b2b/contract/constants';
import { browserLog } from '~/lib/browser-log.ts';
import { cartHash, type HashableCart } from './cart-hash.ts';

/** The cart-side calculation flags of spec §3: calculating, the calculated cart, or a calculation error. */
export type CalculationState<Result> =
  | { status: 'idle' }
  | { status: 'calculating'; hash: string }
  | { status: 'success'; hash: string; result: Result }
  | { status: 'error'; hash: string; message: string; canRetry: true };

export const CALCULATION_MESSAGES = {
  failed: 'The cart could not be calculated.',
  keptChanging: 'The cart kept changing while it was calculated.',
} as const;

export type CalculationRequest = {
  cartId: string;
  version: number;
  hash: string;
  /** spec §4: the internal calculation variant (InternalCalculateCart), which records no hash. */
  internal: boolean;
};

export type CartCalculationStoreOptions<Result> = {
  calculate: (request: CalculationRequest) => Promise<Result>;
  /** spec §8 CartHasBeenModifiedException: the server's cart changed after the client read it. */
  isCartModifiedError: (error: unknown) => boolean;
  /** Reloads the cart; the reloaded cart comes back through `setCart`. */
  onCartModified: () => void;
  maxRetries?: number;
  logError?: (message: string, error: unknown) => void;
};

export type CartCalculationStore<Result> = {
  /** The current cart: calculates it unless a calculation of the same hash is done or under way. */
  setCart(cart: HashableCart): void;
  /** The error state's retry: calculates the current cart again with a fresh retry budget. */
  retry(): void;
  /**
   * spec §4: the internal calculation variant. Calculates `cart` and answers the result, but records no hash and
   * leaves the store's state alone: a later `setCart` of the same cart still calculates, and no answer of it can be
   * mistaken for the page's calculation.
   */
  calculateInternal(cart: HashableCart): Promise<Result>;
  getState(): CalculationState<Result>;
  subscribe(listener: () => void): () => void;
};

/**
 * spec §4 Cart calculation, framework-free: only carts with lines are calculated; requests for the same hash share
 * one pending calculation; a response for an older hash is dropped; CartHasBeenModifiedException clears the
 * calculated cart, resets the hash and reloads the cart, at most CART_CALCULATION_MAX_RETRIES times in a row;
 * other errors are logged and shown with a retry.
 */
export function createCartCalculationStore<Result>(
  options: CartCalculationStoreOptions<Result>,
): CartCalculationStore<Result> {
  const maxRetries = options.maxRetries ?? CART_CALCULATION_MAX_RETRIES;
  const logError = options.logError ?? ((message, error) => browserLog.error(message, error));
  let state: CalculationState<Result> = { status: 'idle' };
  let cart: HashableCart | null = null;
  /** The hash the store works for; null after CartHasBeenModified (spec §4: "the hash reset"). */
  let currentHash: string | null = null;
  let retries = 0;
  const listeners = new Set<() => void>();

  const setState = (next: CalculationState<Result>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function run(target: HashableCart, hash: string) {
    currentHash = hash;
    setState({ status: 'calculating', hash });
    try {
      const result = await options.calculate({ cartId: target.cartId, version: target.version, hash, internal: false });
      if (hash !== currentHash) return; // stale: the cart changed while this one was calculated
      retries = 0;
      setState({ status: 'success', hash, result });
    } catch (error) {
      if (hash !== currentHash) return;
      if (options.isCartModifiedError(error)) {
        currentHash = null;
        if (retries < maxRetries) {
          retries += 1;
          setState({ status: 'idle' });
          options.onCartModified();
          return;
        }
        currentHash = hash;
        logError('[cart] calculation retries exhausted', error);
        setState({ status: 'error', hash, message: CALCULATION_MESSAGES.keptChanging, canRetry: true });
        return;
      }
      logError('[cart] calculation failed', error);
      setState({ status: 'error', hash, message: CALCULATION_MESSAGES.failed, canRetry: true });
    }
  }

  return {
    setCart(next) {
      cart = next;
      if (next.lines.length === 0) {
        currentHash = null;
        setState({ status: 'idle' });
        return;
      }
      const hash = cartHash(next);
      if (hash === currentHash && state.status !== 'idle') return;
      void run(next, hash);
    },
    retry() {
      if (!cart || cart.lines.length === 0) return;
      retries = 0;
      void run(cart, cartHash(cart));
    },
    calculateInternal(target) {
      return options.calculate({
        cartId: target.cartId,
        version: target.version,
        hash: cartHash(target),
        internal: true,
      });
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
