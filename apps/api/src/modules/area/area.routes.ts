/** Area calls of spec §7 (listed under Content there). */
import { errorResponseSchema, getAreaByIdQuery, getAreaByIdResponse, getAreasResponse } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getAreaById, getAreas } from './area.service.ts';

const TAGS = ['Area'];

export async function areaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/Area/GetAreaById', {
    // Public: the storefront needs the area's menus and settings before anyone logs in (spec §2 Menus).
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'One sales area with its settings',
      querystring: getAreaByIdQuery,
      response: { 200: getAreaByIdResponse, 400: errorResponseSchema, 404: errorResponseSchema },
    },
    handler: async (request) => getAreaById(request.ctx, { areaId: request.query.AreaId }),
  });

  app.get('/backoffice/api/Area/GetAreas', {
    config: { policy: 'backoffice' },
    schema: {
      tags: ['Back office'],
      summary: 'All sales areas',
      response: { 200: getAreasResponse, 401: errorResponseSchema, 403: errorResponseSchema },
    },
    handler: async (request) => getAreas(request.ctx),
  });
}
