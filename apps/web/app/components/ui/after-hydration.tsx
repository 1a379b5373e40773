import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * Its children, once the page is hydrated (nothing in the server's HTML). The switch re-renders this component alone.
 * Where a layout component asked `useHydrated()` itself, the switch re-rendered everything below it right after
 * hydration, and a lazy part down there whose code had not arrived yet (the account menu, the mini-cart) then gave
 * up its server HTML and showed its empty fallback until the code came: the header's right side vanished and came
 * back, moving the search box each time (issue 12). The switch is also a synchronous render (React renders a changed
 * `useSyncExternalStore` at once): on a listing it re-rendered every card and facet in one task (≈ 180 ms at a phone's CPU).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/** Its children until the page is hydrated: what only people without JavaScript need (a "Sort" submit button). */
export function BeforeHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? null : children;
}
