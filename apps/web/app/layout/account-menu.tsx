import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionSummary } from '~/lib/session-summary.ts';
import { HeaderIcon } from './header-icon.tsx';

/**
 * The logged-in menu (account-menu-user.tsx) loads apart from the first load (issue 12): anonymous visitors do not
 * need it; for the others the server renders it as before and the browser hydrates it once its module is in.
 */
const UserAccountMenu = lazy(() => import('./account-menu-user.tsx'));

/**
 * Anonymous: a "Log in" link back to this page. Logged in: customer name, "Customer center", for sales reps "Act for
 * a customer" (spec §6), "Log out" — in the header row from 768 px, and below behind an account icon button whose
 * popover lists the same (issue 11: a compact header on a phone).
 */
export function AccountMenu({ session }: { session: SessionSummary }) {
  const location = useLocation();
  if (!session.isLoggedIn) {
    const here = location.pathname + location.search;
    const to =
      location.pathname === '/' || location.pathname === '/login'
        ? '/login'
        : `/login?redirect=${encodeURIComponent(here)}`;
    return (
      <Link
        to={to}
        className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100 md:px-3"
      >
        <span className="md:hidden">
          <HeaderIcon name="user" />
        </span>
        Log in
      </Link>
    );
  }
  return (
    <Suspense fallback={null}>
      <UserAccountMenu session={session} />
    </Suspense>
  );
}
