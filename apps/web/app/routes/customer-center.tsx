import { type FocusEvent, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { requireUser } from '~/lib/auth.server.ts';
import {
  ASSISTED_SESSIONS_PATH,
  CREDIT_MEMOS_PATH,
  FAVORITE_LISTS_PATH,
  INSTANT_EXCEL_PATH,
  INVOICES_PATH,
  ORDERS_PATH,
} from '~/lib/customer-center-paths.ts';
import { isSalesRep, OWN_SESSIONS_PATH } from '~/lib/sales-rep.ts';
import { IMPERSONATION_PATH, type SessionSummary } from '~/lib/session-summary.ts';
import { useSession } from '~/lib/use-session.ts';
import type { Route } from './+types/customer-center';

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

type CustomerCenterLink = { to: string; label: string; end: boolean };

/**
 * The sub-navigation for this session: only pages this user can open. The customer's pages (orders, invoices, credit
 * memos, favorite lists, Instant Excel, "Assisted sessions") where there is a customer; "Act for a customer" and "My
 * assisted sessions" for sales
 * reps (spec §6), acting or not; no "Change password" while acting for a customer (the password is the rep's; the
 * API refuses it). A rep acting for no customer thus sees overview, acting, their own sessions and the password.
 */
function customerCenterLinks(session: SessionSummary): CustomerCenterLink[] {
  return [
    { to: '/customer-center', label: 'Account overview', end: true },
    ...(session.actsForCustomer
      ? [
          { to: ORDERS_PATH, label: 'Orders', end: false },
          { to: INVOICES_PATH, label: 'Invoices', end: false },
          { to: CREDIT_MEMOS_PATH, label: 'Credit memos', end: false },
          { to: FAVORITE_LISTS_PATH, label: 'Favorite lists', end: false },
          { to: INSTANT_EXCEL_PATH, label: 'Instant Excel', end: false },
          { to: ASSISTED_SESSIONS_PATH, label: 'Assisted sessions', end: false },
        ]
      : []),
    ...(isSalesRep(session.user)
      ? [
          // `end`: the rep's own sessions live below this path and have a link of their own
          { to: IMPERSONATION_PATH, label: 'Act for a customer', end: true },
          { to: OWN_SESSIONS_PATH, label: 'My assisted sessions', end: false },
        ]
      : []),
    ...(session.isImpersonating
      ? []
      : [{ to: '/customer-center/user/change-password', label: 'Change password', end: false }]),
  ];
}

/** Room left beside a link scrolled into the row's view (the row's own padding), in px. */
const ROW_EDGE = 16;

/** Scrolls the row (only the row: scrollIntoView would move the page too) so that `link` shows whole. */
function revealInRow(list: HTMLElement, link: HTMLElement) {
  const left = link.offsetLeft - ROW_EDGE;
  const right = link.offsetLeft + link.offsetWidth + ROW_EDGE;
  if (left < list.scrollLeft) list.scrollLeft = left;
  else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth;
}

/**
 * Below 768 px the sub-navigation is one row that scrolls sideways (it wrapped to three lines on a phone): the current
 * page's link is brought into the row's view, so the buyer sees where they are, and so is each link Tab focuses
 * (the browser's own focus scrolling left the last link half hidden).
 */
function useRowScrolling() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current link changes with the path
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list && current) revealInRow(list, current);
  }, [pathname]);
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    if (event.target instanceof HTMLElement) revealInRow(event.currentTarget, event.target);
  };
  return { listRef, onFocus };
}

/** The customer center's frame: a sub-navigation beside the page (spec §2 /customer-center/**), above it on a phone. */
export default function CustomerCenterLayout() {
  const links = customerCenterLinks(useSession());
  const { listRef, onFocus } = useRowScrolling();
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr] md:gap-8">
      <nav aria-label="Customer center" className="min-w-0 md:pt-1">
        <ul
          ref={listRef}
          onFocus={onFocus}
          className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-neutral-200 px-4 pb-2 [scrollbar-width:thin] md:mx-0 md:flex-col md:overflow-visible md:border-0 md:px-0 md:pb-0"
          data-testid="customer-center-nav"
        >
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className="block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium outline-offset-[-2px] text-neutral-700 hover:bg-neutral-100 aria-[current=page]:bg-accent-50 aria-[current=page]:text-accent-800"
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
