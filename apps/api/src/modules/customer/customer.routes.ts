/** Customer calls of spec §7 (Customer and customer center). */
import { errorResponseSchema, getAddressesBody, getAddressesResponse } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getAddresses } from './customer.service.ts';

const TAGS = ['Customer'];

export async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/Customer/GetAddresses', {
    config: { policy: 'customer' },
    schema: {
      tags: TAGS,
      summary: "The ship-to addresses of the caller's customer",
      description: 'The default address first, then by name. A user without a customer gets 403.',
      body: getAddressesBody,
      response: {
        200: getAddressesResponse,
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
      },
    },
    handler: async (request) => getAddresses(request.ctx),
  });
}
