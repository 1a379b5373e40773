/** The health check and the integrity report (definitions in @b2b/contract/endpoints/health). */
import { INTEGRITY_TOKEN_HEADER } from '@b2b/contract';
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import { checkHealth } from './health.service.ts';
import { getIntegrityCheck } from './integrity.service.ts';

export async function healthRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);

  registerEndpoint(app, healthEndpoints.getHealth, async (request) => checkHealth(request.ctx));

  registerEndpoint(app, healthEndpoints.getIntegrityCheck, async (request) => {
    const integrityToken = request.headers[INTEGRITY_TOKEN_HEADER];
    return getIntegrityCheck(
      request.ctx,
      { integrityToken: typeof integrityToken === 'string' ? integrityToken : undefined },
      {
        searchIndex,
        isMailDeliveryOn: app.config.mail.smtpUrl !== undefined,
        integrityCheckToken: app.config.integrityCheckToken,
      },
    );
  });
}
