import { describe, expect, it } from 'vitest';
import { orderListHref, parseOrderListParams } from './order-list-params.ts';

const parse = (query: string) => parseOrderListParams(new URLSearchParams(query));

describe('order list parameters', () => {
  it('reads text, dates and page', () => {
    expect(parse('q=%20PO-1%20&from=2026-03-01&to=2026-03-31&p=3')).toEqual({
      search: 'PO-1',
      placedFrom: '2026-03-01',
      placedTo: '2026-03-31',
      page: 3,
    });
    expect(parse('')).toEqual({ search: '', placedFrom: '', placedTo: '', page: 1 });
  });

  it('drops what the API would refuse and swaps a reversed date range', () => {
    expect(parse('from=2026-02-30&to=yesterday&p=0')).toEqual({ search: '', placedFrom: '', placedTo: '', page: 1 });
    expect(parse('p=2.5').page).toBe(1);
    expect(parse(`q=${'x'.repeat(300)}`).search).toHaveLength(100);
    expect(parse('from=2026-03-31&to=2026-03-01')).toMatchObject({ placedFrom: '2026-03-01', placedTo: '2026-03-31' });
  });

  it('writes p only after page 1 and keeps the filters', () => {
    expect(orderListHref({ search: '', placedFrom: '', placedTo: '', page: 1 })).toBe('/customer-center/orders');
    expect(orderListHref({ search: 'PO 1', placedFrom: '2026-03-01', placedTo: '', page: 2 })).toBe(
      '/customer-center/orders?q=PO+1&from=2026-03-01&p=2',
    );
    const params = { search: 'SO-1', placedFrom: '2026-01-01', placedTo: '2026-02-01', page: 4 };
    expect(parse(orderListHref(params).split('?')[1] ?? '')).toEqual(params);
  });
});
