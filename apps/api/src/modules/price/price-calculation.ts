/**
 * Pure price arithmetic: integer minor units in, major-unit amounts (exact to the cent) out. VAT comes from the
 * customer's rate in basis points (2500 = 25 %; the contract's vat-rules decide it, ADR 018) and is rounded half up
 * to the cent. Prices are stored without VAT (spec §1: prices are shown excluding VAT).
 */
import type { Money, Vat } from '@b2b/contract';
import { type CustomerVat, type VatTreatment, vatAmountMinor, vatLabel, vatRatePercent } from '@b2b/contract/vat-rules';

/** All currencies the shop sells in (EUR, USD, NOK/XNOK) have two decimals. */
export const MINOR_UNITS_PER_MAJOR = 100;

/** Minor units as a major-unit number: 1999 → 19.99 (the nearest double, which prints as the exact decimal). */
export function minorToMajor(amountMinor: number): number {
  return amountMinor / MINOR_UNITS_PER_MAJOR;
}

/**
 * An amount without VAT as the contract's Money: with and without VAT (rounded on this amount alone), in major
 * units. For a price; a document's VAT is rounded once on its total (moneyOf with the VAT share).
 */
export function toMoney(amountWithoutVatMinor: number, rateBasisPoints: number): Money {
  return moneyOf(amountWithoutVatMinor, vatAmountMinor(amountWithoutVatMinor, rateBasisPoints));
}

/** An amount and its VAT, each in minor units as computed (stored), as the contract's Money. */
export function moneyOf(netMinor: number, vatMinor: number): Money {
  return { priceWithVat: minorToMajor(netMinor + vatMinor), priceWithoutVat: minorToMajor(netMinor) };
}

/** A customer's VAT (vat-rules' customerVatOf, or as an order stored it) as the contract shows it. */
export function toVat(vat: CustomerVat): Vat {
  return {
    treatment: vat.treatment,
    ratePercent: vatRatePercent(vat.rateBasisPoints),
    label: vatLabel(vat),
    note: vat.note,
    customerVatNumber: vat.customerVatNumber,
  };
}

/** The VAT an order or invoice stored when it was made (its columns), as the rule's CustomerVat. */
export function storedVatOf(row: {
  vatRateBasisPoints: number;
  vatTreatment: VatTreatment;
  vatNote: string | null;
  customerVatNumber: string | null;
}): CustomerVat {
  return {
    treatment: row.vatTreatment,
    rateBasisPoints: row.vatRateBasisPoints,
    note: row.vatNote,
    customerVatNumber: row.customerVatNumber,
  };
}

/** What the price lists hold for one product in one currency. */
export type ProductPriceRows = {
  /** The list price (price list without a price group), if any. */
  listUnitPriceMinor: number | null;
  listBeforePriceMinor: number | null;
  /** The customer's price group's price, if the group list has the product. */
  netUnitPriceMinor: number | null;
};

export type CalculatedPrice = {
  unitPrice: Money;
  netUnitPrice: Money;
  beforePrice: number | null;
};

/** The unit and net price in minor units, and whether the net price fell back to the list price. */
export type ResolvedUnitPrices = { unitMinor: number; netMinor: number; isNetFromListPrice: boolean };

/**
 * The one net-price rule (shared by GetPrices and the cart calculation): the net price is the price group's, falling
 * back to the list price; the unit price is the list price, falling back to the net price. Null when neither list
 * has the product.
 */
export function resolveUnitPricesMinor(rows: ProductPriceRows): ResolvedUnitPrices | null {
  const unitMinor = rows.listUnitPriceMinor ?? rows.netUnitPriceMinor;
  const netMinor = rows.netUnitPriceMinor ?? rows.listUnitPriceMinor;
  if (unitMinor === null || netMinor === null) return null;
  return { unitMinor, netMinor, isNetFromListPrice: rows.netUnitPriceMinor === null };
}

/**
 * The unit and net price of one product: the net price is the price group's, falling back to the list price; the
 * unit price is the list price, falling back to the net price. Null when neither list has the product.
 */
export function calculatePrice(rows: ProductPriceRows, vatRateBasisPoints: number): CalculatedPrice | null {
  const resolved = resolveUnitPricesMinor(rows);
  if (!resolved) return null;
  return {
    unitPrice: toMoney(resolved.unitMinor, vatRateBasisPoints),
    netUnitPrice: toMoney(resolved.netMinor, vatRateBasisPoints),
    beforePrice: rows.listBeforePriceMinor === null ? null : minorToMajor(rows.listBeforePriceMinor),
  };
}
