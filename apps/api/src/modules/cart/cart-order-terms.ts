/**
 * Where a calculated cart stands against the order terms (issue 24): the small-order surcharge and the priced
 * method's free freight, with what is still missing to avoid the one and reach the other. Pure, in minor units; the
 * same conditions as the calculation (`isSmallOrderSurchargeDue`, `chargedShippingFeeMinor`), so a page that says
 * "add 21.34 to avoid it" is right to the cent.
 */
import type { ShippingFeeRule } from '../shipping/shipping-fee.ts';
import { isSmallOrderSurchargeDue, type SmallOrderSurchargeRule } from './cart-calculation.ts';

export type SmallOrderSurchargeStanding = {
  belowMinor: number;
  feeMinor: number;
  isCharged: boolean;
  /** Goods still to add so that the surcharge falls away; 0 when it is not charged. */
  amountToAvoidMinor: number;
};

export type FreeFreightStanding = {
  shippingMethodId: string;
  fromMinor: number;
  /** Goods still to add for free freight; 0 once reached. */
  amountToGoMinor: number;
};

/** The surcharge rule as a cart with goods worth `goodsNetMinor` meets it; null when the currency has none. */
export function smallOrderSurchargeStanding(
  rule: SmallOrderSurchargeRule | null,
  goodsNetMinor: number,
): SmallOrderSurchargeStanding | null {
  if (rule === null) return null;
  const isCharged = isSmallOrderSurchargeDue(rule, goodsNetMinor);
  return {
    belowMinor: rule.belowMinor,
    feeMinor: rule.feeMinor,
    isCharged,
    amountToAvoidMinor: isCharged ? rule.belowMinor - goodsNetMinor : 0,
  };
}

/** The priced method's free freight as the cart meets it; null when there is no method or it is never free. */
export function freeFreightStanding(
  method: (ShippingFeeRule & { shippingMethodId: string }) | null,
  goodsNetMinor: number,
): FreeFreightStanding | null {
  if (method === null || method.freeAboveMinor === null) return null;
  return {
    shippingMethodId: method.shippingMethodId,
    fromMinor: method.freeAboveMinor,
    amountToGoMinor: Math.max(0, method.freeAboveMinor - goodsNetMinor),
  };
}
