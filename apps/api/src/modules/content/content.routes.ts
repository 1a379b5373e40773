/**
 * Content calls of spec §7 (pages, products and categories by URL, redirects, elements, translations, the content
 * models); definitions in @b2b/contract/endpoints/content.
 */
import { INTERNAL_API_SECRET_HEADER } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { getContentByUrl } from './content.service.ts';
import type { ContentSources } from './content-blocks.service.ts';
import { dummyToGetModels } from './content-models.service.ts';
import { getElementById, getElementsByIds, getElementsBySearch } from './element.service.ts';
import { getAllRedirects, getRedirectByUrl } from './redirect.service.ts';
import { getTranslationsByAreaId } from './translation.service.ts';

export async function contentRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);
  // The snapshot current when the request arrives, and the request's logger for documents that fail their schema.
  const sourcesFor = (log: FastifyBaseLogger): ContentSources => ({ catalogue: searchIndex.catalogue, log });

  registerEndpoint(app, contentEndpoints.getContentByUrl, async (request) =>
    getContentByUrl(request.ctx, request.query, sourcesFor(request.log), app.redirectMap),
  );

  registerEndpoint(app, contentEndpoints.getRedirectByUrl, async (request) =>
    getRedirectByUrl(request.ctx, request.query, app.redirectMap),
  );
  registerEndpoint(
    app,
    contentEndpoints.getAllRedirects,
    async (request) =>
      getAllRedirects(request.ctx, {
        givenSecret: request.headers[INTERNAL_API_SECRET_HEADER] as string | undefined,
        configuredSecret: app.config.internalApiSecret,
      }),
    // each storefront process after each change: not worth a request log line each
    { logLevel: 'warn' },
  );

  registerEndpoint(app, contentEndpoints.getElementById, async (request) =>
    getElementById(request.ctx, request.body, sourcesFor(request.log)),
  );

  registerEndpoint(app, contentEndpoints.getElementsByIds, async (request) =>
    getElementsByIds(request.ctx, request.body, sourcesFor(request.log)),
  );

  registerEndpoint(app, contentEndpoints.getElementsBySearch, async (request) =>
    getElementsBySearch(request.ctx, request.body, sourcesFor(request.log)),
  );

  registerEndpoint(app, contentEndpoints.getTranslationsByAreaId, async (request) =>
    getTranslationsByAreaId(request.ctx, request.query),
  );

  registerEndpoint(app, contentEndpoints.dummyToGetModels, async (request) =>
    dummyToGetModels(request.ctx, sourcesFor(request.log)),
  );
}
