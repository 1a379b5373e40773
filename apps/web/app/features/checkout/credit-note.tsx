import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';
import { STATEMENT_OF_ACCOUNT_PATH } from '~/lib/customer-center-paths.ts';
import { formatMoney } from '~/lib/format.ts';
import type { CreditCheck } from './credit-check.ts';

/** The id of the message that says why "Place order" does not go ahead: the button is described by it. */
export const CREDIT_LIMIT_MESSAGE_ID = 'credit-limit-message';

/** Under "Payment on account": what the customer may still buy on account (ADR 019). */
export function AvailableCredit({ check, currencyCode }: { check: CreditCheck; currencyCode: string }) {
  if (check.kind === 'unlimited') return null;
  return (
    <span
      className={cn('block', check.kind === 'exceeded' ? 'font-medium text-red-800' : 'text-neutral-700')}
      data-testid="available-credit"
    >
      Available credit {formatMoney(check.available, currencyCode)} of your{' '}
      {formatMoney(check.creditLimit, currencyCode)} credit limit
    </span>
  );
}

/**
 * Above "Place order" when the order is above the available credit: the figures the API checks (limit, open
 * balance, orders not yet invoiced, this order) and the way out, with the statement of account one click away.
 */
export function CreditLimitMessage({ check, currencyCode }: { check: CreditCheck; currencyCode: string }) {
  if (check.kind !== 'exceeded') return null;
  const money = (amount: number) => formatMoney(amount, currencyCode);
  return (
    <div
      id={CREDIT_LIMIT_MESSAGE_ID}
      className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      data-testid="credit-limit-message"
    >
      <p className="font-semibold">This order is above your available credit</p>
      <p>
        The order comes to {money(check.orderTotal)} incl. VAT; {money(check.available)} of your{' '}
        {money(check.creditLimit)} credit limit is available. Your open balance is {money(check.openBalance)}, and
        orders not yet invoiced come to {money(check.uninvoicedOrders)}.
      </p>
      <p>
        Reduce the order, or pay open invoices first:{' '}
        <Link to={STATEMENT_OF_ACCOUNT_PATH} className="font-medium underline">
          see your statement of account
        </Link>
        .
      </p>
    </div>
  );
}
