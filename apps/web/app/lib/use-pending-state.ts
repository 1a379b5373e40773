import { useEffect, useState } from 'react';
import { createPendingState } from './route-transition.ts';

/** Whether to show a route transition's pending state: once it has lasted 100 ms (lib/route-transition.ts). */
export function usePendingState(isPending: boolean): boolean {
  const [isShown, setIsShown] = useState(false);
  const [state] = useState(() => createPendingState(setIsShown));
  useEffect(() => state.set(isPending), [state, isPending]);
  useEffect(() => () => state.stop(), [state]);
  return isShown;
}
