/** Shipping services: where an area ships and how (spec §7 Order, payment, shipping). */
import type { AreaId, GetShippingCountriesResponse, GetShippingMethodsResponse } from '@b2b/contract';
import { customerVatOf } from '@b2b/contract/vat-rules';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { priceCart } from '../cart/cart-pricing.service.ts';
import { minorToMajor } from '../price/price-calculation.ts';
import { findSellerVatRegistration, findShippingCountries, findShippingOffer } from './shipping.repository.ts';
import { chargedShippingFeeMinor, shippingFeeMoney } from './shipping-fee.ts';
import { shippingMethodsTo } from './shipping-method-rules.ts';

/**
 * GET /api/Shipping/GetShippingCountries: the countries the area ships to, by name. The area comes from the query
 * (`AreaInfo.*`, all required, spec §5); an area without shipping countries answers an empty list.
 */
export async function getShippingCountries(
  ctx: RequestContext,
  input: { areaId: AreaId },
): Promise<GetShippingCountriesResponse> {
  const rows = await findShippingCountries(ctx.db, input.areaId);
  return { countries: rows.map((row) => ({ countryCode: row.countryCode, name: row.name })) };
}

/**
 * POST /api/Shipping/GetShippingMethods: the methods of the customer's area that ship to `countryCode`, in the
 * order of `shippingMethodsTo` (cheapest first), with the fee in the customer's currency (spec §1: the customer's
 * own currency overrides the area's) and with the customer's VAT (ADR 018). A method without a fee in that currency is not
 * offered; a country the area does not ship to gets none. With `cartId` each fee is the one that cart pays
 * (free from `freeAbove`, the same calculation as CalculateCart and the placed order); without, the method's own.
 */
export async function getShippingMethods(
  ctx: RequestContext,
  input: { countryCode: string; cartId?: string | undefined },
): Promise<GetShippingMethodsResponse> {
  const customer = requireCustomer(ctx);
  const [offer, seller, goodsNetMinor] = await Promise.all([
    findShippingOffer(ctx.db, {
      areaId: customer.areaId,
      countryCode: input.countryCode,
      currencyCode: customer.currencyCode,
    }),
    findSellerVatRegistration(ctx.db, customer.areaId),
    input.cartId === undefined
      ? null
      : priceCart(ctx, { cartId: input.cartId, shipToCountryCode: input.countryCode }).then(
          (priced) => priced.calculation.goodsNetMinor,
        ),
  ]);
  const vatRateBasisPoints = customerVatOf(seller, customer).rateBasisPoints;
  return {
    currencyCode: customer.currencyCode,
    shippingMethods: shippingMethodsTo(offer.methods, offer.destination).map((row) => ({
      shippingMethodId: row.id,
      name: row.name,
      description: row.description,
      fee: shippingFeeMoney(chargedShippingFeeMinor(row, goodsNetMinor), vatRateBasisPoints),
      freeAbove: row.freeAboveMinor === null ? null : minorToMajor(row.freeAboveMinor),
      currencyCode: customer.currencyCode,
    })),
  };
}

/**
 * What the area offers in the currency for one destination (shipping.repository.ts findShippingOffer): the cart's
 * SetShipping checks a chosen method against it with `shipsTo`, in its own transaction (`ctx`).
 */
export async function getShippingOffer(
  ctx: RequestContext,
  input: { areaId: string; currencyCode: string; countryCode: string },
) {
  return findShippingOffer(ctx.db, input);
}
