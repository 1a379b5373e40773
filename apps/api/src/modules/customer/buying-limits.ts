/**
 * The rules that keep a slip of the keyboard from becoming an order (ADR 019), pure so that they are tested without
 * a database: a line limit per product, the quantity from which an order is far above what the customer usually
 * orders, and the credit limit of buying on account.
 */
import { DEFAULT_MAX_LINE_QUANTITY, MAX_LINE_QUANTITY } from '@b2b/contract';

/** A quantity more than this many times the customer's usual one is far above it. */
export const UNUSUAL_QUANTITY_FACTOR = 5;
/** Without any order of the product, a quantity above this share of its line limit is far above the usual. */
export const FIRST_ORDER_SHARE_OF_LINE_LIMIT = 1 / 10;

/**
 * The line limit of a product: its own (products.max_line_quantity), else the contract's default; never above the
 * bound of any request quantity (MAX_LINE_QUANTITY).
 */
export function lineLimitOf(maxLineQuantity: number | null): number {
  return Math.min(maxLineQuantity ?? DEFAULT_MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
}

/**
 * Whether a line may go from `before` (0 for a new line) to `after` units under `limit`. A line above its limit
 * already (the limit was lowered after it was added) may still shrink: only growing beyond the limit is refused.
 */
export function isWithinLineLimit(input: { before: number; after: number; limit: number }): boolean {
  return input.after <= input.limit || input.after <= input.before;
}

/**
 * The field message of a refused line quantity, e.g. "must be at most 200 for 10001-03 (Helmet Pro): the cart holds
 * 150 already, so at most 50 more can be added".
 */
export function lineLimitMessage(input: { limit: number; itemNumber: string; name: string; inCart: number }): string {
  const base = `must be at most ${formatCount(input.limit)} for ${input.itemNumber} (${input.name})`;
  if (input.inCart <= 0) return base;
  const room = Math.max(0, input.limit - input.inCart);
  return `${base}: the cart holds ${formatCount(input.inCart)} already, so at most ${formatCount(room)} more can be added`;
}

/** Why Reorder left a line out: "At most 200 of this fit on one order line; your cart holds 150 already." */
export function reorderLineLimitMessage(input: { limit: number; inCart: number }): string {
  const base = `At most ${formatCount(input.limit)} of this fit on one order line`;
  return input.inCart > 0 ? `${base}; your cart holds ${formatCount(input.inCart)} already.` : `${base}.`;
}

/**
 * From which line quantity the storefront asks "You usually order 6 of this. Add 240?": above UNUSUAL_QUANTITY_FACTOR
 * × the customer's usual (median) line quantity of the product, but never below the largest line they ordered (what
 * they did before is not unusual); without any order, above a tenth of the line limit. Never above the line limit
 * (beyond it the cart refuses anyway).
 */
export function confirmAboveOf(input: {
  usualQuantity: number | null;
  largestQuantity: number | null;
  lineLimit: number;
}): number {
  const threshold =
    input.usualQuantity === null
      ? Math.ceil(input.lineLimit * FIRST_ORDER_SHARE_OF_LINE_LIMIT)
      : Math.max(UNUSUAL_QUANTITY_FACTOR * input.usualQuantity, input.largestQuantity ?? 0);
  return Math.min(Math.max(threshold, 1), input.lineLimit);
}

/**
 * The credit check of an order paid on account (minor units of the customer's currency): what the customer owes
 * (open invoices and orders not yet invoiced) plus the order must not exceed the limit. No limit (null): always
 * within. `availableMinor` is what an order may total, never below 0.
 */
export function checkCredit(input: {
  creditLimitMinor: number | null;
  openBalanceMinor: number;
  uninvoicedMinor: number;
  orderTotalMinor: number;
}): { availableMinor: number | null; isWithinLimit: boolean } {
  if (input.creditLimitMinor === null) return { availableMinor: null, isWithinLimit: true };
  const owed = input.openBalanceMinor + input.uninvoicedMinor;
  return {
    availableMinor: Math.max(0, input.creditLimitMinor - owed),
    isWithinLimit: owed + input.orderTotalMinor <= input.creditLimitMinor,
  };
}

const COUNT_FORMAT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}
