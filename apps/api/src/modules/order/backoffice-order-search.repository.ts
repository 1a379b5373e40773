/**
 * Drizzle queries of the back office's order search (issue 28): every customer's orders, filtered, sorted and paged.
 *
 * The query text holds only the filters given (no `(parameter is null or …)`), so the planner sees each one and picks
 * its index: newest first reads orders_created_at_idx backwards and stops at the page; a state reads
 * orders_status_created_at_idx; a customer reads orders_customer_id_created_at_idx for the few customers whose number
 * or name match (looked up first); a number prefix is a range on orders_order_number_idx; a total (sort or range) reads
 * orders_total_with_vat_created_at_idx. The invoice flag and the customer's name are looked up for the page's rows
 * only, and the count stops after the limit (BACKOFFICE_ORDER_COUNT_LIMIT).
 */
import { ORDER_STATUSES, type OrderStatus } from '@b2b/contract';
import { type Executor, queryRows } from '@b2b/db';
import { customers, invoices, orders, users } from '@b2b/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';

export type OrderSearchFilters = {
  /** The normalised beginning of the order number, e.g. `SO-0001`. */
  orderNumberPrefix?: string | undefined;
  /** The first order number after every one with the prefix (`SO-0002` for `SO-0001`); none when it has no end. */
  orderNumberPrefixEnd?: string | undefined;
  /** The customers whose number or name hold the text staff typed (findCustomerIdsMatching). */
  customerIds?: readonly string[] | undefined;
  states?: readonly OrderStatus[] | undefined;
  /** yyyy-mm-dd, inclusive, UTC days. */
  placedFrom?: string | undefined;
  placedTo?: string | undefined;
  totalMinMinor?: number | undefined;
  totalMaxMinor?: number | undefined;
  currencyCode?: string | undefined;
  areaId?: string | undefined;
};

export type OrderSearchSort = {
  by: 'placedAt' | 'orderNumber' | 'customer' | 'total' | 'state';
  direction: 'asc' | 'desc';
};

export type OrderSearchRow = {
  id: string;
  orderNumber: string;
  customerNumber: string;
  customerName: string;
  areaId: string;
  createdAt: Date | string;
  status: string;
  currencyCode: string;
  totalWithVatMinor: number;
  isPlacedByRep: boolean;
  isInvoiced: boolean;
};

function conditionsOf(filters: OrderSearchFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.orderNumberPrefix) {
    // LIKE keeps the match exact; the range lets the unique index on the number find the rows (LIKE alone cannot
    // under a non-C collation).
    conditions.push(sql`o.order_number like ${`${filters.orderNumberPrefix}%`}`);
    conditions.push(sql`o.order_number >= ${filters.orderNumberPrefix}`);
    if (filters.orderNumberPrefixEnd) conditions.push(sql`o.order_number < ${filters.orderNumberPrefixEnd}`);
  }
  if (filters.customerIds) {
    conditions.push(
      filters.customerIds.length === 0
        ? sql`false`
        : sql`o.customer_id in (${sql.join(
            filters.customerIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  if (filters.states) {
    conditions.push(
      sql`o.status in (${sql.join(
        filters.states.map((state) => sql`${state}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.placedFrom)
    conditions.push(sql`o.created_at >= (${filters.placedFrom}::date)::timestamp at time zone 'UTC'`);
  if (filters.placedTo) {
    conditions.push(sql`o.created_at < (${filters.placedTo}::date + 1)::timestamp at time zone 'UTC'`);
  }
  if (filters.totalMinMinor !== undefined) conditions.push(sql`o.total_with_vat_minor >= ${filters.totalMinMinor}`);
  if (filters.totalMaxMinor !== undefined) conditions.push(sql`o.total_with_vat_minor <= ${filters.totalMaxMinor}`);
  if (filters.currencyCode) conditions.push(sql`o.currency_code = ${filters.currencyCode}`);
  if (filters.areaId) conditions.push(sql`o.area_id = ${filters.areaId}`);
  return sql.join(conditions, sql` and `);
}

/** ORDER BY for the page; the order number breaks ties, so paging never shows a row twice. */
function orderByOf(sort: OrderSearchSort): SQL {
  const direction = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  switch (sort.by) {
    case 'placedAt':
      return sql`o.created_at ${direction}, o.order_number ${direction}`;
    case 'orderNumber':
      return sql`o.order_number ${direction}`;
    case 'customer':
      return sql`cu.name ${direction}, cu.customer_number ${direction}, o.created_at desc, o.order_number desc`;
    case 'total':
      return sql`o.total_with_vat_minor ${direction}, o.created_at desc, o.order_number desc`;
    case 'state': {
      // The states in the order of an order's life (Placed … Completed, Cancelled), not alphabetically.
      const lifeOrder = sql.join(
        ORDER_STATUSES.map((state, index) => sql`when ${state} then ${index}`),
        sql` `,
      );
      return sql`(case o.status ${lifeOrder} end) ${direction}, o.created_at desc, o.order_number desc`;
    }
  }
}

/**
 * One page of the matching orders and how many match, counted up to `countLimit` + 1 (more than the limit is
 * reported as such): the count reads at most that many rows, whatever the number of orders.
 */
export async function searchOrdersForBackoffice(
  db: Executor,
  filters: OrderSearchFilters,
  sort: OrderSearchSort,
  page: { limit: number; offset: number; countLimit: number },
): Promise<{ rows: OrderSearchRow[]; total: number }> {
  const where = conditionsOf(filters);
  const [rows, [count]] = await Promise.all([
    queryRows<OrderSearchRow>(
      db,
      sql`select o.id, o.order_number as "orderNumber", cu.customer_number as "customerNumber",
                 cu.name as "customerName", o.area_id as "areaId", o.created_at as "createdAt", o.status,
                 o.currency_code as "currencyCode", o.total_with_vat_minor::float8 as "totalWithVatMinor",
                 (o.impersonation_session_id is not null) as "isPlacedByRep",
                 exists (select 1 from ${invoices} i where i.order_id = o.id) as "isInvoiced"
            from ${orders} o
            join ${customers} cu on cu.id = o.customer_id
           where ${where}
           order by ${orderByOf(sort)}
           limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total
            from (select 1 from ${orders} o where ${where} limit ${page.countLimit + 1}) matches`,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The order with the name of who placed it and its customer, of any customer (the back office's order page). */
export async function findOrderForBackoffice(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      order: orders,
      placedBy: users.name,
      customer: {
        customerId: customers.id,
        customerNumber: customers.customerNumber,
        name: customers.name,
        areaId: customers.areaId,
      },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.placedByUserId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * The customers whose number or name contain the text (case-insensitive). Looked up once per search, so the page and
 * its count each read the matching customers' orders by their index instead of testing every customer twice.
 */
export async function findCustomerIdsMatching(db: Executor, text: string): Promise<string[]> {
  const pattern = containsPattern(text);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select c.id from ${customers} c where c.customer_number ilike ${pattern} or c.name ilike ${pattern}`,
  );
  return rows.map((row) => row.id);
}
