/** Debug calls (spec §7 back office; ADR 030); definitions in @b2b/contract/endpoints/debug. */
import { INTERNAL_API_SECRET_HEADER } from '@b2b/contract';
import { debugEndpoints } from '@b2b/contract/endpoints/debug';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getCacheUsage, invalidateCacheByType, reportWebCacheUsage } from './cache-usage.service.ts';

export async function debugRoutes(app: FastifyInstance) {
  registerEndpoint(app, debugEndpoints.getCacheUsage, async (request) =>
    getCacheUsage(request.ctx, { current: { ...app.cacheInstance, caches: app.caches.read() } }),
  );
  registerEndpoint(app, debugEndpoints.invalidateCacheByType, async (request) => {
    const answer = await invalidateCacheByType(request.ctx, request.body);
    // This instance at once (committed); the others when they poll.
    app.caches.invalidate(request.body.type);
    return answer;
  });
  registerEndpoint(
    app,
    debugEndpoints.reportWebCacheUsage,
    async (request) =>
      reportWebCacheUsage(request.ctx, {
        ...request.body,
        givenSecret: request.headers[INTERNAL_API_SECRET_HEADER] as string | undefined,
        configuredSecret: app.config.internalApiSecret,
      }),
    // every storefront process every 2 s: a request log line each would drown the log
    { logLevel: 'warn' },
  );
}
