/**
 * The back office's Document calls (spec §7, issue 28): editors search, create, change and delete content documents
 * (pages, elements, forms, modals), see each document's earlier versions and restore one. A body is checked with
 * the same `contentDocumentBodySchema` the storefront reads with (ADR 016); every save names the version it edited,
 * so two editors never overwrite each other unseen.
 */
import { z } from 'zod';
import { areaIdSchema, languageCodeSchema } from './common.ts';
import { contentDocumentBodySchema, contentIdSchema, contentPageSchema } from './content-blocks.ts';

export const CONTENT_DOCUMENT_KINDS = ['page', 'element', 'form', 'modal'] as const;
export const contentDocumentKindSchema = z
  .enum(CONTENT_DOCUMENT_KINDS)
  .describe('What the document is: a page (has a URL), a reusable element, a form or a modal.');

/** How many documents one search answers at most. */
export const MAX_DOCUMENT_SEARCH_TAKE = 100;

const documentIdSchema = z.uuid().describe("The document's id (stays the same across its versions).");
const documentVersionSchema = z
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .describe('A version of the document: 1 when created, raised by one with every save.');

/** A page's content path: `/` for the home page, else `/words` without a trailing slash, query or language prefix. */
export const contentUrlSchema = z
  .string()
  .min(1)
  .max(500)
  .regex(
    /^\/(?:[a-z0-9][a-z0-9._~-]*(?:\/[a-z0-9][a-z0-9._~-]*)*)?$/,
    'must be a path like /about or /service/delivery (lower-case, no trailing slash, no query)',
  )
  .describe("The page's content path, e.g. `/about`; `/` is the home page. Pages only.");

export const documentSortFieldSchema = z.enum(['key', 'title', 'url', 'kind', 'version', 'updatedAt']);

/** POST /backoffice/api/Document/GetBySearch */
export const getDocumentsBySearchBody = z
  .object({
    kind: contentDocumentKindSchema.optional().describe('Only documents of this kind; left out: every kind.'),
    areaId: areaIdSchema.optional().describe('Only this sales area; left out: every area.'),
    languageCode: languageCodeSchema.optional(),
    text: z.string().max(200).optional().describe('Words the key, the title or the URL contains (case-insensitive).'),
    sort: documentSortFieldSchema.optional().describe('Column to sort by; left out: kind, then key.'),
    direction: z.enum(['asc', 'desc']).optional().describe('Sort direction; left out: ascending.'),
    skip: z.number().int().min(0).max(1_000_000),
    take: z.number().int().min(1).max(MAX_DOCUMENT_SEARCH_TAKE),
  })
  .strict();
export type GetDocumentsBySearchBody = z.infer<typeof getDocumentsBySearchBody>;

export const documentSummarySchema = z.object({
  id: documentIdSchema,
  areaId: z.string(),
  languageCode: z.string(),
  kind: contentDocumentKindSchema,
  key: z.string(),
  url: z.string().nullable().describe('Pages only; null for other kinds.'),
  title: z.string(),
  version: z.number().int(),
  updatedAt: z.string().describe('ISO 8601 time of the last save.'),
  updatedBy: z.string().nullable().describe('Username of whoever saved the current version; null for the seed.'),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const getDocumentsBySearchResponse = z.object({
  documents: z.array(documentSummarySchema),
  total: z.number().int().describe('Documents that match, over all pages.'),
});
export type GetDocumentsBySearchResponse = z.infer<typeof getDocumentsBySearchResponse>;

/** A document with its body, as the editor opens it. */
export const documentDetailSchema = documentSummarySchema.extend({
  body: contentDocumentBodySchema,
  createdAt: z.string(),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

/** POST /backoffice/api/Document/GetById (issue 28's editor; not in spec §7's list) */
export const getDocumentByIdBody = z.object({ id: documentIdSchema }).strict();

/** POST /backoffice/api/Document/Update */
export const updateDocumentBody = z
  .object({
    id: documentIdSchema
      .optional()
      .describe('The document to change; left out, the document is found by area, language, kind and key.'),
    areaId: areaIdSchema,
    languageCode: languageCodeSchema,
    key: contentIdSchema,
    title: z.string().trim().min(1).max(200).describe("A page's browser tab title; what editors call the others."),
    url: contentUrlSchema.optional(),
    body: contentDocumentBodySchema.describe("The document's content; its `kind` is the document's kind."),
    version: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .describe('The version this edit started from; 0 creates a new document. A stale one answers 409.'),
  })
  .strict();
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;

/** POST /backoffice/api/Document/DeleteByKey */
export const deleteDocumentByKeyBody = z
  .object({
    areaId: areaIdSchema,
    languageCode: languageCodeSchema,
    kind: contentDocumentKindSchema,
    key: contentIdSchema,
    version: documentVersionSchema.describe('The version the editor saw; a stale one answers 409.'),
  })
  .strict();

/** POST /backoffice/api/Document/GetHistory (issue 28; not in spec §7's list) */
export const getDocumentHistoryBody = z.object({ id: documentIdSchema }).strict();

export const documentVersionSummarySchema = z.object({
  version: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  savedAt: z.string().describe('ISO 8601 time this version was saved.'),
  savedBy: z.string().nullable().describe('Username of whoever saved it; null for the seed.'),
  isCurrent: z.boolean().describe('The version the document holds now.'),
});

export const getDocumentHistoryResponse = z.object({
  id: documentIdSchema,
  areaId: z.string(),
  languageCode: z.string(),
  kind: contentDocumentKindSchema,
  key: z.string(),
  isDeleted: z.boolean().describe('The document was deleted; its versions are kept.'),
  versions: z.array(documentVersionSummarySchema).describe('Newest first.'),
});
export type GetDocumentHistoryResponse = z.infer<typeof getDocumentHistoryResponse>;

/** POST /backoffice/api/Document/GetVersion (issue 28; not in spec §7's list) */
export const getDocumentVersionBody = z.object({ id: documentIdSchema, version: documentVersionSchema }).strict();
export const getDocumentVersionResponse = z.object({
  id: documentIdSchema,
  version: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  body: z.unknown().describe('The body as it was stored then (it may predate a schema change).'),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
});
export type GetDocumentVersionResponse = z.infer<typeof getDocumentVersionResponse>;

/** POST /backoffice/api/Document/Restore (issue 28; not in spec §7's list) */
export const restoreDocumentVersionBody = z
  .object({
    id: documentIdSchema,
    version: documentVersionSchema.describe('The earlier version whose title, URL and body are written back.'),
    currentVersion: documentVersionSchema.describe('The version the editor saw as current; a stale one answers 409.'),
  })
  .strict();

/** POST /backoffice/api/Document/Preview (issue 28; not in spec §7's list) */
export const previewDocumentBody = z
  .object({
    areaId: areaIdSchema,
    languageCode: languageCodeSchema,
    key: contentIdSchema,
    title: z.string().max(200),
    url: contentUrlSchema.optional(),
    body: contentDocumentBodySchema.describe('The unsaved body: a page, or an element shown as a page of its block.'),
  })
  .strict();
export const previewDocumentResponse = contentPageSchema.describe(
  'The page as GetContentByUrl would answer it with this body: blocks resolved, nothing saved.',
);
