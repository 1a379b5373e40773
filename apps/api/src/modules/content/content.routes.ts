/** Content calls of spec §7 that resolve catalogue URLs. */
import { errorResponseSchema, getContentByUrlQuery, getContentByUrlResponse } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { getContentByUrl } from './content.service.ts';

const TAGS = ['Content'];

export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const searchIndex = await useSearchIndex(fastify);

  app.get('/api/Content/GetContentByUrl', {
    config: { policy: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Resolve a storefront URL to a product, a category or 404',
      description:
        'The language prefix (e.g. /en-GB) and the query string are ignored; an empty path means / (spec §2). ' +
        'Unknown paths answer HTTP 200 with `status` 404, which the storefront turns into its 404 page.',
      querystring: getContentByUrlQuery,
      response: { 200: getContentByUrlResponse, 400: errorResponseSchema },
    },
    handler: async (request) => getContentByUrl(request.ctx, request.query, searchIndex.catalogue),
  });
}
