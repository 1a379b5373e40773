/** The back office's audit log (issue 28); definitions in @b2b/contract/endpoints/audit. */
import { auditEndpoints } from '@b2b/contract/endpoints/audit';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getAuditEntriesBySearch } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance) {
  registerEndpoint(app, auditEndpoints.getAuditEntriesBySearch, async (request) =>
    getAuditEntriesBySearch(request.ctx, request.body),
  );
}
