import { useEffect } from 'react';
import type { CartActionResult } from '../cart-action-result.ts';
import { appEvents } from './event-bus.ts';

const emittedKeys = new Set<string>();

/** Raises CartUpdated (ADR 032) once per successful answer of the cart's action (`key` is unique per answer). */
export function useCartUpdatedEvent(result: CartActionResult | null | undefined): void {
  useEffect(() => {
    if (!result?.ok || emittedKeys.has(result.key)) return;
    emittedKeys.add(result.key);
    appEvents.emit('CartUpdated', { lineCount: result.lineCount });
  }, [result]);
}
