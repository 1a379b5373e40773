/** Customer services: the customer the caller acts for (spec §7 Customer and customer center). */
import type { CustomerAddress, GetAddressesResponse } from '@b2b/contract';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { type CustomerAddressRow, findAddressesOfCustomer } from './customer.repository.ts';

export function toCustomerAddress(row: CustomerAddressRow): CustomerAddress {
  return {
    addressId: row.id,
    name: row.name,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    countryCode: row.countryCode,
    isDefault: row.isDefault,
  };
}

/** POST /api/Customer/GetAddresses: the ship-to addresses of the caller's customer, the default one first. */
export async function getAddresses(ctx: RequestContext): Promise<GetAddressesResponse> {
  const customer = requireCustomer(ctx);
  const rows = await findAddressesOfCustomer(ctx.db, customer.id);
  return { addresses: rows.map(toCustomerAddress) };
}
