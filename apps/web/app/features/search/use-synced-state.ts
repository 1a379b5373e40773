import { useState } from 'react';

/**
 * Local state for a form control that follows `value` whenever the loader data changes it (back/forward, links),
 * yet lets the user edit in between. Keeping the same element (instead of re-keying it) keeps keyboard focus.
 */
export function useSyncedState<T>(value: T): [T, (next: T) => void] {
  const [state, setState] = useState(value);
  const [source, setSource] = useState(value);
  if (!Object.is(source, value)) {
    // adjusting state while rendering: React's recommended alternative to an effect for derived resets
    setSource(value);
    setState(value);
  }
  return [source === value ? state : value, setState];
}
