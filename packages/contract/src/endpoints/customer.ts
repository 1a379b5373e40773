/** Customer calls of spec §7 (Customer and customer center). */
import { getAddressesBody, getAddressesResponse } from '../customer.ts';
import { defineEndpoint } from '../endpoint.ts';

export const customerEndpoints = {
  getAddresses: defineEndpoint({
    method: 'POST',
    path: '/api/Customer/GetAddresses',
    // Any logged-in user; the service answers 403 to a user without a customer (sales rep, back office).
    policy: 'customer',
    tag: 'Customer',
    summary: "The ship-to addresses of the caller's customer",
    description: 'The default address first, then by name. A user without a customer gets 403.',
    body: getAddressesBody,
    response: getAddressesResponse,
  }),
};
