/**
 * Changes of cart rows: opening and retiring a customer's cart, and the start of every change (version and lock).
 * Every statement names the customer, so a foreign cart is never changed.
 */
import type { Executor } from '@b2b/db';
import { type AddressSnapshot, carts } from '@b2b/db/schema';
import { and, eq, sql } from 'drizzle-orm';

/** Cart fields a change may set with the version raise (SetShipping, SetPayment, SetOrderFields). */
export type CartFieldChanges = Partial<{
  shippingAddressId: string | null;
  shippingAddress: AddressSnapshot | null;
  shippingMethodId: string | null;
  paymentMethodId: string | null;
  comment: string | null;
  reference: string | null;
}>;

/**
 * Inserts the owner's open cart unless one exists: the partial unique index `carts_one_open_per_customer_user_idx`
 * makes concurrent callers agree on one. Returns the new id, or null when another cart was already open.
 */
export async function insertOpenCart(
  db: Executor,
  values: { customerId: string; userId: string; areaId: string; currencyCode: string },
): Promise<string | null> {
  const [row] = await db
    .insert(carts)
    .values({
      customerId: values.customerId,
      createdByUserId: values.userId,
      areaId: values.areaId,
      currencyCode: values.currencyCode,
    })
    .onConflictDoNothing({ target: [carts.customerId, carts.createdByUserId], where: sql`status = 'open'` })
    .returning({ id: carts.id });
  return row?.id ?? null;
}

/** Retires the owner's open cart (CreateCart forces a new one). */
export async function abandonOpenCart(db: Executor, owner: { customerId: string; userId: string }) {
  await db
    .update(carts)
    .set({ status: 'abandoned', version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(carts.customerId, owner.customerId), eq(carts.createdByUserId, owner.userId), eq(carts.status, 'open')),
    );
}

/**
 * Starts a change of an open cart: raises its version and takes the row lock in one UPDATE, so changes to one cart
 * run one after another until the transaction ends. Null when the cart is not the customer's or not open.
 */
export async function bumpOpenCartVersion(
  db: Executor,
  scope: { cartId: string; customerId: string },
  fields: CartFieldChanges = {},
): Promise<{ id: string; version: number; currencyCode: string; areaId: string } | null> {
  const [row] = await db
    .update(carts)
    .set({ ...fields, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(carts.id, scope.cartId), eq(carts.customerId, scope.customerId), eq(carts.status, 'open')))
    .returning({ id: carts.id, version: carts.version, currencyCode: carts.currencyCode, areaId: carts.areaId });
  return row ?? null;
}
