/**
 * Drizzle queries of the order module. Every read for a customer names the customer, so another customer's order is
 * never found; the back office's state changes (lockOrder, findOrder) act on any customer's order (ADR 014).
 */
import type { Executor } from '@b2b/db';
import {
  type AddressSnapshot,
  carts,
  customers,
  orderLines,
  orderStateChanges,
  orders,
  paymentMethods,
  payments,
  products,
  stockLevels,
  users,
} from '@b2b/db/schema';
import { and, arrayContains, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export type LockedCart = {
  id: string;
  status: string;
  areaId: string;
  currencyCode: string;
  createdByUserId: string;
  paymentMethodId: string | null;
  shippingAddress: AddressSnapshot | null;
  comment: string | null;
  reference: string | null;
};

/**
 * The customer's cart with its row locked until the transaction ends (`FOR UPDATE`): concurrent checkouts of one
 * cart run one after another, and the later ones see the cart already checked out. Null for another customer's cart.
 */
export async function lockCartForCheckout(
  db: Executor,
  scope: { cartId: string; customerId: string },
): Promise<LockedCart | null> {
  const [row] = await db
    .select({
      id: carts.id,
      status: carts.status,
      areaId: carts.areaId,
      currencyCode: carts.currencyCode,
      createdByUserId: carts.createdByUserId,
      paymentMethodId: carts.paymentMethodId,
      shippingAddress: carts.shippingAddress,
      comment: carts.comment,
      reference: carts.reference,
    })
    .from(carts)
    .where(and(eq(carts.id, scope.cartId), eq(carts.customerId, scope.customerId)))
    .for('update');
  return row ?? null;
}

export async function markCartCheckedOut(db: Executor, cartId: string): Promise<void> {
  await db
    .update(carts)
    .set({
      status: 'checked_out',
      checkedOutAt: sql`now()`,
      updatedAt: sql`now()`,
      version: sql`${carts.version} + 1`,
    })
    .where(eq(carts.id, cartId));
}

/** Which of the products are no longer sold (products.discontinued_at set): an order must not include them. */
export async function findDiscontinuedProductIds(db: Executor, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), isNotNull(products.discontinuedAt)))
    .orderBy(asc(products.id));
  return rows.map((row) => row.id);
}

export async function findPaymentMethod(db: Executor, paymentMethodId: string) {
  const [row] = await db
    .select({ id: paymentMethods.id, name: paymentMethods.name, kind: paymentMethods.kind })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, paymentMethodId));
  return row ?? null;
}

/** The active default payment method (payment on account). */
export async function findDefaultPaymentMethod(db: Executor) {
  const [row] = await db
    .select({ id: paymentMethods.id, name: paymentMethods.name, kind: paymentMethods.kind })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.isDefault, true), eq(paymentMethods.isActive, true)))
    .orderBy(asc(paymentMethods.sortOrder))
    .limit(1);
  return row ?? null;
}

/** The latest succeeded card payment of the cart that no order has used yet. */
export async function findSucceededPaymentOfCart(db: Executor, scope: { cartId: string; customerId: string }) {
  const [row] = await db
    .select({
      id: payments.id,
      amountMinor: payments.amountMinor,
      currencyCode: payments.currencyCode,
      orderId: payments.orderId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.cartId, scope.cartId),
        eq(payments.customerId, scope.customerId),
        eq(payments.status, 'Succeeded'),
      ),
    )
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  return row ? { ...row, amountMinor: Number(row.amountMinor) } : null;
}

export async function linkPaymentToOrder(db: Executor, paymentId: string, orderId: string): Promise<void> {
  await db.update(payments).set({ orderId, updatedAt: sql`now()` }).where(eq(payments.id, paymentId));
}

/**
 * Inserts the order unless a unique constraint says it exists already (same cart, or same customer and
 * Idempotency-Key): then null, and the caller returns the existing one. The order number comes from the
 * `order_number_seq` default.
 */
export async function insertOrderIfAbsent(db: Executor, values: NewOrder): Promise<OrderRow | null> {
  const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertOrderLines(db: Executor, lines: NewOrderLine[]): Promise<void> {
  if (lines.length > 0) await db.insert(orderLines).values(lines);
}

/**
 * Reserves stock for the ordered variants: `quantity_reserved` grows by the ordered quantity, also beyond what is
 * on hand (the backordered part then waits for the next delivery; availability never shows below 0).
 */
export async function reserveStock(db: Executor, reservations: Array<{ variantId: string; quantity: number }>) {
  for (const { variantId, quantity } of reservations) {
    await db
      .update(stockLevels)
      .set({ quantityReserved: sql`${stockLevels.quantityReserved} + ${quantity}` })
      .where(eq(stockLevels.variantId, variantId));
  }
}

export async function findOrderByCartId(
  db: Executor,
  scope: { cartId: string; customerId: string },
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, scope.cartId), eq(orders.customerId, scope.customerId)));
  return row ?? null;
}

export async function findOrderByIdempotencyKey(
  db: Executor,
  scope: { customerId: string; idempotencyKey: string },
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, scope.customerId), eq(orders.idempotencyKey, scope.idempotencyKey)));
  return row ?? null;
}

/** The sales rep who placed an order for the customer (impersonation, ADR 013). */
export type OrderAssistance = { salesPersonName: string; sessionId: string };

export type OrderDetails = {
  order: OrderRow;
  lines: OrderLineRow[];
  paymentMethod: { id: string; name: string; kind: string };
  /** Set when the order was placed in an impersonation session: the placing user is then the rep. */
  assistedBy: OrderAssistance | null;
};

/** The order's lines (by line number), payment method and, when a rep placed it, the rep. */
export async function findOrderDetails(db: Executor, order: OrderRow): Promise<OrderDetails> {
  const sessionId = order.impersonationSessionId;
  const [lines, method, placer] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber)),
    findPaymentMethod(db, order.paymentMethodId),
    sessionId ? findUserContact(db, order.placedByUserId) : null,
  ]);
  return {
    order,
    lines,
    paymentMethod: method ?? { id: order.paymentMethodId, name: order.paymentMethodId, kind: 'Invoice' },
    assistedBy: sessionId && placer ? { salesPersonName: placer.name, sessionId } : null,
  };
}

export async function findUserContact(db: Executor, userId: string) {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The customer's buyers (its logins with the role `customer`), oldest first, and the customer's name. */
export async function findCustomerBuyers(db: Executor, customerId: string) {
  const [customer] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId));
  const buyers = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.customerId, customerId), arrayContains(users.roles, ['customer'])))
    .orderBy(asc(users.createdAt), asc(users.id));
  return { customerName: customer?.name ?? '', buyers };
}

/** The order with its row locked until the transaction ends: concurrent state changes of it run one at a time. */
export async function lockOrder(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export async function findOrder(db: Executor, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export async function writeOrderState(
  db: Executor,
  change: { orderId: string; from: string; to: string; changedByUserId: string; note: string | null },
): Promise<{ changedAt: Date }> {
  await db.update(orders).set({ status: change.to, updatedAt: sql`now()` }).where(eq(orders.id, change.orderId));
  const [row] = await db
    .insert(orderStateChanges)
    .values({
      orderId: change.orderId,
      fromStatus: change.from,
      toStatus: change.to,
      changedByUserId: change.changedByUserId,
      note: change.note,
    })
    .returning({ changedAt: orderStateChanges.createdAt });
  if (!row) throw new Error('order state change not stored');
  return row;
}

/**
 * Gives back the stock the order reserved (CreateOrderByCartId reserved every product line with a variant, bundle
 * components included); never below 0, in case the warehouse feed has reset the reservation meanwhile.
 */
export async function releaseReservedStock(db: Executor, orderId: string): Promise<void> {
  await db.execute(sql`
    update ${stockLevels} s
       set quantity_reserved = greatest(0, s.quantity_reserved - r.quantity)
      from (select variant_id, sum(quantity)::int as quantity
              from ${orderLines}
             where order_id = ${orderId} and type = 'Product' and variant_id is not null
             group by variant_id) r
     where s.variant_id = r.variant_id`);
}
