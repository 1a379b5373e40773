import { describe, expect, it } from 'vitest';
import { ownHistoryHref, parseOwnHistoryParams } from './own-history-params.ts';

describe("the rep's own page query (sessions, orders)", () => {
  it('reads the page of each list; anything that is no page is page 1', () => {
    expect(parseOwnHistoryParams(new URLSearchParams('sessions=3&orders=2'))).toEqual({
      sessionsPage: 3,
      ordersPage: 2,
    });
    expect(parseOwnHistoryParams(new URLSearchParams('sessions=-1&orders=1.5'))).toEqual({
      sessionsPage: 1,
      ordersPage: 1,
    });
    expect(parseOwnHistoryParams(new URLSearchParams(''))).toEqual({ sessionsPage: 1, ordersPage: 1 });
  });

  it('writes a page from 2 on, keeping the other list where it was', () => {
    expect(ownHistoryHref({ sessionsPage: 1, ordersPage: 1 })).toBe('/customer-center/impersonation/sessions');
    expect(ownHistoryHref({ sessionsPage: 2, ordersPage: 4 })).toBe(
      '/customer-center/impersonation/sessions?sessions=2&orders=4',
    );
  });
});
