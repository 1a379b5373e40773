/** Shipping calls of spec §7 (Order, payment, shipping). */
import { defineEndpoint } from '../endpoint.ts';
import {
  getOrderTermsQuery,
  getOrderTermsResponse,
  getShippingCountriesQuery,
  getShippingCountriesResponse,
  getShippingMethodsBody,
  getShippingMethodsResponse,
} from '../shipping.ts';

export const shippingEndpoints = {
  getShippingMethods: defineEndpoint({
    method: 'POST',
    path: '/api/Shipping/GetShippingMethods',
    // Any logged-in user; the service answers 403 to a user without a customer (fees are in the customer's currency).
    policy: 'customer',
    tag: 'Shipping',
    summary: 'Shipping methods to a country, with the fee in the customer’s currency',
    description:
      "Methods of the customer's area that ship to `countryCode`, cheapest first (then in the shop's order). With " +
      '`cartId` each fee is the one that cart pays (0 once its goods reach `freeAbove`: the same calculation as ' +
      "CalculateCart, SetShipping and the placed order); without, the method's base fee. A cart id that is not the " +
      "customer's: 404.",
    body: getShippingMethodsBody,
    response: getShippingMethodsResponse,
    errors: [404],
  }),
  getShippingCountries: defineEndpoint({
    method: 'GET',
    path: '/api/Shipping/GetShippingCountries',
    policy: 'customer',
    tag: 'Shipping',
    summary: 'The countries an area ships to',
    description: 'All three `AreaInfo.*` parameters are required (spec §5).',
    query: getShippingCountriesQuery,
    response: getShippingCountriesResponse,
  }),
  getOrderTerms: defineEndpoint({
    method: 'GET',
    path: '/api/Shipping/GetOrderTerms',
    // Public: the delivery page and the front page state these terms to visitors who are not logged in too.
    policy: 'public',
    tag: 'Shipping',
    summary: 'The small-order surcharge and the freight of an area, in a currency',
    description:
      'The rules CalculateCart applies, as data for texts: the small-order surcharge of the currency, the lowest ' +
      "free-freight threshold and every active method of the area with its fee in the currency. A customer's cart " +
      "is priced in the customer's own area and currency, so ask with those for a logged-in customer and with the " +
      "area's own currency for a visitor. All three `AreaInfo.*` parameters are required (spec §5); a currency the " +
      'area has no fees in answers no methods.',
    query: getOrderTermsQuery,
    response: getOrderTermsResponse,
  }),
};
