/**
 * The order terms of an area in a currency (issue 24): what an order costs besides its goods, as data for the texts
 * that state it (the cart, checkout, the delivery page, the front page). The small-order surcharge comes from the
 * rule the cart calculation charges (`smallOrderSurchargeRule`), the freight from the same method fees, so a text
 * never quotes another figure than the cart charges.
 */
import type { AreaId, GetOrderTermsResponse } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { smallOrderSurchargeRule } from '../cart/cart-calculation.ts';
import { minorToMajor } from '../price/price-calculation.ts';
import { findShippingMethodsPricedIn } from './shipping.repository.ts';

/**
 * GET /api/Shipping/GetOrderTerms: the surcharge rule of the currency, the lowest free-freight threshold of the
 * area's methods priced in it, and those methods with their fees (without VAT). A currency the area has no fees in
 * gets no methods and no threshold; one without a surcharge rule gets `smallOrderSurcharge` null.
 */
export async function getOrderTerms(
  ctx: RequestContext,
  input: { areaId: AreaId; currencyCode: string },
): Promise<GetOrderTermsResponse> {
  const methods = await findShippingMethodsPricedIn(ctx.db, input);
  const rule = smallOrderSurchargeRule(input.currencyCode);
  const thresholds = methods.flatMap((method) => (method.freeAboveMinor === null ? [] : [method.freeAboveMinor]));
  return {
    areaId: input.areaId,
    currencyCode: input.currencyCode,
    smallOrderSurcharge: rule && { below: minorToMajor(rule.belowMinor), fee: minorToMajor(rule.feeMinor) },
    freeFreightFrom: thresholds.length === 0 ? null : minorToMajor(Math.min(...thresholds)),
    shippingMethods: methods.map((method) => ({
      shippingMethodId: method.id,
      name: method.name,
      description: method.description,
      fee: minorToMajor(method.feeMinor),
      freeAbove: method.freeAboveMinor === null ? null : minorToMajor(method.freeAboveMinor),
    })),
  };
}
