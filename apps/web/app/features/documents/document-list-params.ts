/**
 * The query strings of /customer-center/invoices and /customer-center/credit-memos (spec §2 listing pages): `q` (free
 * text: document number, order number, reference), `p` (page, written only from page 2 on), and one parameter per
 * filter: `status` (invoices only: open, paid or overdue; one at a time, as GetInvoices filters), `from` and `to`
 * (document dates, yyyy-mm-dd). Values the API would refuse are dropped rather than shown as an error page: a hand-edited URL still
 * lists documents.
 */
import { INVOICE_STATUSES, type InvoiceStatus, MAX_DOCUMENT_SEARCH_LENGTH } from '@b2b/contract/constants';
import { CREDIT_MEMOS_PATH, INVOICES_PATH } from '~/lib/customer-center-paths.ts';
import { readPageNumber } from '~/lib/page-number.ts';

export type DocumentListParams = { search: string; dateFrom: string; dateTo: string; page: number };
/** `status` is empty for invoices of every status. */
export type InvoiceListParams = DocumentListParams & { status: InvoiceStatus | '' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function parseDocumentListParams(searchParams: URLSearchParams): DocumentListParams {
  const search = (searchParams.get('q') ?? '').trim().slice(0, MAX_DOCUMENT_SEARCH_LENGTH);
  let dateFrom = searchParams.get('from') ?? '';
  let dateTo = searchParams.get('to') ?? '';
  if (!isDate(dateFrom)) dateFrom = '';
  if (!isDate(dateTo)) dateTo = '';
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return { search, dateFrom, dateTo, page: readPageNumber(searchParams.get('p')) };
}

function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}

export function parseInvoiceListParams(searchParams: URLSearchParams): InvoiceListParams {
  const status = (searchParams.get('status') ?? '').trim().toLowerCase();
  return { ...parseDocumentListParams(searchParams), status: isInvoiceStatus(status) ? status : '' };
}

function listHref(path: string, params: DocumentListParams, filters: Array<[string, string]>): string {
  const query = new URLSearchParams();
  if (params.search) query.set('q', params.search);
  for (const [name, value] of filters) if (value) query.set(name, value);
  if (params.dateFrom) query.set('from', params.dateFrom);
  if (params.dateTo) query.set('to', params.dateTo);
  if (params.page > 1) query.set('p', String(params.page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The invoice list's URL for these parameters (filters kept, `p` only after page 1). */
export function invoiceListHref(params: InvoiceListParams): string {
  return listHref(INVOICES_PATH, params, [['status', params.status]]);
}

/** The credit memo list's URL for these parameters. */
export function creditMemoListHref(params: DocumentListParams): string {
  return listHref(CREDIT_MEMOS_PATH, params, []);
}

/** Whether the list shows a subset (a search or a filter is set): the empty state then says "no match". */
export function isFiltered(params: DocumentListParams & { status?: string }): boolean {
  return Boolean(params.search || params.dateFrom || params.dateTo || params.status);
}
