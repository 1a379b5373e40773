/** Payment calls of spec §7 (Order, payment, shipping); card payments: ADR 008. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  createPaymentIntentBody,
  getPaymentMethodsBody,
  getPaymentMethodsResponse,
  paymentSchema,
  verifyPaymentParams,
} from '../payment.ts';

export const paymentEndpoints = {
  getPaymentMethods: defineEndpoint({
    method: 'POST',
    path: '/api/Payment/GetPaymentMethods',
    policy: 'customer',
    tag: 'Payment',
    summary: 'Payment methods for checkout',
    description:
      'Payment on account (invoice) is the B2B default and comes first; card payment is offered only when a ' +
      'card payment provider is configured.',
    body: getPaymentMethodsBody,
    response: getPaymentMethodsResponse,
  }),
  createPaymentIntent: defineEndpoint({
    method: 'POST',
    path: '/api/Payment/CreatePaymentIntent',
    policy: 'customer',
    tag: 'Payment',
    summary: "Starts a card payment of the cart's total",
    description:
      'The amount is the cart total with VAT, priced on the server. Send the browser to `redirectUrl`; the ' +
      'provider sends it back to VerifyPaymentRedirect. 409 when card payment is unavailable or not chosen, 502 ' +
      'when the provider fails.',
    body: createPaymentIntentBody,
    response: paymentSchema,
    errors: [404, 409, 502],
  }),
  verifyPayment: defineEndpoint({
    method: 'GET',
    // The spec allows both methods.
    alsoMethods: ['POST'],
    path: '/api/Payment/VerifyPayment/{area}/{paymentId}',
    // An empty area or paymentId answers the spec §5 message instead of a bare 404.
    missingParameterPaths: ['/api/Payment/VerifyPayment/{area}', '/api/Payment/VerifyPayment'],
    policy: 'customer',
    tag: 'Payment',
    summary: 'The status of a card payment, verified with the provider',
    description:
      'Asks the provider (never the request) for the status; once the payment succeeded the order is placed ' +
      'and returned in `order`. Missing area or paymentId answers the spec §5 message.',
    params: verifyPaymentParams,
    response: paymentSchema,
    errors: [404, 409, 502],
  }),
  verifyPaymentRedirect: defineEndpoint({
    method: 'GET',
    alsoMethods: ['POST'],
    path: '/api/Payment/VerifyPaymentRedirect/{area}/{paymentId}',
    missingParameterPaths: ['/api/Payment/VerifyPaymentRedirect/{area}', '/api/Payment/VerifyPaymentRedirect'],
    // The provider redirects the browser here, with or without a token; the payment id is random and the status
    // is read from the provider, so nothing the browser sends decides the outcome.
    policy: 'public',
    tag: 'Payment',
    summary: 'Return address of the card provider: verifies, then redirects to the storefront',
    description:
      '302 to the storefront: `/checkout/receipt?cartId=…` once the order is placed, else ' +
      '`/checkout?paymentId=…&paymentStatus=…`. Query parameters are ignored.',
    params: verifyPaymentParams,
    // Providers append their own parameters; none of them is read.
    query: z.looseObject({}),
    successStatus: 302,
    response: z.null(),
    errors: [404, 409, 502],
  }),
};
