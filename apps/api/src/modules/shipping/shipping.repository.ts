/** Drizzle queries of the shipping module. */
import type { Executor } from '@b2b/db';
import { shippingCountries, shippingMethodFees, shippingMethods, vatRates } from '@b2b/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';

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
  feeMinor: number;
  freeAboveMinor: number | null;
};

/**
 * The active methods of an area that ship to the country (the country must be one of the area's shipping
 * countries, and in the method's list unless that is empty) and have a fee in the currency; cheapest first.
 */
export async function findShippingMethods(
  db: Executor,
  input: { areaId: string; countryCode: string; currencyCode: string },
): Promise<ShippingMethodRow[]> {
  const rows = await db
    .select({
      id: shippingMethods.id,
      name: shippingMethods.name,
      description: shippingMethods.description,
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
    .innerJoin(
      shippingCountries,
      and(eq(shippingCountries.areaId, shippingMethods.areaId), eq(shippingCountries.countryCode, input.countryCode)),
    )
    .where(
      and(
        eq(shippingMethods.areaId, input.areaId),
        eq(shippingMethods.isActive, true),
        sql`(cardinality(${shippingMethods.countryCodes}) = 0 or ${input.countryCode} = any(${shippingMethods.countryCodes}))`,
      ),
    )
    .orderBy(asc(shippingMethodFees.feeMinor), asc(shippingMethods.sortOrder), asc(shippingMethods.id));
  return rows.map((row) => ({
    ...row,
    feeMinor: Number(row.feeMinor),
    freeAboveMinor: row.freeAboveMinor === null ? null : Number(row.freeAboveMinor),
  }));
}

export async function findVatRate(db: Executor, areaId: string): Promise<number | null> {
  const [row] = await db
    .select({ rateBasisPoints: vatRates.rateBasisPoints })
    .from(vatRates)
    .where(eq(vatRates.areaId, areaId));
  return row?.rateBasisPoints ?? null;
}
