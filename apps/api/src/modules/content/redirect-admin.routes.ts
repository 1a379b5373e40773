/** The back office's redirect calls (spec §7 Redirects, issue 28); definitions in @b2b/contract/endpoints/redirects. */
import { REDIRECTS_CSV_CONTENT_TYPE, redirectsEndpoints } from '@b2b/contract/endpoints/redirects';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import {
  type CsvFile,
  deleteAllRedirects,
  deleteRedirects,
  getAllRedirectsAsCsv,
  getRedirectsBySearch,
  getRedirectsHeaderAsCsv,
  type RedirectSources,
  updateRedirect,
  updateRedirectsByCsv,
} from './redirect-admin.service.ts';

/** A CSV answer as a download; staff data, never kept by a shared cache. */
function sendCsvFile(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .type(REDIRECTS_CSV_CONTENT_TYPE)
    .send(file.csv);
}

export async function redirectAdminRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);
  // The category pages of the snapshot current when the request arrives.
  const sources = (): RedirectSources => ({ categories: searchIndex.catalogue.categories });

  registerEndpoint(app, redirectsEndpoints.getBySearch, async (request) =>
    getRedirectsBySearch(request.ctx, request.body),
  );
  registerEndpoint(app, redirectsEndpoints.getAllRedirectsAsCsv, async (request, reply) =>
    sendCsvFile(reply, await getAllRedirectsAsCsv(request.ctx, request.body)),
  );
  registerEndpoint(app, redirectsEndpoints.getRedirectsHeaderAsCsv, async (_request, reply) =>
    sendCsvFile(reply, getRedirectsHeaderAsCsv()),
  );
  registerEndpoint(app, redirectsEndpoints.updateRedirect, async (request) =>
    updateRedirect(request.ctx, request.body, sources(), app.redirectMap),
  );
  registerEndpoint(app, redirectsEndpoints.updateRedirectsByCsv, async (request) =>
    updateRedirectsByCsv(request.ctx, request.body, sources(), app.redirectMap),
  );
  registerEndpoint(app, redirectsEndpoints.deleteRedirects, async (request) =>
    deleteRedirects(request.ctx, request.body, app.redirectMap),
  );
  registerEndpoint(app, redirectsEndpoints.deleteAllRedirects, async (request) =>
    deleteAllRedirects(request.ctx, request.body, app.redirectMap),
  );
}
