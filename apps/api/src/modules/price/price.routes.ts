/** Price calls of spec §7 (Products, prices, discounts). */
import { errorResponseSchema, getPricesBody, getPricesResponse } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getPrices } from './price.service.ts';
import { createPriceCache } from './price-cache.ts';

export async function priceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One cache per app instance (price-cache.ts: entries live a minute).
  const cache = createPriceCache();

  app.post('/api/Price/GetPrices', {
    // spec §1: prices only for logged-in users; anonymous callers get 401.
    config: { policy: 'customer' },
    schema: {
      tags: ['Price'],
      summary: "The caller's customer's prices for a batch of product keys",
      description:
        "The web asks in chunks of 12 (spec §9). currencyCode must be the customer's currency. Products without a " +
        'price are left out. Prices may be up to a minute old (in-process cache).',
      body: getPricesBody,
      response: {
        200: getPricesResponse,
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
      },
    },
    handler: async (request) => getPrices(request.ctx, request.body, cache),
  });
}
