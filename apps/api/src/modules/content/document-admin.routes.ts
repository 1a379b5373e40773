/**
 * The back office's Document calls (spec §7, issue 28); definitions in @b2b/contract/endpoints/backoffice-documents.
 */
import { backofficeDocumentEndpoints } from '@b2b/contract/endpoints/backoffice-documents';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { useSearchIndex } from '../search/search-index.plugin.ts';
import {
  deleteDocumentByKey,
  getDocumentById,
  getDocumentHistory,
  getDocumentsBySearch,
  getDocumentVersion,
  previewDocument,
  restoreDocumentVersion,
  updateDocument,
} from './document-admin.service.ts';

export async function documentAdminRoutes(app: FastifyInstance) {
  const searchIndex = await useSearchIndex(app);

  registerEndpoint(app, backofficeDocumentEndpoints.getDocumentsBySearch, async (request) =>
    getDocumentsBySearch(request.ctx, request.body),
  );
  registerEndpoint(app, backofficeDocumentEndpoints.getDocumentById, async (request) =>
    getDocumentById(request.ctx, request.body),
  );
  registerEndpoint(app, backofficeDocumentEndpoints.updateDocument, async (request) =>
    updateDocument(request.ctx, request.body),
  );
  registerEndpoint(app, backofficeDocumentEndpoints.deleteDocumentByKey, async (request, reply) => {
    await deleteDocumentByKey(request.ctx, request.body);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, backofficeDocumentEndpoints.getDocumentHistory, async (request) =>
    getDocumentHistory(request.ctx, request.body),
  );
  registerEndpoint(app, backofficeDocumentEndpoints.getDocumentVersion, async (request) =>
    getDocumentVersion(request.ctx, request.body),
  );
  registerEndpoint(app, backofficeDocumentEndpoints.restoreDocumentVersion, async (request) =>
    restoreDocumentVersion(request.ctx, request.body),
  );
  // The catalogue snapshot current when the request arrives, as GetContentByUrl resolves blocks with.
  registerEndpoint(app, backofficeDocumentEndpoints.previewDocument, async (request) =>
    previewDocument(request.ctx, request.body, { catalogue: searchIndex.catalogue, log: request.log }),
  );
}
