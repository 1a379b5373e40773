import { isRouteErrorResponse } from 'react-router';
import { FORBIDDEN_TITLE } from '~/features/content/content-forbidden.ts';
import { NO_CUSTOMER_REASON } from '~/lib/session-summary.ts';

/**
 * The error pages' titles, apart from the pages (error-pages.tsx), which root.tsx loads only when it shows one
 * (issue 12: first load); its `meta` needs the title at once.
 */
export const NO_CUSTOMER_TITLE = 'No customer account';

/** The tab title of an error page: what its heading says (spec §2: "Page Not Found", "Internal Server Error"; spec §8: "Forbidden"). */
export function errorPageTitle(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return 'Page Not Found';
    if (error.status === 403 && error.data?.reason === NO_CUSTOMER_REASON) return NO_CUSTOMER_TITLE;
    // spec §8: any other 403 (a content page the visitor may not open) is "Forbidden"
    if (error.status === 403) return FORBIDDEN_TITLE;
  }
  return 'Internal Server Error';
}
