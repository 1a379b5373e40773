import { describe, expect, it } from 'vitest';
import { impersonationListHref, parseImpersonationListParams } from './impersonation-params.ts';

describe('the customer list query (q, area, p)', () => {
  it('reads search, area and page', () => {
    expect(parseImpersonationListParams(new URLSearchParams('q=%20alp%20&area=eu&p=2'))).toEqual({
      search: 'alp',
      areaId: 'eu',
      page: 2,
    });
  });

  it('drops what the API would refuse: an unknown area, a page that is no page, an over-long search', () => {
    const params = parseImpersonationListParams(new URLSearchParams(`q=${'x'.repeat(150)}&area=mars&p=-1`));
    expect(params).toEqual({ search: 'x'.repeat(100), areaId: null, page: 1 });
    expect(parseImpersonationListParams(new URLSearchParams('p=1.5')).page).toBe(1);
  });

  it('writes only the filters set, and the page from page 2 on', () => {
    expect(impersonationListHref({ search: '', areaId: null, page: 1 })).toBe('/customer-center/impersonation');
    expect(impersonationListHref({ search: '10001', areaId: 'us', page: 3 })).toBe(
      '/customer-center/impersonation?q=10001&area=us&p=3',
    );
  });
});
