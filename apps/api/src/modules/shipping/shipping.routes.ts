/** Shipping calls of spec §7 (Order, payment, shipping). */
import {
  errorResponseSchema,
  getShippingCountriesQuery,
  getShippingCountriesResponse,
  getShippingMethodsBody,
  getShippingMethodsResponse,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getShippingCountries, getShippingMethods } from './shipping.service.ts';

const TAGS = ['Shipping'];
const ERRORS = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export async function shippingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/Shipping/GetShippingMethods', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: 'Shipping methods to a country, with the fee in the customer’s currency',
      description:
        "Methods of the customer's area that ship to `countryCode`, cheapest first. The fee is the base fee; " +
        'CalculateCart makes it 0 when the goods total reaches `freeAbove`.',
      body: getShippingMethodsBody,
      response: { 200: getShippingMethodsResponse, ...ERRORS },
    },
    handler: async (request) => getShippingMethods(request.ctx, request.body),
  });

  app.get('/api/Shipping/GetShippingCountries', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: 'The countries an area ships to',
      description: 'All three `AreaInfo.*` parameters are required (spec §5).',
      querystring: getShippingCountriesQuery,
      response: { 200: getShippingCountriesResponse, ...ERRORS },
    },
    handler: async (request) => getShippingCountries(request.ctx, { areaId: request.query['AreaInfo.AreaId'] }),
  });
}
