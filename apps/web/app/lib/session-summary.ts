import type { AreaInfo } from '@b2b/contract';

/** The data of the 403 that customer-only pages answer to a user acting for no customer (auth.server.ts). */
export const NO_CUSTOMER_REASON = 'no-customer';

/** Where a sales rep starts and ends acting for a customer (spec §2 /customer-center/impersonation). */
export const IMPERSONATION_PATH = '/customer-center/impersonation';

/** What the browser may know about the session (root loader data): never the tokens. */
export type SessionSummary = {
  isLoggedIn: boolean;
  isImpersonating: boolean;
  /**
   * Logged in and acting for a customer: prices, the cart and checkout exist only then. False for staff without a
   * customer (a sales rep before impersonating, back-office staff).
   */
  actsForCustomer: boolean;
  user: { username: string; name: string; roles: string[] } | null;
  customer: { name: string; customerNumber: string } | null;
  area: AreaInfo;
  displayCurrency: string;
};
