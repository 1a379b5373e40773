/**
 * The query string of /customer-center/impersonation: `q` (part of a customer number or name), `area` (one of the
 * sales areas, else all of the rep's), `p` (page, written only from page 2 on, as on the order list) and `redirect`
 * (the customer's page the rep wanted, e.g. /cart: acting for a customer opens it). Values the API would refuse are
 * dropped rather than shown as an error page: a hand-edited URL still lists customers.
 */
import { AREA_IDS, type AreaId, MAX_CUSTOMER_SEARCH_LENGTH } from '@b2b/contract/constants';
import { customerOnlyPageName } from '~/lib/customer-only-pages.ts';
import { readPageNumber } from '~/lib/page-number.ts';
import { getSafeRedirect } from '~/lib/redirect.ts';

export type ImpersonationListParams = {
  search: string;
  areaId: AreaId | null;
  page: number;
  /** A customer-only page (path and query) to open once the rep acts for a customer; null for the front page. */
  redirectTo: string | null;
};

/** Customers per page: a rep's book is short; one page usually holds it. */
export const CUSTOMERS_PAGE_SIZE = 20;

function isAreaId(value: string): value is AreaId {
  return (AREA_IDS as readonly string[]).includes(value);
}

/**
 * The page to open after acting: a local path (never another site, as /login's `redirect`) of a customer-only page;
 * anything else is dropped (after acting the rep lands on the front page).
 */
export function readActRedirect(value: FormDataEntryValue | string | null): string | null {
  const safe = getSafeRedirect(value, '');
  if (!safe) return null;
  return customerOnlyPageName(new URL(safe, 'http://same-site.invalid').pathname) ? safe : null;
}

export function parseImpersonationListParams(searchParams: URLSearchParams): ImpersonationListParams {
  const search = (searchParams.get('q') ?? '').trim().slice(0, MAX_CUSTOMER_SEARCH_LENGTH);
  const area = searchParams.get('area') ?? '';
  return {
    search,
    areaId: isAreaId(area) ? area : null,
    page: readPageNumber(searchParams.get('p')),
    redirectTo: readActRedirect(searchParams.get('redirect')),
  };
}

/** The list's URL for these parameters (the filters kept, `p` only after page 1). */
export function impersonationListHref(params: ImpersonationListParams): string {
  const query = new URLSearchParams();
  if (params.search) query.set('q', params.search);
  if (params.areaId) query.set('area', params.areaId);
  if (params.page > 1) query.set('p', String(params.page));
  if (params.redirectTo) query.set('redirect', params.redirectTo);
  const text = query.toString();
  return text ? `/customer-center/impersonation?${text}` : '/customer-center/impersonation';
}
