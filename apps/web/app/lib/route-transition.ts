import { ROUTE_TRANSITION_WAIT_MS } from '@b2b/contract/constants';

/**
 * Follows whether a route transition is under way and shows its pending state only once it has lasted 100 ms
 * (spec §9): a quicker transition, most of them on a warm server, swaps the page without a flash of dimmed content
 * in between. `onChange` hears every change of what is shown.
 */
export function createPendingState(onChange: (isShown: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isShown = false;
  const show = (next: boolean) => {
    if (next === isShown) return;
    isShown = next;
    onChange(next);
  };
  return {
    set(isPending: boolean): void {
      clearTimeout(timer);
      if (!isPending) show(false);
      else if (!isShown) timer = setTimeout(() => show(true), ROUTE_TRANSITION_WAIT_MS);
    },
    stop(): void {
      clearTimeout(timer);
    },
  };
}
