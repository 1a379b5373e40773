import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a media query matches, following it as the window changes. False on the server and while hydrating, so
 * the server's HTML (and the page without JavaScript) is the wide layout's markup. The real answer comes in a
 * transition after the first render: on a phone it moves the listing's filters into their drawer, and as a transition
 * React renders that in slices the page can answer between, where a changed `useSyncExternalStore` re-renders at once,
 * in one task (most of a 120–260 ms task right after hydration at a phone's CPU, issue 12).
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
