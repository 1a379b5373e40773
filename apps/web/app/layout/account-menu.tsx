import { Form, Link, useLocation } from 'react-router';
import { isSalesRep } from '~/features/impersonation/sales-rep.ts';
import { IMPERSONATION_PATH, type SessionSummary } from '~/lib/session-summary.ts';

/**
 * Anonymous: a "Log in" link back to this page. Logged in: customer name, "Customer center", for sales reps "Act for
 * a customer" (spec §6), "Log out".
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
      <Link to={to} className="rounded-md px-3 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100">
        Log in
      </Link>
    );
  }
  const displayName = session.customer?.name ?? session.user?.name ?? session.user?.username ?? '';
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm">
      <span className="text-neutral-700">
        {session.isImpersonating ? (
          <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Acting as</span>
        ) : null}
        <span className="font-medium text-neutral-900" data-testid="account-name">
          {displayName}
        </span>
      </span>
      <Link to="/customer-center" className="rounded-md px-2 py-1.5 font-medium text-neutral-800 hover:bg-neutral-100">
        Customer center
      </Link>
      {isSalesRep(session.user) ? (
        <Link
          to={IMPERSONATION_PATH}
          className="rounded-md px-2 py-1.5 font-medium text-neutral-800 hover:bg-neutral-100"
        >
          Act for a customer
        </Link>
      ) : null}
      <Form method="post" action="/logout">
        <button type="submit" className="rounded-md px-2 py-1.5 font-medium text-neutral-800 hover:bg-neutral-100">
          Log out
        </button>
      </Form>
    </div>
  );
}
