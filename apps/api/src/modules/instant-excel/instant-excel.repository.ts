/** Drizzle queries of the Instant Excel module: resolving item numbers, and the stored upload previews. */
import { type Executor, queryRows } from '@b2b/db';
import { instantExcelUploads, priceLists, prices, products, productVariants, stockLevels } from '@b2b/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

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
 * statement for any number of numbers: the numbers go in as one array parameter and meet the primary keys; stock and
 * prices are scalar subqueries on primary keys, as PGlite keeps no planner statistics (product.repository.ts).
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
      with matched as (
        select v.id as number, v.product_id, v.id as variant_id
          from ${productVariants} v
         where v.id = any(${numbers}::text[])
        union all
        select p.id, p.id,
               (select case when count(*) = 1 then min(v.id) end
                  from ${productVariants} v where v.product_id = p.id)
          from ${products} p
         where p.id = any(${numbers}::text[])
      )
      select m.number, m.product_id, m.variant_id,
             (select count(*) from ${productVariants} v where v.product_id = p.id) as variant_count,
             (select v.id from ${productVariants} v where v.product_id = p.id
               order by v.sort_order, v.id limit 1) as first_variant_id,
             p.name, mv.size, mv.colour, p.unit_of_measure, p.max_line_quantity,
             p.discontinued_at is not null as is_discontinued,
             case when m.variant_id is null then p.stock_level
                  else (select greatest(s.quantity_on_hand - s.quantity_reserved, 0)
                          from ${stockLevels} s where s.variant_id = m.variant_id) end as available,
             case when m.variant_id is null then p.new_stock_date
                  else (select s.new_stock_date from ${stockLevels} s where s.variant_id = m.variant_id) end
               as new_stock_date,
             (select pr.unit_price_minor from ${prices} pr join ${priceLists} pl on pl.id = pr.price_list_id
               where pr.product_id = p.id and pl.currency_code = ${input.currencyCode}
                 and pl.price_group_id is null) as list_minor,
             (select pr.unit_price_minor from ${prices} pr join ${priceLists} pl on pl.id = pr.price_list_id
               where pr.product_id = p.id and pl.currency_code = ${input.currencyCode}
                 and pl.price_group_id = ${input.priceGroupId}::text) as group_minor
        from matched m
        join ${products} p on p.id = m.product_id
        left join ${productVariants} mv on mv.id = m.variant_id`,
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

export async function insertUpload(
  db: Executor,
  values: typeof instantExcelUploads.$inferInsert,
): Promise<UploadRecord> {
  const [row] = await db.insert(instantExcelUploads).values(values).returning();
  if (!row) throw new Error('upload preview not stored');
  return row;
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
