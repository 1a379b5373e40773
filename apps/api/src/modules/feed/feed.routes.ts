/** The partner product-information feed (definition in @b2b/contract/endpoints/feed). */
import { feedEndpoints } from '@b2b/contract/endpoints/feed';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getPerfionFeedEntries } from './feed.service.ts';

export async function feedRoutes(app: FastifyInstance) {
  registerEndpoint(app, feedEndpoints.getPerfionFeedEntries, async (request) =>
    getPerfionFeedEntries(request.ctx, request.query, app.config.perfionFeedToken),
  );
}
