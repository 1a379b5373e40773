/**
 * This instance's redirect map (ADR 037): every redirect of every area in memory, for GetRedirectByUrl. Reloaded when
 * a `redirects` invalidation arrives (cache-usage.plugin.ts polls for them) and, awaited, after this instance's own
 * redirect writes (redirect-admin.service.ts).
 */
import { RedirectMap } from '@b2b/contract/redirect-map';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAnonymousContext } from '../../context.ts';
import { loadAllRedirects } from './redirect.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redirectMap: RedirectMap;
  }
}

export const redirectMapPlugin = fp(
  async (app: FastifyInstance) => {
    const redirectMap = new RedirectMap({
      loadAll: () => loadAllRedirects(createAnonymousContext(app.database.db, 'redirect-map')),
      registry: app.caches,
      onLoadError: (error) => app.log.error({ err: error }, 'loading the redirect map failed; the last one answers'),
    });
    app.decorate('redirectMap', redirectMap);
  },
  { name: 'redirect-map' },
);
