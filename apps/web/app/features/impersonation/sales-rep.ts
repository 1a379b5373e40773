/** Who may act for customers (spec §6): users whose roles include `impersonation`. Browser-safe. */

export const IMPERSONATION_ROLE = 'impersonation';

/** The data of the 403 the impersonation page answers to users without the role (its error boundary explains). */
export const NOT_A_SALES_REP_REASON = 'not-a-sales-rep';

export function isSalesRep(user: { roles: readonly string[] } | null | undefined): boolean {
  return Boolean(user?.roles.includes(IMPERSONATION_ROLE));
}
