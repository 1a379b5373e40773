/** Drizzle queries of the customer module. */
import type { Executor } from '@b2b/db';
import { customerAddresses } from '@b2b/db/schema';
import { asc, desc, eq } from 'drizzle-orm';

export type CustomerAddressRow = typeof customerAddresses.$inferSelect;

/** The ship-to addresses of one customer, the default first, then by name. */
export async function findAddressesOfCustomer(db: Executor, customerId: string): Promise<CustomerAddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.name), asc(customerAddresses.id));
}
