/**
 * POST /api/InstantExcel/DownloadSheet (issue 26 §2, ADR 028); the definition is in @b2b/contract/endpoints/instant-excel.
 * The other Instant Excel calls (resolve, validate, apply) are registered by instant-excel.routes.ts.
 */
import { SHEET_CONTENT_TYPE } from '@b2b/contract';
import { instantExcelEndpoints } from '@b2b/contract/endpoints/instant-excel';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { downloadSheet } from './sheet-download.service.ts';

export async function sheetDownloadRoutes(app: FastifyInstance) {
  registerEndpoint(app, instantExcelEndpoints.downloadSheet, async (request, reply) => {
    const sheet = await downloadSheet(request.ctx, { scope: request.body.scope });
    // The customer's prices: a download for this user only, never kept by a shared cache.
    return reply
      .header('content-disposition', `attachment; filename="${sheet.fileName}"`)
      .header('cache-control', 'private, no-store')
      .type(SHEET_CONTENT_TYPE)
      .send(sheet.stream);
  });
}
