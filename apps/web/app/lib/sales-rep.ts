/** Who may act for customers (spec §6): users whose roles include `impersonation`, and where they do it. Browser-safe. */
import { IMPERSONATION_PATH } from './session-summary.ts';

export const IMPERSONATION_ROLE = 'impersonation';

/** The data of the 403 the impersonation page answers to users without the role (its error boundary explains). */
export const NOT_A_SALES_REP_REASON = 'not-a-sales-rep';

/** The rep's own page: their sessions across their customers and the orders they placed in them (issue 24). */
export const OWN_SESSIONS_PATH = `${IMPERSONATION_PATH}/sessions`;

export function isSalesRep(user: { roles: readonly string[] } | null | undefined): boolean {
  return Boolean(user?.roles.includes(IMPERSONATION_ROLE));
}

/**
 * The impersonation page for a rep who wanted a customer's page (`wanted`: path and query, e.g. `/cart`): it says the
 * page is a customer's, and acting for one of the customers opens it (the `redirect` query, as /login's).
 */
export function actForCustomerHref(wanted: string, customerNo?: string): string {
  const query = new URLSearchParams();
  if (customerNo) query.set('q', customerNo);
  query.set('redirect', wanted);
  return `${IMPERSONATION_PATH}?${query.toString()}`;
}
