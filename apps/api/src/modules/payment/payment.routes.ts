/** Payment calls of spec §7 (Order, payment, shipping). */
import {
  createPaymentIntentBody,
  createPaymentIntentResponse,
  errorResponseSchema,
  getPaymentMethodsBody,
  getPaymentMethodsResponse,
  verifyPaymentParams,
  verifyPaymentResponse,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createHttpPaymentProvider } from './http-payment-provider.ts';
import {
  createPaymentIntent,
  getPaymentMethods,
  type PaymentDependencies,
  verifyPayment,
  verifyPaymentRedirect,
} from './payment.service.ts';
import type { PaymentProvider } from './payment-provider.ts';

const TAGS = ['Payment'];
const ERRORS = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

/**
 * The spec's paths with both parameters, plus the shorter ones a client may hit when a parameter is empty: those
 * answer 400 with the spec §5 message for the missing parameter instead of a bare 404.
 */
function verifyPaths(name: 'VerifyPayment' | 'VerifyPaymentRedirect'): string[] {
  return [`/api/Payment/${name}/:area/:paymentId`, `/api/Payment/${name}/:area`, `/api/Payment/${name}`];
}

export type PaymentRoutesOptions = {
  /** Replaces the configured provider (tests); by default the HTTP adapter when PAYMENT_PROVIDER_URL is set. */
  provider?: PaymentProvider | null;
};

export async function paymentRoutes(fastify: FastifyInstance, options: PaymentRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = fastify.config.payment;
  const provider =
    options.provider !== undefined
      ? options.provider
      : config.providerUrl && config.providerSecret
        ? createHttpPaymentProvider({ baseUrl: config.providerUrl, secret: config.providerSecret })
        : null;
  const deps: PaymentDependencies = {
    provider,
    returnBaseUrl: config.returnBaseUrl,
    storefrontUrl: config.storefrontUrl,
  };

  app.post('/api/Payment/GetPaymentMethods', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: 'Payment methods for checkout',
      description:
        'Payment on account (invoice) is the B2B default and comes first; card payment is offered only when a ' +
        'card payment provider is configured.',
      body: getPaymentMethodsBody,
      response: { 200: getPaymentMethodsResponse, ...ERRORS },
    },
    handler: async (request) => getPaymentMethods(request.ctx, deps),
  });

  app.post('/api/Payment/CreatePaymentIntent', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "Starts a card payment of the cart's total",
      description:
        'The amount is the cart total with VAT, priced on the server. Send the browser to `redirectUrl`; the ' +
        'provider sends it back to VerifyPaymentRedirect. 409 when card payment is unavailable or not chosen.',
      body: createPaymentIntentBody,
      response: { 200: createPaymentIntentResponse, ...ERRORS },
    },
    handler: async (request) =>
      createPaymentIntent(request.ctx, { cartId: request.body.cartId, areaId: request.body.area.areaId }, deps),
  });

  for (const url of verifyPaths('VerifyPayment')) {
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { policy: 'customer' },
      schema: {
        tags: TAGS,
        summary: 'The status of a card payment, verified with the provider',
        description:
          'Asks the provider (never the request) for the status; once the payment succeeded the order is placed ' +
          'and returned in `order`. Missing area or paymentId answers the spec §5 message.',
        params: verifyPaymentParams,
        response: { 200: verifyPaymentResponse, ...ERRORS },
      },
      handler: async (request) => verifyPayment(request.ctx, { paymentId: request.params.paymentId }, deps),
    });
  }

  for (const url of verifyPaths('VerifyPaymentRedirect')) {
    app.route({
      method: ['GET', 'POST'],
      url,
      // The provider redirects the browser here, with or without a token; the payment id is random and the status
      // is read from the provider, so nothing the browser sends decides the outcome.
      config: { policy: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Return address of the card provider: verifies, then redirects to the storefront',
        description:
          '302 to the storefront: `/checkout/receipt?cartId=…` once the order is placed, else ' +
          '`/checkout?paymentId=…&paymentStatus=…`. Query parameters are ignored.',
        params: verifyPaymentParams,
        querystring: z.looseObject({}),
        response: { 302: z.null(), ...ERRORS },
      },
      handler: async (request, reply) => {
        const { location } = await verifyPaymentRedirect(request.ctx, { paymentId: request.params.paymentId }, deps);
        return reply.redirect(location, 302);
      },
    });
  }
}
