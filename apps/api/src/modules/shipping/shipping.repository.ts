/** Drizzle queries of the shipping module. */
import type { SellerVatRegistration } from '@b2b/contract/vat-rules';
import type { Executor } from '@b2b/db';
import { shippingCountries, shippingMethodFees, shippingMethods, vatRates } from '@b2b/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { ShippingDestination } from './shipping-method-rules.ts';

export type ShippingCountryRow = { countryCode: string; name: string };

export async function findShippingCountries(db: Executor, areaId: string): Promise<ShippingCountryRow[]> {
  return db
    .select({ countryCode: shippingCountries.countryCode, name: shippingCountries.name })
    .from(shippingCountries)
    .where(eq(shippingCountries.areaId, areaId))
    .orderBy(asc(shippingCountries.name));
}

export type ShippingMethodRow = {
  id: string;
  name: string;
  description: string;
  /** The method's own country list; empty = every country of the area. */
  countryCodes: string[];
  sortOrder: number;
  feeMinor: number;
  freeAboveMinor: number | null;
};

/** The area's active methods that have a fee in the currency (every destination), in the shop's order. */
export async function findShippingMethodsPricedIn(
  db: Executor,
  input: { areaId: string; currencyCode: string },
): Promise<ShippingMethodRow[]> {
  const rows = await db
    .select({
      id: shippingMethods.id,
      name: shippingMethods.name,
      description: shippingMethods.description,
      countryCodes: shippingMethods.countryCodes,
      sortOrder: shippingMethods.sortOrder,
      feeMinor: shippingMethodFees.feeMinor,
      freeAboveMinor: shippingMethodFees.freeAboveMinor,
    })
    .from(shippingMethods)
    .innerJoin(
      shippingMethodFees,
      and(
        eq(shippingMethodFees.shippingMethodId, shippingMethods.id),
        eq(shippingMethodFees.currencyCode, input.currencyCode),
      ),
    )
    .where(and(eq(shippingMethods.areaId, input.areaId), eq(shippingMethods.isActive, true)))
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
  return rows.map((row) => ({
    ...row,
    feeMinor: Number(row.feeMinor),
    freeAboveMinor: row.freeAboveMinor === null ? null : Number(row.freeAboveMinor),
  }));
}

/**
 * What an area offers in a currency for one destination: its active methods that have a fee in the currency, and
 * whether the country is one of the area's shipping countries. Which of the methods ship there, in which order, is
 * decided by `shippingMethodsTo` (shipping-method-rules.ts), the one rule for every caller.
 */
export async function findShippingOffer(
  db: Executor,
  input: { areaId: string; currencyCode: string; countryCode: string },
): Promise<{ methods: ShippingMethodRow[]; destination: ShippingDestination }> {
  const [methods, areaCountries] = await Promise.all([
    findShippingMethodsPricedIn(db, input),
    db
      .select({ countryCode: shippingCountries.countryCode })
      .from(shippingCountries)
      .where(and(eq(shippingCountries.areaId, input.areaId), eq(shippingCountries.countryCode, input.countryCode))),
  ]);
  return { methods, destination: { countryCode: input.countryCode, isAreaCountry: areaCountries.length > 0 } };
}

/** The seller's VAT registration in the area (its country and rate); null when the area has no VAT row. */
export async function findSellerVatRegistration(db: Executor, areaId: string): Promise<SellerVatRegistration | null> {
  const [row] = await db
    .select({ countryCode: vatRates.countryCode, rateBasisPoints: vatRates.rateBasisPoints })
    .from(vatRates)
    .where(eq(vatRates.areaId, areaId));
  return row ?? null;
}
