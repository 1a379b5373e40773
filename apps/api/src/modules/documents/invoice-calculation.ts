/**
 * Pure invoice arithmetic (ADR 014): an order's lines become invoice lines, exact to the cent. Integer minor units
 * throughout; VAT is rounded per line at the order's rate (as the cart did), so the totals are the sums of what the
 * lines show and match the order's totals.
 */
import type { InvoiceLineType } from '@b2b/db/schema';
import { vatAmountMinor } from '../price/price-calculation.ts';

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
  netLinePriceMinor: number;
};

export type InvoiceSource = {
  lines: readonly InvoiceSourceLine[];
  shippingFeeMinor: number;
  shippingMethodName: string | null;
  vatRateBasisPoints: number;
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
  const rate = source.vatRateBasisPoints;
  const billed = source.lines.filter((line) => line.parentId === null);
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
    lineVatMinor: vatAmountMinor(line.netLinePriceMinor, rate),
    sortOrder: index + 1,
  }));
  if (source.shippingFeeMinor > 0) {
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
      lineVatMinor: vatAmountMinor(source.shippingFeeMinor, rate),
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
