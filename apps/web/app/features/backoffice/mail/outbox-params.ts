/**
 * The outbox view's filters, sorting and page, kept in the URL (`?state=failed&kind=…&to=…&from=…&until=…&page=2`)
 * so a view can be linked and reloaded. Browser-safe; anything the URL gets wrong is left out, not an error.
 */
import { readPageNumber } from '~/lib/page-number.ts';
import { type ListSort, readListSort } from '../list-sort.ts';
import { MAIL_STATE_LABELS, type MailState } from './mail-labels.ts';

export const OUTBOX_SORT_COLUMNS = ['createdAt', 'toAddress', 'subject', 'kind', 'attempts'] as const;
export type OutboxSortColumn = (typeof OUTBOX_SORT_COLUMNS)[number];

export type OutboxParams = {
  state: MailState | '';
  kind: string;
  recipient: string;
  createdFrom: string;
  createdTo: string;
  page: number;
  sort: ListSort<OutboxSortColumn>;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseOutboxParams(params: URLSearchParams): OutboxParams {
  const state = params.get('state') ?? '';
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    state: state in MAIL_STATE_LABELS ? (state as MailState) : '',
    kind: (params.get('kind') ?? '').trim().slice(0, 60),
    recipient: (params.get('to') ?? '').trim().slice(0, 200),
    createdFrom: date('from'),
    createdTo: date('until'),
    page: readPageNumber(params.get('page')),
    sort: readListSort(params, OUTBOX_SORT_COLUMNS, { field: 'createdAt', direction: 'desc' }),
  };
}

export function isOutboxFiltered(params: OutboxParams): boolean {
  return Boolean(params.state || params.kind || params.recipient || params.createdFrom || params.createdTo);
}

/** The URL of the outbox view with these parameters (empty ones left out). */
export function outboxHref(path: string, params: OutboxParams): string {
  const query = new URLSearchParams();
  if (params.state) query.set('state', params.state);
  if (params.kind) query.set('kind', params.kind);
  if (params.recipient) query.set('to', params.recipient);
  if (params.createdFrom) query.set('from', params.createdFrom);
  if (params.createdTo) query.set('until', params.createdTo);
  if (params.sort.field !== 'createdAt' || params.sort.direction !== 'desc') {
    query.set('sort', params.sort.field);
    query.set('dir', params.sort.direction);
  }
  if (params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
