/** Customer calls of spec §7 (Customer and customer center). */
import {
  customerAreaBody,
  getAddressesResponse,
  getCreditStatusResponse,
  getUsualQuantitiesBody,
  getUsualQuantitiesResponse,
} from '../customer.ts';
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
    body: customerAreaBody,
    response: getAddressesResponse,
  }),
  getUsualQuantities: defineEndpoint({
    method: 'POST',
    path: '/api/Customer/GetUsualQuantities',
    // A sales rep acting for the customer gets the customer's figures (the customer is the one acted for).
    policy: 'customer',
    tag: 'Customer',
    summary: 'How much of these products the customer usually orders on a line, and from what it is unusual',
    description:
      "Counted over the customer's orders (cancelled ones left out). The storefront asks the buyer to confirm a " +
      'quantity above `confirmAbove` before adding it (ADR 019). A user without a customer gets 403.',
    body: getUsualQuantitiesBody,
    response: getUsualQuantitiesResponse,
  }),
  getCreditStatus: defineEndpoint({
    method: 'POST',
    path: '/api/Customer/GetCreditStatus',
    policy: 'customer',
    tag: 'Customer',
    summary: "The customer's credit limit, what it owes on account and what is still available",
    description:
      'In the customer’s currency. CreateOrderByCartId refuses an order paid on account that totals more than ' +
      '`available` with 409 CreditLimitExceededException (ADR 019). A user without a customer gets 403.',
    body: customerAreaBody,
    response: getCreditStatusResponse,
  }),
};
