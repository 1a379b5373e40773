/**
 * Pure invoice arithmetic (ADR 014, ADR 018): an order's lines become invoice lines, exact to the cent. Integer minor
 * units throughout. The invoice bills the order as placed: each line keeps its share of the order's VAT (computed once
 * on the order's total at its rate), the shipping fee what the lines leave of it, so the invoice's totals are the sums
 * of its lines and equal the order's totals, also for an order placed under an earlier rule.
 */
import type { InvoiceLineType, StoredPricedCampaign } from '@b2b/db/schema';

/** What the calculation needs of an order line. */
export type InvoiceSourceLine = {
  id: string;
  /** 'Product' | 'Generated' (the small-order surcharge). */
  type: string;
  /** Set for a bundle's components: priced in their bundle line, so not billed apart. */
  parentId: string | null;
  productId: string | null;
  variantId: string | null;
  unitOfMeasure: string | null;
  name: string;
  quantity: number;
  netUnitPriceMinor: number;
  /** After the campaign's discount. */
  netLinePriceMinor: number;
  /** The campaign and level that priced the line when the order was placed; null: none (issue 27). */
  campaign: StoredPricedCampaign | null;
  /** What that campaign took off the line; 0 without one. */
  campaignDiscountMinor: number;
  /** The line's share of the order's VAT (0 for a bundle's components). */
  vatMinor: number;
};

export type InvoiceSource = {
  lines: readonly InvoiceSourceLine[];
  shippingFeeMinor: number;
  shippingMethodName: string | null;
  /** The order's VAT: the shipping fee's share is what its lines leave of it. */
  totalVatMinor: number;
};

export type InvoiceLineDraft = {
  orderLineId: string | null;
  type: InvoiceLineType;
  productId: string | null;
  variantId: string | null;
  unitOfMeasure: string | null;
  name: string;
  quantity: number;
  unitNetMinor: number;
  lineNetMinor: number;
  lineVatMinor: number;
  /** Copied from the order line: the invoice names the campaign and level as the order kept them. */
  campaign: StoredPricedCampaign | null;
  campaignDiscountMinor: number;
  sortOrder: number;
};

export type InvoiceTotals = { totalNetMinor: number; totalVatMinor: number; totalWithVatMinor: number };

export function sumInvoiceLines(lines: ReadonlyArray<{ lineNetMinor: number; lineVatMinor: number }>): InvoiceTotals {
  const totalNetMinor = lines.reduce((sum, line) => sum + line.lineNetMinor, 0);
  const totalVatMinor = lines.reduce((sum, line) => sum + line.lineVatMinor, 0);
  return { totalNetMinor, totalVatMinor, totalWithVatMinor: totalNetMinor + totalVatMinor };
}

/** The invoice of an order: its top-level lines in order, then the shipping fee (when there is one). */
export function calculateInvoice(source: InvoiceSource): { lines: InvoiceLineDraft[] } & InvoiceTotals {
  const billed = source.lines.filter((line) => line.parentId === null);
  const linesVatMinor = source.lines.reduce((sum, line) => sum + line.vatMinor, 0);
  const lines: InvoiceLineDraft[] = billed.map((line, index) => ({
    orderLineId: line.id,
    type: line.type === 'Generated' ? 'Generated' : 'Product',
    productId: line.productId,
    variantId: line.variantId,
    unitOfMeasure: line.unitOfMeasure,
    name: line.name,
    quantity: line.quantity,
    unitNetMinor: line.netUnitPriceMinor,
    lineNetMinor: line.netLinePriceMinor,
    lineVatMinor: line.vatMinor,
    campaign: line.campaign,
    campaignDiscountMinor: line.campaignDiscountMinor,
    sortOrder: index + 1,
  }));
  const shippingVatMinor = source.totalVatMinor - linesVatMinor;
  // A fee of 0 has no VAT share; the line appears anyway if the order says otherwise, so the totals stay the order's.
  if (source.shippingFeeMinor > 0 || shippingVatMinor !== 0) {
    lines.push({
      orderLineId: null,
      type: 'ShippingFee',
      productId: null,
      variantId: null,
      unitOfMeasure: null,
      name: source.shippingMethodName ? `Shipping: ${source.shippingMethodName}` : 'Shipping',
      quantity: 1,
      unitNetMinor: source.shippingFeeMinor,
      lineNetMinor: source.shippingFeeMinor,
      lineVatMinor: shippingVatMinor,
      campaign: null,
      campaignDiscountMinor: 0,
      sortOrder: lines.length + 1,
    });
  }
  return { lines, ...sumInvoiceLines(lines) };
}

/** `date` (yyyy-mm-dd) plus `days` calendar days, in UTC (a due date never shifts with daylight saving). */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${date}`);
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}
