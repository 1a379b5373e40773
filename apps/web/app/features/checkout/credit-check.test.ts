import type { GetCreditStatusResponse } from '@b2b/contract/customer';
import { describe, expect, it } from 'vitest';
import { checkCredit } from './credit-check.ts';

const status: GetCreditStatusResponse = {
  currencyCode: 'EUR',
  creditLimit: 1_000,
  openBalance: 300.1,
  openInvoiceCount: 1,
  uninvoicedOrders: 200.2,
  uninvoicedOrderCount: 1,
  available: 499.7,
};

describe('checkCredit', () => {
  it('lets an order up to exactly the available credit through, to the cent', () => {
    expect(checkCredit(status, 499.7)).toEqual({ kind: 'within', available: 499.7, creditLimit: 1_000 });
    expect(checkCredit(status, 0.1 + 0.2)).toMatchObject({ kind: 'within' });
  });

  it('names limit, balance, orders not yet invoiced and available for an order one cent above', () => {
    expect(checkCredit(status, 499.71)).toEqual({
      kind: 'exceeded',
      available: 499.7,
      creditLimit: 1_000,
      openBalance: 300.1,
      uninvoicedOrders: 200.2,
      orderTotal: 499.71,
    });
  });

  it('says nothing of a limit the customer does not have', () => {
    expect(checkCredit({ ...status, creditLimit: null, available: null }, 1e9)).toEqual({ kind: 'unlimited' });
  });

  it('shows the available credit while the order total is not known', () => {
    expect(checkCredit(status, null)).toMatchObject({ kind: 'within', available: 499.7 });
  });
});
