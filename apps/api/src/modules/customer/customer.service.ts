/** Customer services: the customer the caller acts for (spec §7 Customer and customer center). */
import type { CustomerAddress, GetAddressesResponse, GetUsualQuantitiesResponse } from '@b2b/contract';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { confirmAboveOf, lineLimitOf } from './buying-limits.ts';
import { type CustomerAddressRow, findAddressesOfCustomer, findUsualQuantities } from './customer.repository.ts';

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

/**
 * POST /api/Customer/GetUsualQuantities: per product, what the customer (the one a sales rep acts for, when one does)
 * usually orders on a line and from which quantity the storefront asks before adding (ADR 019). Unknown ids are left
 * out; the answer keeps the order asked.
 */
export async function getUsualQuantities(
  ctx: RequestContext,
  input: { productIds: string[] },
): Promise<GetUsualQuantitiesResponse> {
  const customer = requireCustomer(ctx);
  const productIds = [...new Set(input.productIds)];
  const rows = await findUsualQuantities(ctx.db, { customerId: customer.id, productIds });
  const byId = new Map(rows.map((row) => [row.productId, row]));
  return {
    items: productIds.flatMap((productId) => {
      const row = byId.get(productId);
      if (!row) return [];
      const lineLimit = lineLimitOf(row.maxLineQuantity);
      const usualQuantity = row.usualQuantity === null ? null : Number(row.usualQuantity);
      const largestQuantity = row.largestQuantity === null ? null : Number(row.largestQuantity);
      return [
        {
          productId,
          orderedLineCount: Number(row.orderedLineCount),
          usualQuantity,
          largestQuantity,
          maxLineQuantity: lineLimit,
          confirmAbove: confirmAboveOf({ usualQuantity, largestQuantity, lineLimit }),
        },
      ];
    }),
  };
}
