import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { CartActionResult } from '~/lib/cart-action-result.ts';

/**
 * A cart change refused because the cart changed since the page showed it (409: React Router does not reload after
 * an action's error answer) reloads the page's data once, so the page shows the cart as it is (ADR 035).
 */
export function useReloadWhenCartChanged(result: CartActionResult | undefined): void {
  const revalidator = useRevalidator();
  const changedKey = result && !result.ok && result.cartChanged ? result.key : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refused answer (its key), not per render
  useEffect(() => {
    if (changedKey) void revalidator.revalidate();
  }, [changedKey]);
}
