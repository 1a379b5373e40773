/**
 * Pure cart arithmetic (ADR 007), in integer minor units without VAT: line prices from the price lists (the price
 * module's net-price rule), the bundle components' zero prices, availability and backorder, the small-order
 * campaign discounts off the net line prices (campaign-pricing.ts, ADR 029), the small-order
 * surcharge (a Generated line), the shipping fee, and the VAT: once on the total excl. VAT at the customer's rate,
 * rounded half up to the cent (ADR 018), then shared out over the lines and the fee so their shares add up to it.
 * No database, no clock: the service loads the inputs and maps the result to the contract.
 */
import { allocateVatMinor, vatAmountMinor } from '@b2b/contract/vat-rules';
import { type ProductPriceRows, resolveUnitPricesMinor } from '../price/price-calculation.ts';
import { chargedShippingFeeMinor } from '../shipping/shipping-fee.ts';
import { type CampaignPricingInput, type LineCampaignMinor, priceLinesByCampaigns } from './campaign-pricing.ts';

export type CalculationLineInput = {
  id: string;
  parentId: string | null;
  productId: string;
  variantId: string | null;
  unitOfMeasure: string;
  name: string;
  quantity: number;
  /** The product's price rows in the cart's currency; null when it has none. Ignored for sub-lines. */
  priceRows: ProductPriceRows | null;
  /** Quantity available to the customer (on hand − reserved, never below 0). */
  availableQuantity: number;
};

export type ShippingFeeInput = {
  shippingMethodId: string;
  name: string;
  feeMinor: number;
  /** The fee is waived when the goods (product lines, net) reach this amount. */
  freeAboveMinor: number | null;
};

export type SmallOrderSurchargeRule = {
  /** Goods (net) below this amount, but above 0, pay the surcharge. */
  belowMinor: number;
  feeMinor: number;
};

export type CartCalculationInput = {
  lines: CalculationLineInput[];
  /** The customer's campaigns valid now holding a product of the cart (none: prices by the agreement alone). */
  campaigns: readonly CampaignPricingInput[];
  /** The customer's VAT rate (vat-rules' customerVatOf: the seller's rate, or 0). */
  vatRateBasisPoints: number;
  shipping: ShippingFeeInput | null;
  smallOrderSurcharge: SmallOrderSurchargeRule | null;
};

export type CalculatedLineMinor = {
  id: string;
  type: 'Product' | 'Generated';
  parentId: string | null;
  productId: string;
  variantId: string | null;
  unitOfMeasure: string;
  name: string;
  quantity: number;
  unitPriceMinor: number;
  netUnitPriceMinor: number;
  linePriceMinor: number;
  /** The net unit price × quantity, less the campaign's discount. */
  netLinePriceMinor: number;
  /** The campaign that priced the line (or the nearest to a level); null when no campaign holds its product. */
  campaign: LineCampaignMinor | null;
  /** The line's share of the cart's VAT (allocateVatMinor), not a VAT of its own. */
  vatMinor: number;
  availableQuantity: number;
  isBackorder: boolean;
  /** The net price is the list price (the price group has none), or the product has no price at all. */
  isFallbackPrice: boolean;
  /** The product has no price in the currency: priced 0 and not orderable. */
  isPriceMissing: boolean;
};

export type CartCalculation = {
  lines: CalculatedLineMinor[];
  /** Σ net line prices of the product lines (the goods), without VAT. */
  goodsNetMinor: number;
  /** Σ (line price − net line price) of the product lines: priceAgreementDiscountMinor + campaignDiscountMinor. */
  discountMinor: number;
  /** Σ (line price − net unit price × quantity): what the price agreement saves against list prices. */
  priceAgreementDiscountMinor: number;
  /** Σ of the lines' campaign discounts, off the net prices. */
  campaignDiscountMinor: number;
  shippingFeeMinor: number;
  /** The shipping fee's share of the cart's VAT. */
  shippingVatMinor: number;
  /** Lines (incl. generated) + shipping fee, without VAT. */
  totalNetMinor: number;
  /** VAT rate × totalNetMinor, rounded half up to the cent: once, on the total. */
  totalVatMinor: number;
  totalWithVatMinor: number;
  isBackorder: boolean;
  usingFallbackStrategy: boolean;
};

/** Id and product key of the small-order surcharge line (a fixed id: the line is recalculated, never stored). */
export const SMALL_ORDER_SURCHARGE_LINE_ID = '00000000-0000-4000-8000-000000000001';
export const SMALL_ORDER_SURCHARGE_PRODUCT_ID = 'SMALL-ORDER-SURCHARGE';

/**
 * Small-order surcharge per currency (minor units, without VAT): below 100.00 (1,000.00 NOK) costs 9.95 (99.00).
 * The one source of the rule: the calculation charges it, GetOrderTerms states it to the texts that quote it.
 */
const SMALL_ORDER_SURCHARGES: Record<string, SmallOrderSurchargeRule> = {
  EUR: { belowMinor: 10_000, feeMinor: 995 },
  USD: { belowMinor: 10_000, feeMinor: 995 },
  XNOK: { belowMinor: 100_000, feeMinor: 9_900 },
};

/** The small-order surcharge of a currency; null when orders in it pay none. */
export function smallOrderSurchargeRule(currencyCode: string): SmallOrderSurchargeRule | null {
  return SMALL_ORDER_SURCHARGES[currencyCode] ?? null;
}

/** Goods (net) above 0 but below the rule's threshold pay the surcharge; an empty cart pays nothing. */
export function isSmallOrderSurchargeDue(rule: SmallOrderSurchargeRule | null, goodsNetMinor: number): boolean {
  return rule !== null && goodsNetMinor > 0 && goodsNetMinor < rule.belowMinor && rule.feeMinor > 0;
}

function multiplyMinor(unitMinor: number, quantity: number): number {
  const amount = unitMinor * quantity;
  if (!Number.isSafeInteger(amount)) throw new RangeError(`line amount out of range: ${unitMinor} × ${quantity}`);
  return amount;
}

/** spec §4 Cart: a line is on backorder when the quantity available to the customer is below the ordered one. */
export function isLineOnBackorder(line: { quantity: number; availableQuantity: number }): boolean {
  return line.availableQuantity < line.quantity;
}

/** A line priced without VAT; its share of the VAT is filled in once the total is known. */
function priceLine(line: CalculationLineInput): CalculatedLineMinor {
  const isComponent = line.parentId !== null;
  // A bundle's components are priced in the bundle line; they are only there for stock and picking.
  const resolved = isComponent ? null : line.priceRows ? resolveUnitPricesMinor(line.priceRows) : null;
  const isPriceMissing = !isComponent && resolved === null;
  const unitPriceMinor = resolved?.unitMinor ?? 0;
  const netUnitPriceMinor = resolved?.netMinor ?? 0;
  const netLinePriceMinor = multiplyMinor(netUnitPriceMinor, line.quantity);
  return {
    id: line.id,
    type: 'Product',
    parentId: line.parentId,
    productId: line.productId,
    variantId: line.variantId,
    unitOfMeasure: line.unitOfMeasure,
    name: line.name,
    quantity: line.quantity,
    unitPriceMinor,
    netUnitPriceMinor,
    linePriceMinor: multiplyMinor(unitPriceMinor, line.quantity),
    netLinePriceMinor,
    campaign: null,
    vatMinor: 0,
    availableQuantity: Math.max(0, line.availableQuantity),
    isBackorder: isLineOnBackorder(line),
    isFallbackPrice: isPriceMissing || (resolved?.isNetFromListPrice ?? false),
    isPriceMissing,
  };
}

function surchargeLine(rule: SmallOrderSurchargeRule): CalculatedLineMinor {
  return {
    id: SMALL_ORDER_SURCHARGE_LINE_ID,
    type: 'Generated',
    parentId: null,
    productId: SMALL_ORDER_SURCHARGE_PRODUCT_ID,
    variantId: null,
    unitOfMeasure: 'STK',
    name: 'Small-order surcharge',
    quantity: 1,
    unitPriceMinor: rule.feeMinor,
    netUnitPriceMinor: rule.feeMinor,
    linePriceMinor: rule.feeMinor,
    netLinePriceMinor: rule.feeMinor,
    campaign: null,
    vatMinor: 0,
    availableQuantity: 1,
    isBackorder: false,
    isFallbackPrice: false,
    isPriceMissing: false,
  };
}

/**
 * Gives each line its campaign and takes the discount off its net line price. The lines are the calculation's own
 * (priceLine made them), so they are changed in place: copying 200 lines cost more than the campaigns themselves.
 */
function applyCampaigns(lines: CalculatedLineMinor[], campaigns: readonly CampaignPricingInput[]): void {
  const byLine = priceLinesByCampaigns(lines, campaigns);
  for (const line of lines) {
    const campaign = byLine.get(line.id);
    if (!campaign) continue;
    line.campaign = campaign;
    line.netLinePriceMinor -= campaign.discountMinor;
  }
}

/**
 * Calculates a cart. Campaigns take their discount off the net line prices first, so the goods the small-order
 * surcharge and free freight read are after them (ADR 029). The VAT is the rate × the total excl. VAT (lines and shipping fee), rounded half up to the cent
 * once, so a reader checks it against the total; each line and the fee carry their share of it (allocateVatMinor),
 * which add up to it exactly. Net + VAT = total, to the cent.
 */
export function calculateCart(input: CartCalculationInput): CartCalculation {
  const { vatRateBasisPoints } = input;
  const productLines = input.lines.map(priceLine);
  applyCampaigns(productLines, input.campaigns);
  const goodsNetMinor = productLines.reduce((sum, line) => sum + line.netLinePriceMinor, 0);
  const campaignDiscountMinor = productLines.reduce((sum, line) => sum + (line.campaign?.discountMinor ?? 0), 0);
  const discountMinor = productLines.reduce((sum, line) => sum + line.linePriceMinor - line.netLinePriceMinor, 0);

  const generated: CalculatedLineMinor[] = [];
  const rule = input.smallOrderSurcharge;
  if (rule && isSmallOrderSurchargeDue(rule, goodsNetMinor)) generated.push(surchargeLine(rule));
  const pricedLines = [...productLines, ...generated];
  const fee = chargedShippingFeeMinor(input.shipping, goodsNetMinor);
  const totalNetMinor = pricedLines.reduce((sum, line) => sum + line.netLinePriceMinor, 0) + fee;
  const totalVatMinor = vatAmountMinor(totalNetMinor, vatRateBasisPoints);
  const shares = allocateVatMinor([...pricedLines.map((line) => line.netLinePriceMinor), fee], totalVatMinor);
  const lines = pricedLines.map((line, index) => ({ ...line, vatMinor: shares[index] ?? 0 }));
  return {
    lines,
    goodsNetMinor,
    discountMinor,
    priceAgreementDiscountMinor: discountMinor - campaignDiscountMinor,
    campaignDiscountMinor,
    shippingFeeMinor: fee,
    shippingVatMinor: shares[pricedLines.length] ?? 0,
    totalNetMinor,
    totalVatMinor,
    totalWithVatMinor: totalNetMinor + totalVatMinor,
    isBackorder: lines.some((line) => line.isBackorder),
    usingFallbackStrategy: lines.some((line) => line.isFallbackPrice),
  };
}
