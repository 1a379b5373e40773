/** Drizzle queries of the Instant Excel module: resolving item numbers, and the stored upload previews. */
import { type Executor, queryRows } from '@b2b/db';
import { instantExcelUploads, priceLists, prices, products, productVariants, stockLevels } from '@b2b/db/schema';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';

/** One catalogue match of a looked-up number: the variant it names, or the product it names. */
export type OrderLineMatchRow = {
  /** The number as looked up (one of the forms sent). */
  number: string;
  productId: string;
  /** The variant named, or the only variant of a product named by its number; null otherwise. */
  variantId: string | null;
  /** How many variants the product has. */
  variantCount: number;
  /** A variant of the product (first in display order), for "e.g." in a needs-variant message. */
  firstVariantId: string | null;
  name: string;
  size: string | null;
  colour: string | null;
  unitOfMeasure: string;
  maxLineQuantity: number | null;
  isDiscontinued: boolean;
  /** On hand − reserved of the variant (never below 0); the product's stock level without variants. */
  available: number;
  newStockDate: string | null;
  listUnitPriceMinor: number | null;
  groupUnitPriceMinor: number | null;
};

type RawMatchRow = {
  number: string;
  product_id: string;
  variant_id: string | null;
  variant_count: number | string;
  first_variant_id: string | null;
  name: string;
  size: string | null;
  colour: string | null;
  unit_of_measure: string;
  max_line_quantity: number | null;
  is_discontinued: boolean;
  available: number | string | null;
  new_stock_date: string | null;
  list_minor: number | string | null;
  group_minor: number | string | null;
};

function toNumberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * Every product and variant whose number is one of `numbers`, with what an order line needs: the variant (a product
 * sold in one variant brings that one), stock, line limit and the list and group price in the currency. ONE
 * statement for any number of numbers: the numbers go in as one array parameter, unnested and joined to the primary
 * keys; product and both prices are lateral lookups once per product, stock once per variant, one index probe each,
 * as PGlite keeps no planner statistics and would otherwise scan whole tables (product.repository.ts).
 */
export async function findOrderLineMatches(
  db: Executor,
  input: { numbers: string[]; currencyCode: string; priceGroupId: string | null },
): Promise<OrderLineMatchRow[]> {
  if (input.numbers.length === 0) return [];
  const numbers = sql.param(input.numbers);
  const rows = await queryRows<RawMatchRow>(
    db,
    sql`
      -- "distinct" also leaves the planner a small row estimate, so it probes the indexes row by row (with the true
      -- count it merges whole primary-key indexes: several times slower on PGlite)
      with wanted as (select distinct number from unnest(${numbers}::text[]) as wanted(number)),
      lists as materialized (
        select id, price_group_id from ${priceLists}
         where currency_code = ${input.currencyCode}
           and (price_group_id is null or price_group_id = ${input.priceGroupId}::text)
      ),
      matched as (
        select w.number, v.product_id, v.id as variant_id, v.size, v.colour,
               1::bigint as variant_count, null::text as first_variant_id
          from wanted w join ${productVariants} v on v.id = w.number
        union all
        -- a product number: its variants' count and first variant (the only one, when it has one)
        select w.number, w.number, case when first.variant_count = 1 then first.id end,
               case when first.variant_count = 1 then first.size end,
               case when first.variant_count = 1 then first.colour end,
               coalesce(first.variant_count, 0), first.id
          from wanted w
          join ${products} pw on pw.id = w.number
          left join lateral (
            select v.id, v.size, v.colour, count(*) over () as variant_count
              from ${productVariants} v where v.product_id = pw.id
             order by v.sort_order, v.id limit 1
          ) first on true
      ),
      -- what belongs to the product (name, limits, prices) is read once per product, not once per variant asked for
      product_facts as materialized (
        select d.product_id, p.name, p.unit_of_measure, p.max_line_quantity, p.is_discontinued, p.stock_level,
               p.new_stock_date, price.list_minor, price.group_minor
          from (select distinct product_id from matched) d
          cross join lateral (
            select name, unit_of_measure, max_line_quantity, discontinued_at is not null as is_discontinued,
                   stock_level, new_stock_date
              from ${products} where id = d.product_id
          ) p
          left join lateral (
            -- the currency's list price and the customer's group price: a primary-key probe in each of the (at
            -- most two) price lists, not every price row of the product in every currency
            select min(pr.unit_price_minor) filter (where pl.price_group_id is null) as list_minor,
                   min(pr.unit_price_minor) filter (where pl.price_group_id is not null) as group_minor
              from lists pl join ${prices} pr on pr.price_list_id = pl.id and pr.product_id = d.product_id
          ) price on true
      )
      select m.number, m.product_id, m.variant_id, m.variant_count, m.first_variant_id,
             p.name, m.size, m.colour, p.unit_of_measure, p.max_line_quantity, p.is_discontinued,
             case when m.variant_id is null then p.stock_level else stock.available end as available,
             case when m.variant_id is null then p.new_stock_date else stock.new_stock_date end as new_stock_date,
             p.list_minor, p.group_minor
        from matched m
        join product_facts p on p.product_id = m.product_id
        left join lateral (
          select greatest(s.quantity_on_hand - s.quantity_reserved, 0) as available, s.new_stock_date
            from ${stockLevels} s where s.variant_id = m.variant_id
        ) stock on true`,
  );
  return rows.map((row) => ({
    number: row.number,
    productId: row.product_id,
    variantId: row.variant_id,
    variantCount: Number(row.variant_count),
    firstVariantId: row.first_variant_id,
    name: row.name,
    size: row.size,
    colour: row.colour,
    unitOfMeasure: row.unit_of_measure,
    maxLineQuantity: row.max_line_quantity,
    isDiscontinued: row.is_discontinued,
    available: toNumberOrNull(row.available) ?? 0,
    newStockDate: row.new_stock_date,
    listUnitPriceMinor: toNumberOrNull(row.list_minor),
    groupUnitPriceMinor: toNumberOrNull(row.group_minor),
  }));
}

export type UploadRecord = typeof instantExcelUploads.$inferSelect;

/**
 * Stores a preview; answers its id and time only (returning the rows would send the whole preview back from the
 * database and parse it again: a fifth of a 5,000-row upload's time).
 */
export async function insertUpload(
  db: Executor,
  values: typeof instantExcelUploads.$inferInsert,
): Promise<Pick<UploadRecord, 'id' | 'createdAt'>> {
  const [row] = await db
    .insert(instantExcelUploads)
    .values(values)
    .returning({ id: instantExcelUploads.id, createdAt: instantExcelUploads.createdAt });
  if (!row) throw new Error('upload preview not stored');
  return row;
}

/**
 * Deletes the customer's previews created before `createdBefore` (past their lifetime: ApplyUpload refuses them
 * anyway), so previews do not pile up; through the customer's (customer_id, created_at) index.
 */
export async function deleteExpiredUploads(
  db: Executor,
  scope: { customerId: string; createdBefore: Date },
): Promise<void> {
  await db
    .delete(instantExcelUploads)
    .where(
      and(eq(instantExcelUploads.customerId, scope.customerId), lt(instantExcelUploads.createdAt, scope.createdBefore)),
    );
}

/** The customer's upload created after `createdAfter`; undefined for another customer's or an older one. */
export async function findUpload(
  db: Executor,
  scope: { uploadId: string; customerId: string; createdAfter: Date },
): Promise<UploadRecord | undefined> {
  const [row] = await db
    .select()
    .from(instantExcelUploads)
    .where(
      and(
        eq(instantExcelUploads.id, scope.uploadId),
        eq(instantExcelUploads.customerId, scope.customerId),
        gt(instantExcelUploads.createdAt, scope.createdAfter),
      ),
    );
  return row;
}

/**
 * Marks the upload applied, only if it is not yet: the guard of "applied once". Run in the transaction that changes
 * the cart: a concurrent apply waits for this row's lock and then finds it applied (false), so it changes nothing.
 */
export async function markUploadApplied(
  db: Executor,
  scope: { uploadId: string; customerId: string },
): Promise<Date | null> {
  const [row] = await db
    .update(instantExcelUploads)
    .set({ appliedAt: sql`now()` })
    .where(
      and(
        eq(instantExcelUploads.id, scope.uploadId),
        eq(instantExcelUploads.customerId, scope.customerId),
        isNull(instantExcelUploads.appliedAt),
      ),
    )
    .returning({ appliedAt: instantExcelUploads.appliedAt });
  return row?.appliedAt ?? null;
}

/** Stores what the apply answered, for a retry of the same upload. */
export async function saveAppliedResult(
  db: Executor,
  scope: { uploadId: string; customerId: string },
  result: Record<string, unknown>,
): Promise<void> {
  await db
    .update(instantExcelUploads)
    .set({ appliedResult: result })
    .where(and(eq(instantExcelUploads.id, scope.uploadId), eq(instantExcelUploads.customerId, scope.customerId)));
}
