/**
 * The query string of the rep's own page (/customer-center/impersonation/sessions): `sessions` and `orders`, the page
 * of each list, written only from page 2 on. A value that is no page reads as page 1, so a hand-edited URL still shows.
 */
import { OWN_SESSIONS_PATH } from '~/lib/sales-rep.ts';

export type OwnHistoryParams = { sessionsPage: number; ordersPage: number };

function readPage(value: string | null): number {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export function parseOwnHistoryParams(searchParams: URLSearchParams): OwnHistoryParams {
  return { sessionsPage: readPage(searchParams.get('sessions')), ordersPage: readPage(searchParams.get('orders')) };
}

/** The page's URL for these pages: paging one list keeps the other where it was. */
export function ownHistoryHref(params: OwnHistoryParams): string {
  const query = new URLSearchParams();
  if (params.sessionsPage > 1) query.set('sessions', String(params.sessionsPage));
  if (params.ordersPage > 1) query.set('orders', String(params.ordersPage));
  const text = query.toString();
  return text ? `${OWN_SESSIONS_PATH}?${text}` : OWN_SESSIONS_PATH;
}
