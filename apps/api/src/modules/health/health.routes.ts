/** Liveness/readiness for load balancers (architecture "Scale-out"); not a spec call. */
import { errorResponseSchema } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from './health.service.ts';

export const healthResponse = z.object({
  status: z.literal('ok').describe('The API answers and its database answers.'),
  database: z.enum(['pglite', 'postgres']).describe('Which database the API runs on.'),
});

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', {
    config: { policy: 'public' },
    schema: {
      tags: ['Operations'],
      summary: 'Health check: the API and its database answer',
      response: { 200: healthResponse, 500: errorResponseSchema },
    },
    handler: async (request) => checkHealth(request.ctx, fastify.database.kind),
  });
}
