/** Drizzle queries of the customer module. */
import { type Executor, queryRows } from '@b2b/db';
import { customerAddresses, customers, invoices, orderLines, orders, paymentMethods, products } from '@b2b/db/schema';
import { asc, desc, eq, sql } from 'drizzle-orm';

export type CustomerAddressRow = typeof customerAddresses.$inferSelect;

/** The ship-to addresses of one customer, the default first, then by name. */
export async function findAddressesOfCustomer(db: Executor, customerId: string): Promise<CustomerAddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.name), asc(customerAddresses.id));
}

export type UsualQuantityRow = {
  productId: string;
  maxLineQuantity: number | null;
  orderedLineCount: number;
  usualQuantity: number | null;
  largestQuantity: number | null;
};

/**
 * Per product (of these ids that exist), how the customer ordered it: the number of its top-level product lines in
 * the customer's orders that were not cancelled, their median quantity (`percentile_disc`: a quantity that was
 * ordered) and their largest; null figures for a product never ordered. With the product's line limit column.
 */
export async function findUsualQuantities(
  db: Executor,
  scope: { customerId: string; productIds: readonly string[] },
): Promise<UsualQuantityRow[]> {
  const ids = JSON.stringify(scope.productIds);
  return queryRows<UsualQuantityRow>(
    db,
    sql`with asked as (select json_array_elements_text(${ids}::json) as id),
        history as (
          select l.product_id, count(*)::int as line_count,
                 percentile_disc(0.5) within group (order by l.quantity) as usual_quantity,
                 max(l.quantity) as largest_quantity
            from ${orderLines} l
            join ${orders} o on o.id = l.order_id
           where o.customer_id = ${scope.customerId} and o.status <> 'Cancelled'
             and l.parent_id is null and l.type = 'Product'
             and l.product_id in (select id from asked)
           group by l.product_id)
        select p.id as "productId", p.max_line_quantity as "maxLineQuantity",
               coalesce(h.line_count, 0) as "orderedLineCount", h.usual_quantity as "usualQuantity",
               h.largest_quantity as "largestQuantity"
          from ${products} p
          left join history h on h.product_id = p.id
         where p.id in (select id from asked)`,
  );
}

/**
 * The customer's credit limit (minor units of its currency; null: none). With `lock` the customer row stays locked
 * until the transaction ends (`FOR UPDATE`): two orders of one customer placed at the same moment are then checked
 * one after the other, the second seeing the first (ADR 019).
 */
export async function findCustomerCreditLimit(
  db: Executor,
  customerId: string,
  options: { lock: boolean },
): Promise<number | null> {
  const query = db
    .select({ creditLimitMinor: customers.creditLimitMinor })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.creditLimitMinor ?? null;
}

/**
 * Orders the customer placed on account in `currencyCode` that are not invoiced yet (not Invoiced, Completed or
 * Cancelled, and no invoice): what it will owe once they are. Totals with VAT, as they will be invoiced (ADR 014).
 */
export async function sumUninvoicedOrders(
  db: Executor,
  scope: { customerId: string; currencyCode: string },
): Promise<{ amountMinor: number; orderCount: number }> {
  const [row] = await queryRows<{ amountMinor: number; orderCount: number }>(
    db,
    sql`select coalesce(sum(o.total_with_vat_minor), 0)::float8 as "amountMinor", count(*)::int as "orderCount"
          from ${orders} o
          join ${paymentMethods} pm on pm.id = o.payment_method_id
         where o.customer_id = ${scope.customerId} and o.currency_code = ${scope.currencyCode}
           and pm.kind = 'Invoice' and o.status not in ('Invoiced', 'Completed', 'Cancelled')
           and not exists (select 1 from ${invoices} i where i.order_id = o.id)`,
  );
  return { amountMinor: Number(row?.amountMinor ?? 0), orderCount: Number(row?.orderCount ?? 0) };
}
