import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Runs `onNavigation` after each navigation to another page (path or query), and not when the component first
 * renders: a header panel that closes on a navigation must stay open when it was opened natively before the page
 * hydrated (ADR 025), which its first effects would otherwise undo.
 */
export function useNavigationEffect(onNavigation: () => void): void {
  const location = useLocation();
  const page = location.pathname + location.search;
  const shownPageRef = useRef(page);
  useEffect(() => {
    if (shownPageRef.current === page) return;
    shownPageRef.current = page;
    onNavigation();
  });
}
