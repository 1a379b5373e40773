/** Customer calls of spec §7 (Customer and customer center); definitions in @b2b/contract/endpoints/customer. */
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getCreditStatus } from './credit.service.ts';
import { getAddresses, getUsualQuantities } from './customer.service.ts';

export async function customerRoutes(app: FastifyInstance) {
  registerEndpoint(app, customerEndpoints.getAddresses, async (request) => getAddresses(request.ctx));
  registerEndpoint(app, customerEndpoints.getUsualQuantities, async (request) =>
    getUsualQuantities(request.ctx, request.body),
  );
  registerEndpoint(app, customerEndpoints.getCreditStatus, async (request) => getCreditStatus(request.ctx));
}
