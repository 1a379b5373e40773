import type { CalculatedCart, Cart } from '@b2b/contract/cart';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
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
}): Promise<CalculatedCart> {
  const body = new URLSearchParams({
    cartId: request.cartId,
    version: String(request.version),
    shipToCountryCode: request.shipToCountryCode,
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
