/**
 * The totals of a calculated cart or a placed order as a reader checks them (issue 11): each figure follows from
 * the ones above it. Subtotal (list prices) − discounts (the price agreement: list − net; campaigns: what they took
 * off the net prices) + surcharges (generated
 * lines) + freight = total excl. VAT; + VAT (at the customer's rate, labelled with it) = total incl. VAT. Computed in
 * minor units, so the rows add up to the cent whatever the floating point of the major-unit amounts. Browser-safe and framework-free (unit-tested).
 */
import type { CampaignQuantity, Money, Vat } from '@b2b/contract';

/**
 * The VAT the API decided for a cart or an order (ADR 018): the VAT row's label (`VAT 25 %`,
 * `VAT 0 % — reverse charge`), the note that states why, and the customer's VAT number.
 */
export type TotalsVat = Pick<Vat, 'treatment' | 'label' | 'note' | 'customerVatNumber'>;

/** What CalculateCart answers for a cart and an order keeps when placed: the same fields. */
export type TotalsSource = {
  currencyCode: string;
  lines: ReadonlyArray<{
    id: string;
    type: string;
    parentId: string | null;
    name: string;
    linePrice: Money | null;
    netLinePrice: Money | null;
    /** What a campaign took off the line (issue 27); absent or null: none. */
    campaign?: { discount: number } | null;
  }>;
  shippingFee: Money;
  totalPrice: Money;
  vat: TotalsVat;
};

export type TotalsContext = {
  /** The customer's price group (GetUser's customer.priceGroup), named in the discount's label; '' when none. */
  priceGroup: string;
  /** The shipping method's name, shown with the freight. */
  shippingName: string | null;
};

export type TotalsRowKind =
  | 'subtotal'
  | 'discount'
  | 'campaign-discount'
  | 'surcharge'
  | 'freight'
  | 'total-excl-vat'
  | 'vat'
  | 'total';

export type TotalsRow = {
  kind: TotalsRowKind;
  /** Stable key (a surcharge line's id for surcharges). */
  key: string;
  label: string;
  /** Major units; a discount is negative (it is subtracted). */
  amount: number;
  /** A sum row (drawn with a rule above it). */
  isSum: boolean;
};

export type OrderTotals = {
  currencyCode: string;
  rows: TotalsRow[];
  /** The freight figure (major units, excl. VAT): the same on cart, checkout and receipt. */
  freight: number;
  /** The VAT's treatment, note and VAT number, shown under the totals. */
  vat: TotalsVat;
};

const toMinor = (amount: number) => Math.round(amount * 100);
const toMajor = (minor: number) => minor / 100;

/** The discount's label: what it is — the customer's price agreement against the list prices. */
export function discountLabel(priceGroup: string): string {
  return priceGroup ? `Your price agreement (group ${priceGroup})` : 'Your price agreement';
}

/**
 * The campaign on a line as CalculateCart answers it (its current level, if reached) or as a placed order kept it
 * (the level that priced it).
 */
type LineCampaign =
  | { name: string; discount: number; currentLevel: CampaignQuantity | null }
  | { name: string; discount: number; level: CampaignQuantity };

/**
 * The short note under a line's name that says which campaign priced it: "Summer mix & match −10 %". Null when no
 * campaign level applies (a campaign not reached yet is the price explainer's to tell, not a price).
 */
export function campaignNote(campaign: LineCampaign | null | undefined): string | null {
  if (!campaign) return null;
  const level = 'level' in campaign ? campaign.level : campaign.currentLevel;
  if (!level) return null;
  // A no-break space keeps "−10 %" on one line.
  return `${campaign.name} −${level.discountPercentage}\u00a0%`;
}

function summaryCampaign(campaign: LineCampaign | null): SummaryLine['campaign'] {
  const note = campaignNote(campaign);
  return campaign && note ? { note, discount: campaign.discount } : null;
}

/** Any line that CalculateCart prices (a calculated cart's line or a placed order's: the same shape). */
type PricedLine = {
  id: string;
  type: string;
  parentId: string | null;
  name: string;
  quantity: number;
  isBackorder: boolean;
  productKey: { productId: string; variantId?: string | null | undefined };
  netUnitPrice: Money;
  netLinePrice: Money;
  linePrice: Money;
  campaign: LineCampaign | null;
};

/** A line's figures as the cart page shows them: the net amount, quantity × net unit price, the list amount. */
export type LineFigures = {
  quantity: number;
  netLineAmount: number;
  netUnitAmount: number;
  /** The list amount: what the line adds to the subtotal (list prices); the discount row takes off the rest. */
  listLineAmount: number;
  /** The price agreement lowers this line: the list amount is shown struck through beside the net one. */
  hasDiscount: boolean;
};

export function lineFigures(
  line: Pick<PricedLine, 'quantity' | 'netUnitPrice' | 'netLinePrice' | 'linePrice'>,
): LineFigures {
  return {
    quantity: line.quantity,
    netLineAmount: line.netLinePrice.priceWithoutVat,
    netUnitAmount: line.netUnitPrice.priceWithoutVat,
    listLineAmount: line.linePrice.priceWithoutVat,
    hasDiscount: toMinor(line.linePrice.priceWithoutVat) > toMinor(line.netLinePrice.priceWithoutVat),
  };
}

export type SummaryLine = {
  id: string;
  name: string;
  itemNumber: string;
  isSubLine: boolean;
  isBackorder: boolean;
  /** The campaign and level that priced the line (campaignNote) and what it took off; null: none. */
  campaign: { note: string; discount: number } | null;
  figures: LineFigures;
};

/**
 * The lines of an order summary (checkout, receipt, order page) as the cart page lists them: products and their
 * parts, each with its list amount, so the top-level lines' list amounts add up to the subtotal row. Generated lines
 * (surcharges) are left out: the totals show each as its own row, and listing them twice would not add up.
 */
export function toSummaryLines(lines: readonly PricedLine[]): SummaryLine[] {
  return lines
    .filter((line) => line.type !== 'Generated')
    .map((line) => ({
      id: line.id,
      name: line.name,
      itemNumber: line.productKey.variantId ?? line.productKey.productId,
      isSubLine: line.parentId !== null,
      isBackorder: line.isBackorder,
      campaign: summaryCampaign(line.campaign),
      figures: lineFigures(line),
    }));
}

/**
 * spec §4 Cart: "Total price is treated as zero when priceWithVat equals 0". The API adds VAT to the total excl. VAT,
 * so a zero total incl. VAT means nothing is payable: both totals then read 0, whatever residue the other holds.
 */
export function payableTotal(totalPrice: Money): Money {
  return totalPrice.priceWithVat === 0 ? { priceWithVat: 0, priceWithoutVat: 0 } : totalPrice;
}

export function orderTotals(source: TotalsSource, context: TotalsContext): OrderTotals {
  const productLines = source.lines.filter((line) => line.type !== 'Generated' && line.parentId === null);
  const surchargeLines = source.lines.filter((line) => line.type === 'Generated');
  const subtotalMinor = productLines.reduce((sum, line) => sum + toMinor(line.linePrice?.priceWithoutVat ?? 0), 0);
  const goodsNetMinor = productLines.reduce((sum, line) => sum + toMinor(line.netLinePrice?.priceWithoutVat ?? 0), 0);
  const discountMinor = subtotalMinor - goodsNetMinor;
  // The campaigns' part of it has a row of its own; the price agreement's is the rest (issue 27).
  const campaignMinor = productLines.reduce((sum, line) => sum + toMinor(line.campaign?.discount ?? 0), 0);
  const agreementMinor = discountMinor - campaignMinor;
  const freightMinor = toMinor(source.shippingFee.priceWithoutVat);
  const totalPrice = payableTotal(source.totalPrice);
  const totalExclVatMinor = toMinor(totalPrice.priceWithoutVat);
  const totalMinor = toMinor(totalPrice.priceWithVat);

  const rows: TotalsRow[] = [
    {
      kind: 'subtotal',
      key: 'subtotal',
      label: 'Subtotal (list prices)',
      amount: toMajor(subtotalMinor),
      isSum: false,
    },
  ];
  if (agreementMinor !== 0) {
    rows.push({
      kind: 'discount',
      key: 'discount',
      label: discountLabel(context.priceGroup),
      amount: toMajor(-agreementMinor),
      isSum: false,
    });
  }
  if (campaignMinor !== 0) {
    rows.push({
      kind: 'campaign-discount',
      key: 'campaign-discount',
      label: 'Campaign discounts',
      amount: toMajor(-campaignMinor),
      isSum: false,
    });
  }
  for (const line of surchargeLines) {
    rows.push({
      kind: 'surcharge',
      key: line.id,
      label: line.name,
      amount: line.netLinePrice?.priceWithoutVat ?? 0,
      isSum: false,
    });
  }
  rows.push({
    kind: 'freight',
    key: 'freight',
    label: context.shippingName ? `Freight (${context.shippingName})` : 'Freight',
    amount: toMajor(freightMinor),
    isSum: false,
  });
  rows.push({
    kind: 'total-excl-vat',
    key: 'total-excl-vat',
    label: 'Total excl. VAT',
    amount: toMajor(totalExclVatMinor),
    isSum: true,
  });
  rows.push({
    kind: 'vat',
    key: 'vat',
    label: source.vat.label,
    amount: toMajor(totalMinor - totalExclVatMinor),
    isSum: false,
  });
  rows.push({ kind: 'total', key: 'total', label: 'Total incl. VAT', amount: toMajor(totalMinor), isSum: true });

  return { currencyCode: source.currencyCode, rows, freight: toMajor(freightMinor), vat: source.vat };
}
