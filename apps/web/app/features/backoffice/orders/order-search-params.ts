/**
 * The back office's order table keeps its filters, sorting and page in the URL (a GET form), so a view can be linked,
 * reloaded and gone back to. Browser-safe: the page reads them to fill the form, the loader to build the search.
 */
import { BACKOFFICE_ORDER_SORT_FIELDS, ORDER_STATUSES, type OrderStatus } from '@b2b/contract/constants';
import { readPageNumber } from '~/lib/page-number.ts';
import { type ListSort, readListSort } from '../list-sort.ts';

type OrderSortField = (typeof BACKOFFICE_ORDER_SORT_FIELDS)[number];
const DEFAULT_ORDER_SORT: ListSort<OrderSortField> = { field: 'placedAt', direction: 'desc' };

export type OrderSearchParams = {
  number: string;
  customer: string;
  states: OrderStatus[];
  from: string;
  to: string;
  min: string;
  max: string;
  sort: ListSort<OrderSortField>;
  page: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readOrderSearchParams(params: URLSearchParams): OrderSearchParams {
  const text = (name: string) => (params.get(name) ?? '').trim();
  const date = (name: string) => (DATE.test(text(name)) ? text(name) : '');
  return {
    number: text('number'),
    customer: text('customer'),
    states: params
      .getAll('state')
      .filter((state): state is OrderStatus => ORDER_STATUSES.includes(state as OrderStatus)),
    from: date('from'),
    to: date('to'),
    min: text('min'),
    max: text('max'),
    sort: readListSort(params, BACKOFFICE_ORDER_SORT_FIELDS, DEFAULT_ORDER_SORT),
    page: readPageNumber(params.get('page')),
  };
}

export function isOrderSearchFiltered(search: OrderSearchParams): boolean {
  return Boolean(
    search.number ||
      search.customer ||
      search.states.length > 0 ||
      search.from ||
      search.to ||
      search.min ||
      search.max,
  );
}

/** The URL of the same view at another page. */
export function orderSearchPageHref(current: URLSearchParams, page: number): string {
  const next = new URLSearchParams(current);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return query ? `?${query}` : '?';
}
