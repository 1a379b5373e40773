/** Customer services: the customer the caller acts for (spec §7 Customer and customer center). */
import type { CustomerAddress, GetAddressesResponse } from '@b2b/contract';
import type { ContextCustomer, RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type CustomerAddressRow, findAddressesOfCustomer } from './customer.repository.ts';

/**
 * The customer the request acts for. Customer-scoped calls take it from the context, never from the request body
 * (ADR 005), so no other customer's data is reachable. A user without a customer (back-office staff) gets 403.
 */
export function requireCustomer(ctx: RequestContext): ContextCustomer {
  if (!ctx.customer) throw new AppError('ForbiddenException', 'This call is for customers only; this user has none.');
  return ctx.customer;
}

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
