import type { AreaInfo } from '@b2b/contract';

/** What the browser may know about the session (root loader data): never the tokens. */
export type SessionSummary = {
  isLoggedIn: boolean;
  isImpersonating: boolean;
  user: { username: string; name: string; roles: string[] } | null;
  customer: { name: string; customerNumber: string } | null;
  area: AreaInfo;
  displayCurrency: string;
};
