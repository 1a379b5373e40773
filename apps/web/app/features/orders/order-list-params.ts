/**
 * The query string of /customer-center/orders: `q` (order number or reference text), `from` and `to` (order dates,
 * yyyy-mm-dd) and `p` (page, written only from page 2 on, as on the search page). Values the API would refuse are
 * dropped rather than shown as an error page: a hand-edited URL still lists orders.
 */
import { MAX_ORDER_SEARCH_LENGTH } from '@b2b/contract/constants';
import { readPageNumber } from '~/lib/page-number.ts';
export type OrderListParams = { search: string; placedFrom: string; placedTo: string; page: number };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function parseOrderListParams(searchParams: URLSearchParams): OrderListParams {
  const search = (searchParams.get('q') ?? '').trim().slice(0, MAX_ORDER_SEARCH_LENGTH);
  let placedFrom = searchParams.get('from') ?? '';
  let placedTo = searchParams.get('to') ?? '';
  if (!isDate(placedFrom)) placedFrom = '';
  if (!isDate(placedTo)) placedTo = '';
  if (placedFrom && placedTo && placedFrom > placedTo) [placedFrom, placedTo] = [placedTo, placedFrom];
  return { search, placedFrom, placedTo, page: readPageNumber(searchParams.get('p')) };
}

/** The list's URL for these parameters (the filters kept, `p` only after page 1). */
export function orderListHref(params: OrderListParams): string {
  const query = new URLSearchParams();
  if (params.search) query.set('q', params.search);
  if (params.placedFrom) query.set('from', params.placedFrom);
  if (params.placedTo) query.set('to', params.placedTo);
  if (params.page > 1) query.set('p', String(params.page));
  const text = query.toString();
  return text ? `/customer-center/orders?${text}` : '/customer-center/orders';
}
