/** Instant Excel calls (issue 26 §2); definitions in @b2b/contract/endpoints/instant-excel. */
import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { applyUpload, resolveOrderLines, validateUpload } from './instant-excel.service.ts';

export async function instantExcelRoutes(app: FastifyInstance) {
  registerEndpoint(app, instantExcelEndpoints.resolveOrderLines, async (request) =>
    resolveOrderLines(request.ctx, request.body),
  );
  registerEndpoint(app, instantExcelEndpoints.validateUpload, async (request) =>
    validateUpload(request.ctx, request.body),
  );
  registerEndpoint(app, instantExcelEndpoints.applyUpload, async (request) => applyUpload(request.ctx, request.body));
}
