import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following it as the window changes. False on the server and while hydrating, so
 * the server's HTML (and the page without JavaScript) is the wide layout's markup.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
