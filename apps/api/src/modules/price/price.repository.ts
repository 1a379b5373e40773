/** Drizzle queries of the price module. */
import type { Executor } from '@b2b/db';
import { priceLists, prices, productVariants, vatRates } from '@b2b/db/schema';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';

export type PriceListRow = {
  productId: string;
  /** Null for the list price, else the customer's price group. */
  priceGroupId: string | null;
  unitPriceMinor: number;
  beforePriceMinor: number | null;
  /** The VAT rate of the customer's area (null when the area has none). */
  vatRateBasisPoints: number | null;
};

/**
 * The list-price rows and the price group's rows of these products in one currency, in one query that uses
 * `prices_product_id_idx` (a dozen index probes, whatever the catalogue size), with the area's VAT rate alongside.
 */
export async function findPriceRows(
  db: Executor,
  input: { productIds: string[]; currencyCode: string; priceGroupId: string | null; areaId: string },
): Promise<PriceListRow[]> {
  const listScope = input.priceGroupId
    ? or(isNull(priceLists.priceGroupId), eq(priceLists.priceGroupId, input.priceGroupId))
    : isNull(priceLists.priceGroupId);
  return db
    .select({
      productId: prices.productId,
      priceGroupId: priceLists.priceGroupId,
      unitPriceMinor: prices.unitPriceMinor,
      beforePriceMinor: prices.beforePriceMinor,
      vatRateBasisPoints: sql<
        number | null
      >`(select ${vatRates.rateBasisPoints} from ${vatRates} where ${vatRates.areaId} = ${input.areaId})`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(prices)
    .innerJoin(priceLists, eq(priceLists.id, prices.priceListId))
    .where(
      and(inArray(prices.productId, input.productIds), eq(priceLists.currencyCode, input.currencyCode), listScope),
    );
}

/** variant id → its product id, for the variants that exist. */
export async function findVariantProductIds(db: Executor, variantIds: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((row) => [row.id, row.productId]));
}
