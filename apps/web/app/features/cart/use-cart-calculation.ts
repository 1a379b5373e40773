import type { CalculatedCart, Cart } from '@b2b/contract/cart';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
import { browserLog } from '~/lib/browser-log.ts';
import { type CalculationState, createCartCalculationStore } from './cart-calculation-store.ts';
import { cartHash } from './cart-hash.ts';

/** An error from the calculation resource route, with the API's exception type. */
export class CalculationError extends Error {
  type: string;
  constructor(type: string, message: string) {
    super(message);
    this.name = 'CalculationError';
    this.type = type;
  }
}

async function requestCalculation(request: {
  cartId: string;
  version: number;
  shipToCountryCode: string;
  internal: boolean;
}): Promise<CalculatedCart> {
  const body = new URLSearchParams({
    cartId: request.cartId,
    version: String(request.version),
    shipToCountryCode: request.shipToCountryCode,
    ...(request.internal ? { internal: '1' } : {}),
  });
  const response = await fetch('/resources/cart-calculation', {
    method: 'POST',
    body,
    headers: { accept: 'application/json' },
  });
  const payload = (await response.json().catch(() => null)) as
    | { cart: CalculatedCart }
    | { error: { type: string; message: string } }
    | null;
  if (response.ok && payload && 'cart' in payload) return payload.cart;
  const error = payload && 'error' in payload ? payload.error : { type: 'UnexpectedServerError', message: '' };
  throw new CalculationError(error.type, error.message || `calculation answered ${response.status}`);
}

/** The calculated cart for the cart on screen (spec §4), recalculated whenever its hash changes. */
export function useCartCalculation(
  cart: Cart,
  shipToCountryCode: string,
): { state: CalculationState<CalculatedCart>; retry: () => void } {
  const revalidator = useRevalidator();
  const countryRef = useRef(shipToCountryCode);
  countryRef.current = shipToCountryCode;
  const [store] = useState(() =>
    createCartCalculationStore<CalculatedCart>({
      calculate: (request) => requestCalculation({ ...request, shipToCountryCode: countryRef.current }),
      isCartModifiedError: (error) =>
        error instanceof CalculationError && error.type === 'CartHasBeenModifiedException',
      onCartModified: () => void revalidator.revalidate(),
    }),
  );
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const hash = cartHash(cart);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the cart
  useEffect(() => {
    store.setCart(cart);
  }, [hash, store]);
  return { state, retry: store.retry };
}

/**
 * The mini-cart's figures: the internal calculation variant (spec §4) of the cart shown, while `enabled` (the panel
 * is open). It records no hash, so it never stands in for the cart page's calculation; an answer for a cart that
 * changed meanwhile is dropped, a failure leaves the figures out (logged).
 */
export function useInternalCartCalculation(cart: Cart | undefined, enabled: boolean): CalculatedCart | null {
  const [store] = useState(() =>
    createCartCalculationStore<CalculatedCart>({
      // The ship-to country is the API's default (the cart's address wins there): the mini-cart shows goods only.
      calculate: (request) => requestCalculation({ ...request, shipToCountryCode: '' }),
      isCartModifiedError: () => false,
      onCartModified: () => {},
    }),
  );
  const [result, setResult] = useState<{ hash: string; cart: CalculatedCart } | null>(null);
  const hash = cart ? cartHash(cart) : '';
  const latestHash = useRef(hash);
  latestHash.current = hash;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash stands for the cart
  useEffect(() => {
    if (!enabled || !cart || cart.lines.length === 0) return;
    store.calculateInternal(cart).then(
      (calculated) => {
        if (latestHash.current === hash) setResult({ hash, cart: calculated });
      },
      (error: unknown) => browserLog.error('[cart] mini-cart calculation failed', error),
    );
  }, [enabled, hash, store]);
  return result && result.hash === hash ? result.cart : null;
}
