/**
 * Factories for checkout tests (orders, payments): stock for variants and carts with lines, inserted straight
 * through Drizzle so a test states exactly the cart it places.
 */
import type { Executor } from '@b2b/db';
import { type AddressSnapshot, cartLines, carts, stockLevels } from '@b2b/db/schema';
import { and, eq, sql } from 'drizzle-orm';

export async function setStock(db: Executor, variantId: string, quantityOnHand: number, quantityReserved = 0) {
  await db
    .insert(stockLevels)
    .values({ variantId, quantityOnHand, quantityReserved })
    .onConflictDoUpdate({ target: stockLevels.variantId, set: { quantityOnHand, quantityReserved } });
}

export async function findStock(db: Executor, variantId: string) {
  const [row] = await db.select().from(stockLevels).where(eq(stockLevels.variantId, variantId));
  return row;
}

export type CartLineSpec = { productId: string; variantId?: string | null; quantity: number };

/**
 * An open cart of the customer and user with these lines (any earlier open cart of the pair is abandoned first:
 * one open cart per customer and user).
 */
export async function createCartWithLines(
  db: Executor,
  owner: { customerId: string; userId: string; areaId?: string; currencyCode?: string },
  lines: CartLineSpec[],
  fields: {
    shippingAddress?: AddressSnapshot | null;
    shippingMethodId?: string | null;
    paymentMethodId?: string | null;
    comment?: string | null;
    reference?: string | null;
  } = {},
): Promise<string> {
  await db
    .update(carts)
    .set({ status: 'abandoned' })
    .where(and(eq(carts.customerId, owner.customerId), eq(carts.createdByUserId, owner.userId), sql`status = 'open'`));
  const [cart] = await db
    .insert(carts)
    .values({
      customerId: owner.customerId,
      createdByUserId: owner.userId,
      areaId: owner.areaId ?? 'eu',
      currencyCode: owner.currencyCode ?? 'EUR',
      shippingAddress: fields.shippingAddress ?? null,
      shippingMethodId: fields.shippingMethodId ?? null,
      paymentMethodId: fields.paymentMethodId ?? null,
      comment: fields.comment ?? null,
      reference: fields.reference ?? null,
    })
    .returning({ id: carts.id });
  if (!cart) throw new Error('cart not inserted');
  for (const line of lines) {
    await db.insert(cartLines).values({
      cartId: cart.id,
      type: 'Product',
      productId: line.productId,
      variantId: line.variantId ?? null,
      variantKey: line.variantId ?? '',
      quantity: line.quantity,
    });
  }
  return cart.id;
}

export async function findCartRow(db: Executor, cartId: string) {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId));
  return row;
}
