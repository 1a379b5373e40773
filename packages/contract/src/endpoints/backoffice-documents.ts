/**
 * The back office's Document calls (spec §7 Document: GetBySearch, Update, DeleteByKey) and, beside them, what an
 * editor needs that the spec's list leaves out (issue 28): one document by id, its history, one earlier version,
 * restoring it, and a preview of an unsaved body.
 */
import { z } from 'zod';
import {
  deleteDocumentByKeyBody,
  documentDetailSchema,
  getDocumentByIdBody,
  getDocumentHistoryBody,
  getDocumentHistoryResponse,
  getDocumentsBySearchBody,
  getDocumentsBySearchResponse,
  getDocumentVersionBody,
  getDocumentVersionResponse,
  previewDocumentBody,
  previewDocumentResponse,
  restoreDocumentVersionBody,
  updateDocumentBody,
} from '../backoffice-documents.ts';
import { defineEndpoint } from '../endpoint.ts';

export const backofficeDocumentEndpoints = {
  getDocumentsBySearch: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/GetBySearch',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Content documents by kind, area, language and text, a page of them',
    body: getDocumentsBySearchBody,
    response: getDocumentsBySearchResponse,
  }),
  getDocumentById: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/GetById',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "One content document with its body, for the editor (issue 28; not in spec §7's list)",
    body: getDocumentByIdBody,
    response: documentDetailSchema,
    errors: [404],
  }),
  updateDocument: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/Update',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Creates a content document or saves a new version of one',
    description:
      'The body is checked with the schema the storefront reads with (400 naming the field path); an `element` ' +
      'block must name an element of the area and language, a `form` block a form (400). `version` is the version ' +
      'the edit started from (0: a new document); a stale one answers 409 DocumentHasBeenModifiedException and ' +
      "changes nothing. A page's URL is unique in its area and language (409 naming the page that holds it). The " +
      'replaced version is kept in the history; the change is written to the audit log in the same transaction.',
    body: updateDocumentBody,
    response: documentDetailSchema,
    errors: [404, 409],
  }),
  deleteDocumentByKey: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/DeleteByKey',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Deletes a content document that nothing includes',
    description:
      'Refused (409 ConflictException naming them) while a page or an element includes it: an element used by an ' +
      '`element` block, a form used by a `form` block. A stale `version` answers 409. The last version is kept in ' +
      'the history.',
    body: deleteDocumentByKeyBody,
    successStatus: 204,
    response: z.null(),
    errors: [404, 409],
  }),
  getDocumentHistory: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/GetHistory',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "A document's versions, newest first, with who saved each and when (issue 28; not in spec §7's list)",
    body: getDocumentHistoryBody,
    response: getDocumentHistoryResponse,
    errors: [404],
  }),
  getDocumentVersion: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/GetVersion',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "One version of a document with its body (issue 28; not in spec §7's list)",
    body: getDocumentVersionBody,
    response: getDocumentVersionResponse,
    errors: [404],
  }),
  restoreDocumentVersion: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/Restore',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "Writes an earlier version's content back as a new version (issue 28; not in spec §7's list)",
    description:
      'Checked as an Update is: a body a newer schema refuses answers 400, a stale `currentVersion` 409. ' +
      'Recorded in the audit log as `restore`.',
    body: restoreDocumentVersionBody,
    response: documentDetailSchema,
    errors: [404, 409],
  }),
  previewDocument: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Document/Preview',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "An unsaved page or element resolved as the storefront would show it (issue 28; not in spec §7's list)",
    description: 'Nothing is saved. Blocks naming a missing element or form are left out, as on the storefront.',
    body: previewDocumentBody,
    response: previewDocumentResponse,
  }),
};
