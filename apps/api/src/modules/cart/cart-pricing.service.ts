/**
 * Pricing a cart (spec §3 Cart, §4 Cart): CalculateCart / InternalCalculateCart, and `priceCart`, which order
 * placement and card payment use to book the same amounts. Prices come from the database, never from the client.
 */
import {
  type CalculateCartBody,
  type CalculateCartResponse,
  type CalculatedCart,
  type CalculatedCartLine,
  type CartLineCampaign,
  DEFAULT_SHIP_TO_COUNTRY_CODE,
} from '@b2b/contract';
import type { CustomerVat } from '@b2b/contract/vat-rules';
import type { RequestContext } from '../../context.ts';
import { type CustomerCampaign, campaignsOfCustomer } from '../campaign/campaign.service.ts';
import { minorToMajor, moneyOf, type ProductPriceRows, toMoney, toVat } from '../price/price-calculation.ts';
import { shippingMethodsTo } from '../shipping/shipping-method-rules.ts';
import type { CampaignPricingInput, LineCampaignMinor } from './campaign-pricing.ts';
import { cartHasBeenModified, cartNotFound, requireOwner } from './cart-access.ts';
import {
  type CartCalculation,
  calculateCart as calculateCartMinor,
  type ShippingFeeInput,
  smallOrderSurchargeRule,
} from './cart-calculation.ts';
import { orderLines, toCartBase } from './cart-mapper.ts';
import {
  type FreeFreightStanding,
  freeFreightStanding,
  type SmallOrderSurchargeStanding,
  smallOrderSurchargeStanding,
} from './cart-order-terms.ts';
import type { AvailableCartLineRow, CartRow } from './cart-read.repository.ts';
import { type CartPricingInputs, findCartSnapshot } from './cart-snapshot.repository.ts';

export type PricedCart = {
  cart: CartRow;
  lines: AvailableCartLineRow[];
  calculation: CartCalculation;
  /** The customer's VAT (ADR 018), read with the cart: the rate the calculation applied. */
  vat: CustomerVat;
  shipToCountryCode: string;
  shippingMethod: { shippingMethodId: string; name: string } | null;
  /** Where the cart stands against the order terms it was priced with (the texts of cart and checkout). */
  terms: { smallOrderSurcharge: SmallOrderSurchargeStanding | null; freeFreight: FreeFreightStanding | null };
  /** The customer's campaigns holding a product of the cart that ended since the cart was created (issue 27). */
  endedCampaigns: CustomerCampaign[];
};

/**
 * Prices a cart of the customer from the database (never from a cache: this books money). The ship-to country is
 * the cart's shipping address's, else `shipToCountryCode` (spec §9 default US). The shipping method is the cart's
 * when it ships there, else the first that GetShippingMethods lists for the country (shippingMethodsTo); none → no fee. Used by CalculateCart and by order placement
 * (pass the transaction in `ctx.db`). 404 for a foreign cart; 409 CartHasBeenModified when `expectedVersion` is given
 * and differs.
 */
export async function priceCart(
  ctx: RequestContext,
  input: { cartId: string; shipToCountryCode?: string | undefined; expectedVersion?: number | undefined },
): Promise<PricedCart> {
  const { customer } = requireOwner(ctx);
  const scope = { cartId: input.cartId, customerId: customer.id };
  // One statement: the cart, its lines, their prices, the VAT inputs and the shipping options (a consistent snapshot).
  const snapshot = await findCartSnapshot(ctx.db, scope, { priceGroupId: customer.priceGroupId });
  if (!snapshot) throw cartNotFound();
  if (input.expectedVersion !== undefined && input.expectedVersion !== snapshot.cart.version) {
    throw cartHasBeenModified(snapshot.cart.version, input.expectedVersion);
  }
  // The campaigns valid now (never cached: a campaign that ended reprices the cart at once) and those that ended
  // since the cart was created, in one query (ADR 029).
  const now = new Date();
  const rows = await campaignsOfCustomer(ctx, {
    customer,
    at: now,
    productIds: [...new Set(snapshot.lines.filter((line) => line.parentId === null).map((line) => line.productId))],
    endedSince: snapshot.cart.createdAt,
  });
  const campaigns = {
    valid: rows.filter((row) => row.validTo > now),
    ended: rows.filter((row) => row.validTo <= now),
  };
  return priceCartSnapshot({ ...snapshot, campaigns }, input.shipToCountryCode);
}

function toCampaignPricingInput(campaign: CustomerCampaign): CampaignPricingInput {
  return {
    campaignId: campaign.id,
    name: campaign.name,
    campaignType: campaign.campaignType,
    quantities: campaign.quantities,
    productIds: campaign.productIds,
  };
}

/** The calculation of a cart from its lines and pricing inputs (no database): the one rule of priceCart. */
function priceCartSnapshot(
  snapshot: { cart: CartRow; lines: AvailableCartLineRow[] } & CartPricingInputs & {
      campaigns: { valid: CustomerCampaign[]; ended: CustomerCampaign[] };
    },
  requestedCountryCode: string | undefined,
): PricedCart {
  const { cart, lines, priceRows, campaigns } = snapshot;
  const shipToCountryCode = cart.shippingAddress?.countryCode ?? requestedCountryCode ?? DEFAULT_SHIP_TO_COUNTRY_CODE;
  // The customer's VAT: the seller's rate, or 0 for reverse charge, export and the USA area (ADR 018).
  const { vat } = cart;
  const rowsByProduct = new Map<string, ProductPriceRows>();
  for (const row of priceRows) {
    const entry = rowsByProduct.get(row.productId) ?? {
      listUnitPriceMinor: null,
      listBeforePriceMinor: null,
      netUnitPriceMinor: null,
    };
    if (row.priceGroupId === null) entry.listUnitPriceMinor = row.unitPriceMinor;
    else entry.netUnitPriceMinor = row.unitPriceMinor;
    rowsByProduct.set(row.productId, entry);
  }

  const shippable = shippingMethodsTo(snapshot.shippingMethods, {
    countryCode: shipToCountryCode,
    isAreaCountry: snapshot.areaCountryCodes.includes(shipToCountryCode),
  });
  const method = shippable.find((option) => option.id === cart.shippingMethodId) ?? shippable[0] ?? null;

  const ordered = orderLines(lines);
  const shipping: ShippingFeeInput | null = method
    ? {
        shippingMethodId: method.id,
        name: method.name,
        feeMinor: method.feeMinor,
        freeAboveMinor: method.freeAboveMinor,
      }
    : null;
  const surchargeRule = smallOrderSurchargeRule(cart.currencyCode);
  const calculation = calculateCartMinor({
    lines: ordered.map((line) => ({
      id: line.id,
      parentId: line.parentId,
      productId: line.productId,
      variantId: line.variantId,
      unitOfMeasure: line.unitOfMeasure,
      name: line.name,
      quantity: line.quantity,
      priceRows: rowsByProduct.get(line.productId) ?? null,
      availableQuantity: line.availableQuantity,
    })),
    campaigns: campaigns.valid.map(toCampaignPricingInput),
    vatRateBasisPoints: vat.rateBasisPoints,
    shipping,
    smallOrderSurcharge: surchargeRule,
  });
  return {
    cart,
    lines: ordered,
    calculation,
    vat,
    shipToCountryCode,
    shippingMethod: method ? { shippingMethodId: method.id, name: method.name } : null,
    terms: {
      smallOrderSurcharge: smallOrderSurchargeStanding(surchargeRule, calculation.goodsNetMinor),
      freeFreight: freeFreightStanding(shipping, calculation.goodsNetMinor),
    },
    endedCampaigns: campaigns.ended,
  };
}

/** A line's campaign as the calculated cart answers it (major units). */
function toCartLineCampaign(campaign: LineCampaignMinor | null): CartLineCampaign | null {
  if (!campaign) return null;
  const { discountMinor, ...rest } = campaign;
  return { ...rest, discount: minorToMajor(discountMinor) };
}

/**
 * POST CalculateCart / InternalCalculateCart: the calculated cart (spec §3) — net line prices from the customer's
 * price group less the campaign that applies to each line (issue 27, ADR 029: the line's `campaign`, its level and
 * what the next needs), list line prices, the discount split into price agreement and campaigns, the campaigns that
 * ended since the cart was created (`endedCampaigns`), shipping fee, totals with and without VAT and the customer's VAT
 * (treatment, rate, note: ADR 018), availability per line and the backorder flag, and usingFallbackStrategy
 * (ADR 007). With `version`, a cart changed meanwhile answers 409 CartHasBeenModifiedException (spec §8).
 */
export async function calculateCart(
  ctx: RequestContext,
  input: Pick<CalculateCartBody, 'cartId' | 'shipToCountryCode' | 'version'>,
): Promise<CalculateCartResponse> {
  const priced = await priceCart(ctx, {
    cartId: input.cartId,
    shipToCountryCode: input.shipToCountryCode,
    expectedVersion: input.version,
  });
  const { calculation, vat } = priced;
  const vatRateBasisPoints = vat.rateBasisPoints;
  const base = toCartBase(priced.cart, { goodsNetMinor: calculation.goodsNetMinor });
  const lines = calculation.lines.map(
    (line): CalculatedCartLine => ({
      id: line.id,
      type: line.type,
      parentId: line.parentId,
      productKey: { productId: line.productId, variantId: line.variantId, unitOfMeasure: line.unitOfMeasure },
      name: line.name,
      quantity: line.quantity,
      unitPrice: toMoney(line.unitPriceMinor, vatRateBasisPoints),
      netUnitPrice: toMoney(line.netUnitPriceMinor, vatRateBasisPoints),
      netLinePrice: moneyOf(line.netLinePriceMinor, line.vatMinor),
      linePrice: toMoney(line.linePriceMinor, vatRateBasisPoints),
      asgLineItemsAvailCust: line.availableQuantity,
      isBackorder: line.isBackorder,
      campaign: toCartLineCampaign(line.campaign),
    }),
  );
  // Lines and fee with their share of the cart's VAT, so everything the calculated cart shows adds up to its total.
  const shippingFee = moneyOf(calculation.shippingFeeMinor, calculation.shippingVatMinor);
  return {
    cart: {
      ...base,
      shippingMethod: priced.shippingMethod ? { ...priced.shippingMethod, fee: shippingFee } : null,
      lines,
      discount: minorToMajor(calculation.discountMinor),
      discountBreakdown: {
        priceAgreement: minorToMajor(calculation.priceAgreementDiscountMinor),
        campaigns: minorToMajor(calculation.campaignDiscountMinor),
      },
      shippingFee,
      totalNetPrice: minorToMajor(calculation.totalNetMinor),
      totalPrice: moneyOf(calculation.totalNetMinor, calculation.totalVatMinor),
      vat: toVat(vat),
      shipToCountryCode: priced.shipToCountryCode,
      isBackorder: calculation.isBackorder,
      usingFallbackStrategy: calculation.usingFallbackStrategy,
      endedCampaigns: priced.endedCampaigns.map((campaign) => ({
        campaignId: campaign.id,
        name: campaign.name,
        validTo: campaign.validTo.toISOString(),
      })),
      ...termsOf(priced.terms),
    },
    usingFallbackStrategy: calculation.usingFallbackStrategy,
  };
}

/** The order terms' standing as the calculated cart answers it (major units). */
function termsOf(terms: PricedCart['terms']): Pick<CalculatedCart, 'smallOrderSurcharge' | 'freeFreight'> {
  const { smallOrderSurcharge: surcharge, freeFreight } = terms;
  return {
    smallOrderSurcharge: surcharge && {
      below: minorToMajor(surcharge.belowMinor),
      fee: minorToMajor(surcharge.feeMinor),
      isCharged: surcharge.isCharged,
      amountToAvoid: minorToMajor(surcharge.amountToAvoidMinor),
    },
    freeFreight: freeFreight && {
      shippingMethodId: freeFreight.shippingMethodId,
      from: minorToMajor(freeFreight.fromMinor),
      amountToGo: minorToMajor(freeFreight.amountToGoMinor),
    },
  };
}
