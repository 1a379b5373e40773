import { NavLink, Outlet } from 'react-router';
import { isSalesRep } from '~/features/impersonation/sales-rep.ts';
import { requireUser } from '~/lib/auth.server.ts';
import { CREDIT_MEMOS_PATH, INVOICES_PATH, ORDERS_PATH } from '~/lib/customer-center-paths.ts';
import { IMPERSONATION_PATH, type SessionSummary } from '~/lib/session-summary.ts';
import { useSession } from '~/lib/use-session.ts';
import type { Route } from './+types/customer-center';

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

type CustomerCenterLink = { to: string; label: string; end: boolean };

/**
 * The sub-navigation for this session: "Assisted sessions" where there is a customer, "Act for a customer" for sales
 * reps (spec §6), no "Change password" while acting for a customer (the password is the rep's; the API refuses it).
 */
function customerCenterLinks(session: SessionSummary): CustomerCenterLink[] {
  return [
    { to: '/customer-center', label: 'Account overview', end: true },
    { to: ORDERS_PATH, label: 'Orders', end: false },
    { to: INVOICES_PATH, label: 'Invoices', end: false },
    { to: CREDIT_MEMOS_PATH, label: 'Credit memos', end: false },
    ...(session.actsForCustomer
      ? [{ to: '/customer-center/assisted-sessions', label: 'Assisted sessions', end: false }]
      : []),
    ...(isSalesRep(session.user) ? [{ to: IMPERSONATION_PATH, label: 'Act for a customer', end: false }] : []),
    ...(session.isImpersonating
      ? []
      : [{ to: '/customer-center/user/change-password', label: 'Change password', end: false }]),
  ];
}

/** The customer center's frame: a sub-navigation beside the page (spec §2 /customer-center/**). */
export default function CustomerCenterLayout() {
  const links = customerCenterLinks(useSession());
  return (
    <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Customer center" className="min-w-0 md:pt-1">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className="block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100 aria-[current=page]:bg-accent-50 aria-[current=page]:text-accent-800"
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
