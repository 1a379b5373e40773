import { describe, expect, it } from 'vitest';
import { orderSearchPageHref, readOrderSearchParams } from './order-search-params.ts';

describe('readOrderSearchParams', () => {
  it('reads every filter, the sorting and the page', () => {
    const params = new URLSearchParams(
      'number=SO-0001&customer=acme&state=Placed&state=Shipped&from=2026-03-01&to=2026-03-31&min=10&max=99.5&sort=total&dir=desc&page=2',
    );
    expect(readOrderSearchParams(params)).toEqual({
      number: 'SO-0001',
      customer: 'acme',
      states: ['Placed', 'Shipped'],
      from: '2026-03-01',
      to: '2026-03-31',
      min: '10',
      max: '99.5',
      sort: { field: 'total', direction: 'desc' },
      page: 2,
    });
  });

  it('drops unknown states, malformed dates and pages, and sorts newest first by default', () => {
    const search = readOrderSearchParams(new URLSearchParams('state=Lost&from=yesterday&page=-3'));
    expect(search).toMatchObject({ states: [], from: '', page: 1, sort: { field: 'placedAt', direction: 'desc' } });
  });
});

describe('orderSearchPageHref', () => {
  it('keeps the filters and sets or drops the page', () => {
    const current = new URLSearchParams('customer=acme&page=3');
    expect(orderSearchPageHref(current, 4)).toBe('?customer=acme&page=4');
    expect(orderSearchPageHref(current, 1)).toBe('?customer=acme');
  });
});
