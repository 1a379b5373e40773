import type { GetCreditStatusResponse } from '@b2b/contract/customer';

/**
 * What checkout says of the customer's credit before "Place order" (ADR 019), by the same rule CreateOrderByCartId
 * applies when the order is paid on account: open balance + orders not yet invoiced + this order (with VAT) must stay
 * within the credit limit, i.e. the order within `available`. Amounts compared in cents, so 0.1 + 0.2 is no problem.
 */
export type CreditCheck =
  | { kind: 'unlimited' }
  | { kind: 'within'; available: number; creditLimit: number }
  | {
      kind: 'exceeded';
      available: number;
      creditLimit: number;
      openBalance: number;
      uninvoicedOrders: number;
      orderTotal: number;
    };

export function checkCredit(status: GetCreditStatusResponse, orderTotalWithVat: number | null): CreditCheck {
  if (status.creditLimit === null || status.available === null) return { kind: 'unlimited' };
  const { available, creditLimit } = status;
  if (orderTotalWithVat === null || Math.round(orderTotalWithVat * 100) <= Math.round(available * 100)) {
    return { kind: 'within', available, creditLimit };
  }
  return {
    kind: 'exceeded',
    available,
    creditLimit,
    openBalance: status.openBalance,
    uninvoicedOrders: status.uninvoicedOrders,
    orderTotal: orderTotalWithVat,
  };
}
