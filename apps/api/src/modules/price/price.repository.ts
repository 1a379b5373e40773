/** Drizzle queries of the price module. */
import type { SellerVatRegistration } from '@b2b/contract/vat-rules';
import { type Executor, queryRows } from '@b2b/db';
import { priceLists, prices, productVariants, vatRates } from '@b2b/db/schema';
import { sql } from 'drizzle-orm';

export type PriceLookupRow =
  | {
      kind: 'price';
      productId: string;
      /** Null for the list price, else the customer's price group. */
      priceGroupId: string | null;
      unitPriceMinor: number;
      beforePriceMinor: number | null;
    }
  | { kind: 'variant'; variantId: string; productId: string }
  | { kind: 'vat'; registration: SellerVatRegistration };

type RawRow = {
  kind: 'price' | 'variant' | 'vat';
  product_id: string | null;
  /** The VAT row: the seller's country. */
  variant_id: string | null;
  price_group_id: string | null;
  /** node-postgres returns bigint as a string, PGlite as a number. The VAT row: the seller's rate. */
  amount_minor: number | string | null;
  before_minor: number | string | null;
};

function toNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * Everything GetPrices needs, in one round trip: the list-price and price-group rows of the products in one
 * currency, the product of each named variant, and the seller's VAT registration in the area (country and rate). Uses `prices_product_id_idx` and primary
 * keys: a few dozen index probes whatever the catalogue size. Arrays go in as single parameters so the statement
 * text is the same for every batch.
 */
export async function findPriceLookupRows(
  db: Executor,
  input: {
    productIds: string[];
    variantIds: string[];
    currencyCode: string;
    priceGroupId: string | null;
    areaId: string;
  },
): Promise<PriceLookupRow[]> {
  const rows = await queryRows<RawRow>(
    db,
    sql`
      select 'price' as kind, ${prices.productId} as product_id, null::text as variant_id,
             ${priceLists.priceGroupId} as price_group_id, ${prices.unitPriceMinor} as amount_minor,
             ${prices.beforePriceMinor} as before_minor
        from ${prices}
        join ${priceLists} on ${priceLists.id} = ${prices.priceListId}
       where ${prices.productId} = any(${sql.param(input.productIds)}::text[])
         and ${priceLists.currencyCode} = ${input.currencyCode}
         and (${priceLists.priceGroupId} is null or ${priceLists.priceGroupId} = ${input.priceGroupId}::text)
      union all
      select 'variant', ${productVariants.productId}, ${productVariants.id}, null, null, null
        from ${productVariants}
       where ${productVariants.id} = any(${sql.param(input.variantIds)}::text[])
      union all
      select 'vat', null, ${vatRates.countryCode}, null, ${vatRates.rateBasisPoints}, null
        from ${vatRates}
       where ${vatRates.areaId} = ${input.areaId}`,
  );
  return rows.map((row): PriceLookupRow => {
    if (row.kind === 'variant')
      return { kind: 'variant', variantId: row.variant_id ?? '', productId: row.product_id ?? '' };
    if (row.kind === 'vat') {
      return {
        kind: 'vat',
        registration: { countryCode: row.variant_id ?? '', rateBasisPoints: toNumber(row.amount_minor) ?? 0 },
      };
    }
    return {
      kind: 'price',
      productId: row.product_id ?? '',
      priceGroupId: row.price_group_id,
      unitPriceMinor: toNumber(row.amount_minor) ?? 0,
      beforePriceMinor: toNumber(row.before_minor),
    };
  });
}
