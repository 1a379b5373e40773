/** Price calls of spec §7 (Products, prices, discounts); definitions in @b2b/contract/endpoints/price. */
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getPrices } from './price.service.ts';
import { createPriceCache, registerPriceCache } from './price-cache.ts';

export async function priceRoutes(app: FastifyInstance) {
  // One cache per app instance (price-cache.ts: entries live a minute).
  const cache = registerPriceCache(app.caches, createPriceCache());

  registerEndpoint(app, priceEndpoints.getPrices, async (request) => getPrices(request.ctx, request.body, cache));
}
