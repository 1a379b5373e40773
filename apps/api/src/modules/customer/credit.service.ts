/**
 * Buying on account within the customer's credit limit (ADR 019): what the customer owes in its currency — the
 * statement of account's open balance plus orders placed on account and not yet invoiced — against
 * customers.credit_limit_minor. GetCreditStatus shows it; CreateOrderByCartId refuses an order that would exceed it.
 */
import type { GetCreditStatusResponse } from '@b2b/contract';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { todayUtc } from '../documents/document-mappers.ts';
import { sumOpenInvoicesOfCustomer } from '../documents/invoice-queries.service.ts';
import { formatAmount } from '../impersonation/impersonation-actions.ts';
import { minorToMajor } from '../price/price-calculation.ts';
import { checkCredit } from './buying-limits.ts';
import { findCustomerCreditLimit, sumUninvoicedOrders } from './customer.repository.ts';

type CreditPosition = {
  currencyCode: string;
  creditLimitMinor: number | null;
  openBalanceMinor: number;
  openInvoiceCount: number;
  uninvoicedMinor: number;
  uninvoicedOrderCount: number;
};

/**
 * What the caller's customer owes on account in `currencyCode` and its limit. With `lock` (placing an order) the
 * customer row is locked first, so the sums read after it already hold any order placed at the same moment.
 */
async function loadCreditPosition(
  ctx: RequestContext,
  currencyCode: string,
  options: { lock: boolean },
): Promise<CreditPosition> {
  const customer = requireCustomer(ctx);
  const scope = { customerId: customer.id, currencyCode };
  const creditLimitMinor = await findCustomerCreditLimit(ctx.db, scope.customerId, options);
  // The statement of account's own sums (per currency); invoices in a currency the customer no longer buys in are
  // left out, since the shop converts no currencies.
  const statement = await sumOpenInvoicesOfCustomer(ctx, { today: todayUtc() });
  const open = statement.find((row) => row.currencyCode === scope.currencyCode);
  const uninvoiced = await sumUninvoicedOrders(ctx.db, scope);
  return {
    currencyCode: scope.currencyCode,
    creditLimitMinor,
    openBalanceMinor: open?.openBalanceMinor ?? 0,
    openInvoiceCount: open?.openInvoiceCount ?? 0,
    uninvoicedMinor: uninvoiced.amountMinor,
    uninvoicedOrderCount: uninvoiced.orderCount,
  };
}

/** POST /api/Customer/GetCreditStatus: the credit limit, what is owed on account and what is still available. */
export async function getCreditStatus(ctx: RequestContext): Promise<GetCreditStatusResponse> {
  const customer = requireCustomer(ctx);
  const position = await loadCreditPosition(ctx, customer.currencyCode, { lock: false });
  const { availableMinor } = checkCredit({ ...position, orderTotalMinor: 0 });
  return {
    currencyCode: position.currencyCode,
    creditLimit: position.creditLimitMinor === null ? null : minorToMajor(position.creditLimitMinor),
    openBalance: minorToMajor(position.openBalanceMinor),
    openInvoiceCount: position.openInvoiceCount,
    uninvoicedOrders: minorToMajor(position.uninvoicedMinor),
    uninvoicedOrderCount: position.uninvoicedOrderCount,
    available: availableMinor === null ? null : minorToMajor(availableMinor),
  };
}

/**
 * Refuses an order paid on account (409 CreditLimitExceededException) that would take the customer above its credit
 * limit. Runs in the order's transaction and locks the customer row until it ends, so of two concurrent orders the
 * second is checked with the first counted (ADR 019).
 */
export async function assertOrderWithinCreditLimit(
  ctx: RequestContext,
  order: { currencyCode: string; totalWithVatMinor: number },
): Promise<void> {
  const position = await loadCreditPosition(ctx, order.currencyCode, { lock: true });
  const { availableMinor, isWithinLimit } = checkCredit({ ...position, orderTotalMinor: order.totalWithVatMinor });
  if (isWithinLimit || position.creditLimitMinor === null) return;
  const amount = (minor: number) => formatAmount(minor, order.currencyCode);
  throw new AppError(
    'CreditLimitExceededException',
    `This order of ${amount(order.totalWithVatMinor)} (incl. VAT) exceeds your available credit of ` +
      `${amount(availableMinor ?? 0)}: your credit limit is ${amount(position.creditLimitMinor)}, your open ` +
      `balance ${amount(position.openBalanceMinor)} and orders not yet invoiced ${amount(position.uninvoicedMinor)}. ` +
      'Reduce the order, or pay open invoices first (the statement of account lists them).',
  );
}
