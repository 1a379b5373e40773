/**
 * The one calculation of a shipping fee (issue 11): the fee a cart pays for a method, and that fee as money with
 * the customer's VAT (ADR 018). GetShippingMethods, SetShipping, CalculateCart and CreateOrderByCartId (through CalculateCart's
 * calculation) all use these two functions, so a buyer sees the same freight figure on every page and is charged it.
 */
import type { Money } from '@b2b/contract';
import { toMoney } from '../price/price-calculation.ts';

export type ShippingFeeRule = {
  feeMinor: number;
  /** The fee is waived when the goods (product lines, net) reach this amount; null: never free. */
  freeAboveMinor: number | null;
};

/**
 * The fee (minor units, without VAT) for goods worth `goodsNetMinor`, waived from the method's free-freight
 * threshold. `goodsNetMinor` null: no cart to price (the method's own fee). No method: nothing to pay.
 */
export function chargedShippingFeeMinor(method: ShippingFeeRule | null, goodsNetMinor: number | null): number {
  if (!method) return 0;
  if (goodsNetMinor !== null && method.freeAboveMinor !== null && goodsNetMinor >= method.freeAboveMinor) return 0;
  return method.feeMinor;
}

/**
 * A method's fee as money: VAT at the customer's rate on the fee alone, rounded to the cent. A calculated cart shows
 * the fee with its share of the cart's VAT instead (cart-calculation.ts), which may differ by a cent.
 */
export function shippingFeeMoney(feeMinor: number, vatRateBasisPoints: number): Money {
  return toMoney(feeMinor, vatRateBasisPoints);
}
