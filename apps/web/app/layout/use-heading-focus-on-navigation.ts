import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '~/lib/page-heading-focus.ts';

/**
 * After a navigation to another page (a new path: a link, a form that lands elsewhere such as the login), the focus
 * moves to that page's main heading, as after a full page load a screen reader starts at the top of the new page;
 * otherwise it stays on the link that is gone, or falls back to the body (issue 24). Left alone: the first page load
 * (the browser starts at the top; a page that wants the focus takes it, e.g. checkout), a changed query only
 * (filters, sorting and paging keep the focus where the user works) and an address with a fragment (#quick-order:
 * the fragment's target takes it).
 */
export function useHeadingFocusOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPathname.current) return;
    shownPathname.current = pathname;
    if (!hash) focusPageHeading();
  }, [pathname, hash]);
}
