/** The order a mail preview is rendered from (issue 28: the back office previews a template with a real order). */
import type { Executor } from '@b2b/db';
import { orders, users } from '@b2b/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import type { OrderRow } from './order.repository.ts';

/** The order of the area with `orderNumber`, or the area's newest when no number is given; null when none. */
export async function findOrderOfArea(
  db: Executor,
  input: { areaId: string; orderNumber?: string | undefined },
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      input.orderNumber
        ? and(eq(orders.areaId, input.areaId), eq(orders.orderNumber, input.orderNumber))
        : eq(orders.areaId, input.areaId),
    )
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(1);
  return row ?? null;
}

/** Who placed the order: name, address and username (the recovery mail's preview is addressed to them). */
export async function findOrderPlacer(db: Executor, order: OrderRow) {
  const [row] = await db
    .select({ name: users.name, email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, order.placedByUserId));
  return row ?? null;
}
