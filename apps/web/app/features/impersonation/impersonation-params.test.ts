import { describe, expect, it } from 'vitest';
import { impersonationListHref, parseImpersonationListParams, readActRedirect } from './impersonation-params.ts';

describe('the customer list query (q, area, p, redirect)', () => {
  it('reads search, area, page and the customer page to open after acting', () => {
    expect(
      parseImpersonationListParams(new URLSearchParams('q=%20alp%20&area=eu&p=2&redirect=%2Fcart%23quick-order')),
    ).toEqual({ search: 'alp', areaId: 'eu', page: 2, redirectTo: '/cart#quick-order' });
  });

  it('drops what the API would refuse: an unknown area, a page that is no page, an over-long search', () => {
    const params = parseImpersonationListParams(new URLSearchParams(`q=${'x'.repeat(150)}&area=mars&p=-1`));
    expect(params).toEqual({ search: 'x'.repeat(100), areaId: null, page: 1, redirectTo: null });
    expect(parseImpersonationListParams(new URLSearchParams('p=1.5')).page).toBe(1);
  });

  it('writes only the filters set, the page from page 2 on, and the page to open', () => {
    expect(impersonationListHref({ search: '', areaId: null, page: 1, redirectTo: null })).toBe(
      '/customer-center/impersonation',
    );
    expect(impersonationListHref({ search: '10001', areaId: 'us', page: 3, redirectTo: '/checkout' })).toBe(
      '/customer-center/impersonation?q=10001&area=us&p=3&redirect=%2Fcheckout',
    );
  });
});

describe('the page to open after acting (redirect)', () => {
  it("keeps a customer's page, with its query", () => {
    expect(readActRedirect('/customer-center/orders/0b0e0c4e-1d7c-4f5e-9a57-6b1f7b1c8d2e')).toBe(
      '/customer-center/orders/0b0e0c4e-1d7c-4f5e-9a57-6b1f7b1c8d2e',
    );
    expect(readActRedirect('/customer-center/invoices?status=open')).toBe('/customer-center/invoices?status=open');
  });

  it('drops anything else: other sites, pages anyone may open, nothing', () => {
    for (const value of ['https://evil.example/cart', '//evil.example/cart', '/search', '/', '/cartoons', '', null]) {
      expect(readActRedirect(value), String(value)).toBeNull();
    }
  });
});
