/** Drizzle queries of the payment module. */
import type { Executor } from '@b2b/db';
import { carts, orders, paymentMethods, payments } from '@b2b/db/schema';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

export type PaymentRow = {
  id: string;
  cartId: string;
  customerId: string;
  orderId: string | null;
  orderNumber: string | null;
  provider: string;
  providerPaymentId: string | null;
  status: string;
  amountMinor: number;
  currencyCode: string;
  redirectUrl: string | null;
};

export async function findActivePaymentMethods(db: Executor) {
  return db
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      kind: paymentMethods.kind,
      isDefault: paymentMethods.isDefault,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.isActive, true))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.sortOrder), asc(paymentMethods.id));
}

export async function insertPayment(
  db: Executor,
  values: { cartId: string; customerId: string; provider: string; amountMinor: number; currencyCode: string },
): Promise<string> {
  const [row] = await db.insert(payments).values(values).returning({ id: payments.id });
  if (!row) throw new Error('payment not inserted');
  return row.id;
}

export async function updatePayment(
  db: Executor,
  id: string,
  fields: Partial<{ providerPaymentId: string; redirectUrl: string | null; status: string }>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** Moves a payment on from Pending only (a settled payment never changes again). */
export async function settlePendingPayment(db: Executor, id: string, status: string): Promise<void> {
  await db
    .update(payments)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'Pending')));
}

/** A payment by id; with `customerId`, only that customer's (another's is not found). */
export async function findPayment(db: Executor, id: string, customerId?: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select({
      id: payments.id,
      cartId: payments.cartId,
      customerId: payments.customerId,
      orderId: payments.orderId,
      orderNumber: orders.orderNumber,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      status: payments.status,
      amountMinor: payments.amountMinor,
      currencyCode: payments.currencyCode,
      redirectUrl: payments.redirectUrl,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, id), customerId === undefined ? undefined : eq(payments.customerId, customerId)));
  return row ? { ...row, amountMinor: Number(row.amountMinor) } : null;
}

/** The user who created the cart (the one who places its order). */
export async function findCartOwnerUserId(db: Executor, cartId: string): Promise<string | null> {
  const [row] = await db.select({ userId: carts.createdByUserId }).from(carts).where(eq(carts.id, cartId));
  return row?.userId ?? null;
}
