/** Drizzle queries of the customer module. */
import type { AreaId } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { areas, customerAddresses, customers } from '@b2b/db/schema';
import { asc, desc, eq } from 'drizzle-orm';
import type { ContextCustomer } from '../../context.ts';

/**
 * The columns a request context needs of the customer acted for; select them from `customers` joined with its area
 * (`areas.id = customers.area_id`) and turn the row into the context's customer with `toContextCustomer`.
 */
export const contextCustomerColumns = {
  customerId: customers.id,
  customerNumber: customers.customerNumber,
  customerCurrencyCode: customers.currencyCode,
  areaCurrencyCode: areas.currencyCode,
  priceGroupId: customers.priceGroupId,
  areaId: customers.areaId,
};

type ContextCustomerRow = {
  customerId: string;
  customerNumber: string;
  customerCurrencyCode: string | null;
  areaCurrencyCode: string;
  priceGroupId: string | null;
  areaId: string;
};

/** spec §1: the customer's own currency overrides the area's. */
export function effectiveCurrencyCode(customerCurrencyCode: string | null, areaCurrencyCode: string): string {
  return customerCurrencyCode ?? areaCurrencyCode;
}

/** The context's customer from the columns of `contextCustomerColumns`, with the effective currency. */
export function toContextCustomer(row: ContextCustomerRow): ContextCustomer {
  return {
    id: row.customerId,
    customerNumber: row.customerNumber,
    currencyCode: effectiveCurrencyCode(row.customerCurrencyCode, row.areaCurrencyCode),
    priceGroupId: row.priceGroupId,
    areaId: row.areaId as AreaId,
  };
}

export type CustomerAddressRow = typeof customerAddresses.$inferSelect;

/** The ship-to addresses of one customer, the default first, then by name. */
export async function findAddressesOfCustomer(db: Executor, customerId: string): Promise<CustomerAddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.name), asc(customerAddresses.id));
}
