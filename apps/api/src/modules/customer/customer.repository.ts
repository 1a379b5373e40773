/** Drizzle queries of the customer module. */
import type { Executor } from '@b2b/db';
import { customerAddresses } from '@b2b/db/schema';
import { and, asc, desc, eq } from 'drizzle-orm';

export type CustomerAddressRow = typeof customerAddresses.$inferSelect;

/** The ship-to addresses of one customer, the default first, then by name. */
export async function findAddressesOfCustomer(db: Executor, customerId: string): Promise<CustomerAddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.name), asc(customerAddresses.id));
}

/** One address of one customer; null when it does not exist or belongs to another customer. */
export async function findAddressOfCustomer(
  db: Executor,
  customerId: string,
  addressId: string,
): Promise<CustomerAddressRow | null> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, addressId)))
    .limit(1);
  return row ?? null;
}
