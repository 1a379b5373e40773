/** Payment calls of spec §7 (Order, payment, shipping); definitions in @b2b/contract/endpoints/payment. */
import { paymentEndpoints } from '@b2b/contract/endpoints/payment';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { createHttpPaymentProvider } from './http-payment-provider.ts';
import {
  createPaymentIntent,
  getPaymentMethods,
  type PaymentDependencies,
  verifyPayment,
  verifyPaymentRedirect,
} from './payment.service.ts';
import type { PaymentProvider } from './payment-provider.ts';

export type PaymentRoutesOptions = {
  /** Replaces the configured provider (tests); by default the HTTP adapter when PAYMENT_PROVIDER_URL is set. */
  provider?: PaymentProvider | null;
};

export async function paymentRoutes(app: FastifyInstance, options: PaymentRoutesOptions = {}) {
  const config = app.config.payment;
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

  registerEndpoint(app, paymentEndpoints.getPaymentMethods, async (request) => getPaymentMethods(request.ctx, deps));
  registerEndpoint(app, paymentEndpoints.createPaymentIntent, async (request) =>
    createPaymentIntent(request.ctx, { cartId: request.body.cartId, areaId: request.body.area.areaId }, deps),
  );
  registerEndpoint(app, paymentEndpoints.verifyPayment, async (request) =>
    verifyPayment(request.ctx, { paymentId: request.params.paymentId }, deps),
  );
  registerEndpoint(app, paymentEndpoints.verifyPaymentRedirect, async (request, reply) => {
    const { location } = await verifyPaymentRedirect(request.ctx, { paymentId: request.params.paymentId }, deps);
    return reply.redirect(location, 302);
  });
}
