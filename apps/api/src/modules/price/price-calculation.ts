/**
 * Pure price arithmetic: integer minor units in, major-unit amounts (exact to the cent) out. VAT comes from the
 * area's rate in basis points (2500 = 25 %) and is rounded half-up to the cent (half away from zero for
 * negative amounts). Prices are stored without VAT (spec §1: prices are shown excluding VAT).
 */
import type { Money } from '@b2b/contract';

/** All currencies the shop sells in (EUR, USD, NOK/XNOK) have two decimals. */
export const MINOR_UNITS_PER_MAJOR = 100;
const BASIS_POINTS_PER_UNIT = 10_000;

/** Divides a product by 10 000 rounding half away from zero, in exact integer arithmetic. */
function divideBasisPointsRounded(amountTimesRate: bigint): bigint {
  const divisor = BigInt(BASIS_POINTS_PER_UNIT);
  const half = divisor / 2n;
  return amountTimesRate >= 0n ? (amountTimesRate + half) / divisor : -((-amountTimesRate + half) / divisor);
}

/** VAT on `amountMinor` at `rateBasisPoints`, in minor units, rounded half-up to the cent. */
export function vatAmountMinor(amountMinor: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amountMinor must be a safe integer: ${amountMinor}`);
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`rateBasisPoints must be a non-negative integer: ${rateBasisPoints}`);
  }
  return Number(divideBasisPointsRounded(BigInt(amountMinor) * BigInt(rateBasisPoints)));
}

/** Minor units as a major-unit number: 1999 → 19.99 (the nearest double, which prints as the exact decimal). */
export function minorToMajor(amountMinor: number): number {
  return amountMinor / MINOR_UNITS_PER_MAJOR;
}

/** An amount without VAT as the contract's Money: with and without VAT, in major units. */
export function toMoney(amountWithoutVatMinor: number, rateBasisPoints: number): Money {
  return {
    priceWithVat: minorToMajor(amountWithoutVatMinor + vatAmountMinor(amountWithoutVatMinor, rateBasisPoints)),
    priceWithoutVat: minorToMajor(amountWithoutVatMinor),
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
