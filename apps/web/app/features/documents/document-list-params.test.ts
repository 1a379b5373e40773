import { describe, expect, it } from 'vitest';
import {
  creditMemoListHref,
  invoiceListHref,
  isFiltered,
  parseDocumentListParams,
  parseInvoiceListParams,
} from './document-list-params.ts';

const parseInvoices = (query: string) => parseInvoiceListParams(new URLSearchParams(query));
const NONE = { search: '', status: '', dateFrom: '', dateTo: '', page: 1 } as const;

describe('document list parameters', () => {
  it('reads text, status, dates and page', () => {
    expect(parseInvoices('q=%20INV-1%20&status=overdue&from=2026-03-01&to=2026-03-31&p=3')).toEqual({
      search: 'INV-1',
      status: 'overdue',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
      page: 3,
    });
    expect(parseInvoices('')).toEqual(NONE);
    expect(parseInvoices('status=PAID').status).toBe('paid');
  });

  it('drops what the API would refuse and swaps a reversed date range', () => {
    expect(parseInvoices('status=cancelled&from=2026-02-30&to=yesterday&p=0')).toEqual(NONE);
    expect(parseInvoices('p=2.5').page).toBe(1);
    expect(parseInvoices('p=100001').page).toBe(1);
    expect(parseInvoices(`q=${'x'.repeat(300)}`).search).toHaveLength(100);
    expect(parseInvoices('from=2026-03-31&to=2026-03-01')).toMatchObject({
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
    });
  });

  it('writes p only after page 1, one parameter per filter, and reads back what it wrote', () => {
    expect(invoiceListHref(NONE)).toBe('/customer-center/invoices');
    expect(invoiceListHref({ ...NONE, status: 'open', page: 2 })).toBe('/customer-center/invoices?status=open&p=2');
    expect(creditMemoListHref({ search: 'CM 1', dateFrom: '2026-01-01', dateTo: '', page: 1 })).toBe(
      '/customer-center/credit-memos?q=CM+1&from=2026-01-01',
    );
    const params = {
      search: 'SO-1',
      status: 'overdue' as const,
      dateFrom: '2026-01-01',
      dateTo: '2026-02-01',
      page: 4,
    };
    expect(parseInvoices(invoiceListHref(params).split('?')[1] ?? '')).toEqual(params);
    const creditMemoParams = { search: 'CM', dateFrom: '', dateTo: '2026-02-01', page: 2 };
    expect(parseDocumentListParams(new URLSearchParams(creditMemoListHref(creditMemoParams).split('?')[1]))).toEqual(
      creditMemoParams,
    );
  });

  it('tells a filtered list from the whole list', () => {
    expect(isFiltered(parseInvoices(''))).toBe(false);
    expect(isFiltered(parseInvoices('p=3'))).toBe(false);
    expect(isFiltered(parseInvoices('status=paid'))).toBe(true);
    expect(isFiltered(parseInvoices('from=2026-01-01'))).toBe(true);
    expect(isFiltered(parseInvoices('q=INV'))).toBe(true);
  });
});
