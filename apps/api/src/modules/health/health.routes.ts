/** The health check (definition in @b2b/contract/endpoints/health). */
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { checkHealth } from './health.service.ts';

export async function healthRoutes(app: FastifyInstance) {
  registerEndpoint(app, healthEndpoints.getHealth, async (request) => checkHealth(request.ctx));
}
