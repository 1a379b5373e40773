/** Price calls of spec §7 (Products, prices, discounts). */
import { defineEndpoint } from '../endpoint.ts';
import { getPricesBody, getPricesResponse } from '../price.ts';

export const priceEndpoints = {
  getPrices: defineEndpoint({
    method: 'POST',
    path: '/api/Price/GetPrices',
    // spec §1: prices only for logged-in users; anonymous callers get 401, users without a customer 403.
    policy: 'customer',
    tag: 'Price',
    summary: "The caller's customer's prices for a batch of product keys",
    description:
      "The web asks in chunks of 12 (spec §9). currencyCode must be the customer's currency. Products without a " +
      'price are left out. Prices may be up to a minute old (in-process cache).',
    body: getPricesBody,
    response: getPricesResponse,
  }),
};
