/** Content calls of spec §7 (catalogue pages and redirects by URL); definitions in @b2b/contract/endpoints/content. */
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { getContentByUrl } from './content.service.ts';
import { getRedirectByUrl } from './redirect.service.ts';

export async function contentRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);

  registerEndpoint(app, contentEndpoints.getContentByUrl, async (request) =>
    getContentByUrl(request.ctx, request.query, searchIndex.catalogue),
  );

  registerEndpoint(app, contentEndpoints.getRedirectByUrl, async (request) =>
    getRedirectByUrl(request.ctx, request.query),
  );
}
