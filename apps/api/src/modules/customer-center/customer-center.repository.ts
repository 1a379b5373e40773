/** Queries of the customer center: the customer's orders, always scoped to the customer. */
import { type Executor, queryRows } from '@b2b/db';
import { orderLines, orders, users } from '@b2b/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';

export type OrderSummaryRow = {
  id: string;
  orderNumber: string;
  createdAt: Date;
  placedBy: string;
  status: string;
  reference: string | null;
  lineCount: number;
  currencyCode: string;
  totalNetMinor: number;
  totalVatMinor: number;
  isBackorder: boolean;
  /** Set when a sales rep placed the order for the customer; `placedBy` is then the rep (ADR 013). */
  impersonationSessionId: string | null;
};

export type OrderSearch = {
  customerId: string;
  search?: string | undefined;
  /** yyyy-mm-dd, inclusive (UTC days). */
  placedFrom?: string | undefined;
  placedTo?: string | undefined;
};

function orderConditions(search: OrderSearch): SQL {
  const conditions: SQL[] = [sql`o.customer_id = ${search.customerId}`];
  if (search.search) {
    const pattern = containsPattern(search.search);
    conditions.push(sql`(o.order_number ilike ${pattern} or o.reference ilike ${pattern})`);
  }
  if (search.placedFrom)
    conditions.push(sql`o.created_at >= (${search.placedFrom}::date)::timestamp at time zone 'UTC'`);
  if (search.placedTo) {
    conditions.push(sql`o.created_at < (${search.placedTo}::date + 1)::timestamp at time zone 'UTC'`);
  }
  return sql.join(conditions, sql` and `);
}

/** The matching orders, newest first, one page of them, and how many match in all. */
export async function searchOrders(
  db: Executor,
  search: OrderSearch,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderSummaryRow[]; total: number }> {
  const where = orderConditions(search);
  const [rows, [count]] = await Promise.all([
    queryRows<OrderSummaryRow>(
      db,
      sql`
        select o.id, o.order_number as "orderNumber", o.created_at as "createdAt", u.name as "placedBy", o.status,
               o.reference, o.currency_code as "currencyCode", o.total_net_minor::float8 as "totalNetMinor",
               o.total_vat_minor::float8 as "totalVatMinor", o.is_backorder as "isBackorder",
               o.impersonation_session_id as "impersonationSessionId",
               (select count(*)::int from ${orderLines} l
                 where l.order_id = o.id and l.parent_id is null and l.type = 'Product') as "lineCount"
          from ${orders} o
          join ${users} u on u.id = o.placed_by_user_id
         where ${where}
         order by o.created_at desc, o.id desc
         limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${orders} o where ${where}`),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
    total: count?.total ?? 0,
  };
}

/** The customer's order with this id and the name of who placed it; null for another customer's or none. */
export async function findCustomerOrder(db: Executor, scope: { orderId: string; customerId: string }) {
  const [row] = await db
    .select({ order: orders, placedBy: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.placedByUserId))
    .where(and(eq(orders.id, scope.orderId), eq(orders.customerId, scope.customerId)));
  return row ?? null;
}
