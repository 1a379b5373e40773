/** Customer calls of spec §7 (Customer and customer center); definitions in @b2b/contract/endpoints/customer. */
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getAddresses } from './customer.service.ts';

export async function customerRoutes(app: FastifyInstance) {
  registerEndpoint(app, customerEndpoints.getAddresses, async (request) => getAddresses(request.ctx));
}
