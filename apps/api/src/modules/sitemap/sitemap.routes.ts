/** Sitemap data for the storefront's sitemap routes (spec §2); definitions in @b2b/contract/endpoints/sitemap. */
import { sitemapEndpoints } from '@b2b/contract/endpoints/sitemap';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { getSitemapEntries, getSitemapIndex } from './sitemap.service.ts';

export async function sitemapRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);

  registerEndpoint(app, sitemapEndpoints.getIndex, async (request) =>
    getSitemapIndex(request.ctx, request.query, searchIndex.catalogue),
  );
  registerEndpoint(app, sitemapEndpoints.getEntries, async (request) =>
    getSitemapEntries(request.ctx, request.query, searchIndex.catalogue),
  );
}
