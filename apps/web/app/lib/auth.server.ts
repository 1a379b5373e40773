import type { Customer, User } from '@b2b/contract';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { actForCustomerHref, isSalesRep } from './sales-rep.ts';
import { getSession, type Session } from './session.server.ts';
import { NO_CUSTOMER_REASON } from './session-summary.ts';

export type AuthenticatedSession = Session & { isLoggedIn: true; user: User; customer: Customer | null };

/** `/login?redirect=<path+search>` for the page the visitor wanted (spec §2 routing rules). */
export function getLoginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Every non-public route calls this in its loader AND its action (spec §2, §6): anonymous visitors are sent to
 * /login with the wanted path, and come back there after logging in.
 */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): AuthenticatedSession {
  const session = getSession(context);
  if (!session.isLoggedIn || !session.user) throw redirect(getLoginUrl(request));
  return session as AuthenticatedSession;
}

/**
 * For pages that exist only for a customer (lib/customer-only-pages.ts: cart, checkout, documents): anonymous
 * visitors go to /login as with requireUser. A sales rep acting for no customer (before acting, or after End) goes to
 * the impersonation page, which says the page is a customer's and opens it once the rep acts for one; other users
 * without a customer (back-office staff) get a 403 that the root error boundary explains, instead of the API's 403
 * surfacing as a server error.
 */
export function requireCustomer(
  context: Readonly<RouterContextProvider>,
  request: Request,
): AuthenticatedSession & { customer: Customer } {
  const session = requireUser(context, request);
  if (!session.customer) {
    if (isSalesRep(session.user)) {
      const url = new URL(request.url);
      throw redirect(actForCustomerHref(url.pathname + url.search));
    }
    throw data({ reason: NO_CUSTOMER_REASON }, { status: 403 });
  }
  return session as AuthenticatedSession & { customer: Customer };
}

/** For /login: people already logged in go to the front page. */
export function requireAnonymous(context: Readonly<RouterContextProvider>): void {
  if (getSession(context).isLoggedIn) throw redirect('/');
}
