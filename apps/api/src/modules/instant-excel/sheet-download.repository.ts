/** Drizzle queries of the order sheet's download (ADR 028): the scope's products page by page, and what it needs. */
import { type Executor, queryRows } from '@b2b/db';
import {
  brands,
  categories,
  customers,
  orderLines,
  orders,
  products,
  productVariants,
  stockLevels,
} from '@b2b/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';

/** Which products a sheet reads: every product still sold, narrowed by any of these. */
export type SheetProductFilter = {
  categoryIds?: readonly string[];
  brandId?: string;
  productIds?: readonly string[];
};

function filterCondition(filter: SheetProductFilter): SQL {
  const conditions: SQL[] = [sql`${products.discontinuedAt} is null`];
  if (filter.categoryIds) conditions.push(sql`${products.categoryId} = any(${sql.param(filter.categoryIds)}::text[])`);
  if (filter.brandId !== undefined) conditions.push(sql`${products.brandId} = ${filter.brandId}`);
  if (filter.productIds) conditions.push(sql`${products.id} = any(${sql.param(filter.productIds)}::text[])`);
  return sql.join(conditions, sql` and `);
}

/** The category's name and the ids of it and every category below it; null when there is no such category. */
export async function findCategoryTree(
  db: Executor,
  categoryId: string,
): Promise<{ name: string; categoryIds: string[] } | null> {
  const found = await queryRows<{ id: string; name: string; depth: number }>(
    db,
    sql`with recursive tree as (
          select ${categories.id} as id, ${categories.name} as name, 0 as depth
            from ${categories} where ${categories.id} = ${categoryId}
          union all
          select c.id, c.name, tree.depth + 1
            from ${categories} c join tree on c.parent_id = tree.id)
        select id, name, depth from tree`,
  );
  const root = found.find((row) => row.depth === 0);
  return root ? { name: root.name, categoryIds: found.map((row) => row.id) } : null;
}

export async function findBrandName(db: Executor, brandId: string): Promise<string | null> {
  const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  return row?.name ?? null;
}

/** The name and number the sheet's title row shows. */
export async function findCustomerTitle(
  db: Executor,
  customerId: string,
): Promise<{ name: string; customerNumber: string } | null> {
  const [row] = await db
    .select({ name: customers.name, customerNumber: customers.customerNumber })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** How many rows the filter's products give at most (their variants; one for a product without). */
export async function countSheetRows(db: Executor, filter: SheetProductFilter): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
          from ${products}
          left join ${productVariants} v on v.product_id = ${products.id}
         where ${filterCondition(filter)}`,
  );
  return row?.count ?? 0;
}

export type SheetVariantRow = {
  productId: string;
  variantId: string | null;
  name: string;
  brand: string;
  size: string | null;
  colour: string | null;
  availableQuantity: number;
  /** yyyy-mm-dd */
  newStockDate: string | null;
};

/**
 * The next page of the filter's products after `afterProductId` (item number order, at most `productLimit`
 * products), one row per variant in the variants' order, with brand and stock. Keyset paging on the products' key:
 * each page is an index range, however deep into the catalogue, and no cursor or transaction stays open while the
 * sheet is written.
 */
export async function findSheetPage(
  db: Executor,
  input: { filter: SheetProductFilter; afterProductId: string; productLimit: number },
): Promise<SheetVariantRow[]> {
  return queryRows<SheetVariantRow>(
    db,
    sql`with page as (
          select ${products.id} as id, ${products.name} as name, ${products.brandId} as brand_id,
                 ${products.stockLevel} as stock_level, ${products.newStockDate} as new_stock_date
            from ${products}
           where ${filterCondition(input.filter)} and ${products.id} > ${input.afterProductId}
           order by ${products.id}
           limit ${input.productLimit})
        select page.id as "productId", v.id as "variantId", page.name as name, b.name as brand,
               v.size as size, v.colour as colour,
               (case when v.id is null then greatest(page.stock_level, 0)
                     else greatest(coalesce(s.quantity_on_hand, 0) - coalesce(s.quantity_reserved, 0), 0)
                end)::int as "availableQuantity",
               (case when v.id is null then page.new_stock_date else s.new_stock_date end)::text as "newStockDate"
          from page
          join ${brands} b on b.id = page.brand_id
          left join ${productVariants} v on v.product_id = page.id
          left join ${stockLevels} s on s.variant_id = v.id
         order by page.id, v.sort_order, v.id`,
  );
}

export type LastOrderRow = {
  productId: string;
  variantId: string | null;
  /** yyyy-mm-dd (UTC) */
  orderedOn: string;
  /** What that order held of the variant. */
  quantity: number;
};

/**
 * Per variant the customer ordered (of the filter's products, since `since` when given): its latest order that was
 * not cancelled (top-level product lines; a cart, and so an order, holds one line per variant), the day and the
 * quantity. One pass over the customer's order lines for the whole sheet, grouped by hashing: asked per page, the
 * same lines were read again for every page, and `distinct on` sorted them all.
 */
export async function findLastOrders(
  db: Executor,
  input: { customerId: string; filter: SheetProductFilter /** yyyy-mm-dd, a day of UTC */; since?: string },
): Promise<LastOrderRow[]> {
  const isWholeCatalogue = !input.filter.productIds && !input.filter.categoryIds && input.filter.brandId === undefined;
  const found = await queryRows<{
    productId: string;
    variantId: string | null;
    orderedAtSeconds: number;
    quantity: number;
  }>(
    db,
    sql`select product_id as "productId", variant_id as "variantId",
               latest[1]::float8 as "orderedAtSeconds", latest[2]::int as quantity
          from (select l.product_id, l.variant_id,
                       max(array[extract(epoch from o.created_at)::bigint, l.quantity::bigint]) as latest
                  from ${orderLines} l
                  join ${orders} o on o.id = l.order_id
                 where o.customer_id = ${input.customerId} and o.status <> 'Cancelled'
                   and l.parent_id is null and l.type = 'Product' and l.product_id is not null
                   ${input.since === undefined ? sql`` : sql`and o.created_at >= ${`${input.since}T00:00:00Z`}::timestamptz`}
                   ${
                     isWholeCatalogue
                       ? sql``
                       : sql`and l.product_id in (select ${products.id} from ${products} where ${filterCondition(input.filter)})`
                   }
                 group by l.product_id, l.variant_id) as last_orders`,
  );
  return found.map((row) => ({
    productId: row.productId,
    variantId: row.variantId,
    orderedOn: new Date(row.orderedAtSeconds * 1000).toISOString().slice(0, 10),
    quantity: row.quantity,
  }));
}
