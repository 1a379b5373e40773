/** Shipping calls of spec §7 (Order, payment, shipping); definitions in @b2b/contract/endpoints/shipping. */
import { shippingEndpoints } from '@b2b/contract/endpoints/shipping';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getOrderTerms } from './order-terms.service.ts';
import { getShippingCountries, getShippingMethods } from './shipping.service.ts';

export async function shippingRoutes(app: FastifyInstance) {
  registerEndpoint(app, shippingEndpoints.getShippingMethods, async (request) =>
    getShippingMethods(request.ctx, request.body),
  );
  registerEndpoint(app, shippingEndpoints.getShippingCountries, async (request) =>
    getShippingCountries(request.ctx, { areaId: request.query['AreaInfo.AreaId'] }),
  );
  registerEndpoint(app, shippingEndpoints.getOrderTerms, async (request) =>
    getOrderTerms(request.ctx, {
      areaId: request.query['AreaInfo.AreaId'],
      currencyCode: request.query['AreaInfo.CurrencyCode'],
    }),
  );
}
