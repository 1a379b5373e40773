/**
 * The back office's Document calls (spec §7, issue 28): editors search, create, change and delete content documents,
 * read their history and restore an earlier version, and preview an unsaved page.
 *
 * - A save names the version it started from; the check and the raise are one statement, so of two editors saving
 *   the same version exactly one wins and the other gets 409 DocumentHasBeenModifiedException with nothing changed.
 * - The version a save or a delete replaces is copied to content_document_versions (with who saved it and when), in
 *   the same transaction as the change and its audit entry: a failed write leaves neither.
 * - Includes are checked when written: an `element` block must name an element, a `form` block a form, of the same
 *   area and language; an element never includes an element (the storefront resolves one level, ADR 016). A document
 *   still included elsewhere cannot be deleted.
 * - The storefront reads documents per request (GetContentByUrl has no API-side cache); its own caches keep an answer
 *   less than 5 s in all (apps/web/app/lib/content.server.ts, page-cache.server.ts).
 */
import {
  type ContentBlock,
  type ContentDocumentBody,
  type ContentDocumentKind,
  type ContentPage,
  contentDocumentBodySchema,
  type DocumentDetail,
  type DocumentSummary,
  type GetDocumentHistoryResponse,
  type GetDocumentsBySearchBody,
  type GetDocumentsBySearchResponse,
  type GetDocumentVersionResponse,
  type UpdateDocumentBody,
} from '@b2b/contract';
import { isUniqueViolation } from '@b2b/db';
import type { RequestContext } from '../../context.ts';
import { inTransaction, requireUser } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import { type ContentSources, resolveBlocks } from './content-blocks.service.ts';
import type { ContentDocumentRow, DocumentScope } from './content-document.repository.ts';
import {
  type AdminDocumentRow,
  type DocumentContent,
  deleteDocumentIfVersion,
  findDocumentById,
  findDocumentByKey,
  findDocumentsIncluding,
  findDocumentVersion,
  findDocumentVersions,
  findExistingKeys,
  findPageHoldingUrl,
  insertDocument,
  insertDocumentVersion,
  searchDocuments,
  updateDocumentIfVersion,
} from './document-admin.repository.ts';

const KIND_NAMES: Record<ContentDocumentKind, string> = {
  page: 'page',
  element: 'element',
  form: 'form',
  modal: 'modal',
};

type DocumentIdentity = Pick<ContentDocumentRow, 'areaId' | 'languageCode' | 'kind' | 'key' | 'url'>;

/** How messages and the audit log name a document: `the page "about" (/about, eu en-GB)`. */
export function describeDocument(document: DocumentIdentity): string {
  const kind = KIND_NAMES[document.kind as ContentDocumentKind] ?? document.kind;
  const where = [document.url, `${document.areaId} ${document.languageCode}`].filter(Boolean).join(', ');
  return `the ${kind} "${document.key}" (${where})`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function toSummary(row: AdminDocumentRow): DocumentSummary {
  return {
    id: row.id,
    areaId: row.areaId,
    languageCode: row.languageCode,
    kind: row.kind as ContentDocumentKind,
    key: row.key,
    url: row.url,
    title: row.title,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

function toDetail(row: AdminDocumentRow): DocumentDetail {
  return { ...toSummary(row), body: row.body, createdAt: row.createdAt.toISOString() };
}

function documentNotFound(what: string): AppError {
  return new AppError('NotFoundException', `There is no content document ${what}.`);
}

function documentModified(row: AdminDocumentRow | ContentDocumentRow, field = 'version'): AppError {
  return new AppError(
    'DocumentHasBeenModifiedException',
    `${capitalise(describeDocument(row))} was changed meanwhile (now version ${row.version}); nothing was saved. ` +
      'Reload it and repeat the change.',
    [{ field, message: `is not the document's current version ${row.version}` }],
  );
}

/** What the audit log keeps of a version: the parts an editor changes. */
function auditedContent(content: DocumentContent): DocumentContent {
  return { title: content.title, url: content.url, body: content.body };
}

/** POST Document/GetBySearch: documents by kind, area, language and text, one page of them. */
export async function getDocumentsBySearch(
  ctx: RequestContext,
  input: GetDocumentsBySearchBody,
): Promise<GetDocumentsBySearchResponse> {
  const { rows, total } = await searchDocuments(ctx.db, input);
  return { documents: rows.map(toSummary), total };
}

/** POST Document/GetById: one document with its body. */
export async function getDocumentById(ctx: RequestContext, input: { id: string }): Promise<DocumentDetail> {
  const row = await findDocumentById(ctx.db, input.id);
  if (row === null) throw documentNotFound(`with the id ${input.id}`);
  return toDetail(row);
}

/** The element and form ids a body's blocks name, with the field path of each, for the include check. */
type Include = { kind: 'element' | 'form'; key: string; field: string };

function listIncludes(body: ContentDocumentBody): Include[] {
  const named = (block: ContentBlock, field: string): Include[] => {
    if (block.type === 'element')
      return [{ kind: 'element' as const, key: block.elementId, field: `${field}.elementId` }];
    if (block.type === 'form') return [{ kind: 'form' as const, key: block.formId, field: `${field}.formId` }];
    return [];
  };
  if (body.kind === 'page') return body.blocks.flatMap((block, position) => named(block, `body.blocks.${position}`));
  if (body.kind === 'element') return named(body.block, 'body.block');
  return [];
}

/** 400 for a block naming an element or form the area and language lack, or an element including an element. */
async function checkIncludes(ctx: RequestContext, scope: DocumentScope, body: ContentDocumentBody): Promise<void> {
  if (body.kind === 'element' && body.block.type === 'element') {
    throw validationError('body.block.type', 'cannot be element: an element cannot include another element');
  }
  const includes = listIncludes(body);
  const [elements, forms] = await Promise.all([
    findExistingKeys(
      ctx.db,
      { ...scope, kind: 'element' },
      includes.flatMap((i) => (i.kind === 'element' ? [i.key] : [])),
    ),
    findExistingKeys(
      ctx.db,
      { ...scope, kind: 'form' },
      includes.flatMap((i) => (i.kind === 'form' ? [i.key] : [])),
    ),
  ]);
  const missing = includes.filter((include) => !(include.kind === 'element' ? elements : forms).has(include.key));
  if (missing.length > 0) {
    const errors = missing.map((include) => ({
      field: include.field,
      message: `names the ${include.kind} "${include.key}", which ${scope.areaId} ${scope.languageCode} does not have`,
    }));
    throw new AppError(
      'ValidationException',
      errors.map((error) => `${error.field} ${error.message}`).join('; '),
      errors,
    );
  }
}

/** 400 when a page lacks its URL or another kind has one. */
function checkUrl(kind: ContentDocumentKind, url: string | undefined | null): string | null {
  if (kind === 'page' && (url === undefined || url === null)) throw validationError('url', 'is required for a page');
  if (kind !== 'page' && url !== undefined && url !== null) {
    throw validationError('url', `is for pages only; a ${kind} has none`);
  }
  return url ?? null;
}

/** 400 when the home page would be closed to some visitors: every visitor, and every login, lands on `/`. */
function checkHomePageIsOpen(url: string | null, body: ContentDocumentBody): void {
  if (url !== '/' || body.kind !== 'page') return;
  if (body.visibleTo !== undefined && body.visibleTo !== 'everyone') {
    throw validationError('body.visibleTo', 'must be everyone on the home page /: every visitor lands there');
  }
}

/** 409 naming the page that holds the URL already. */
async function checkUrlIsFree(
  ctx: RequestContext,
  scope: DocumentScope,
  url: string | null,
  exceptId: string | null,
): Promise<void> {
  if (url === null) return;
  const holder = await findPageHoldingUrl(ctx.db, { ...scope, url, exceptId });
  if (holder !== null) throw urlTaken(url, describeDocument(holder));
}

function urlTaken(url: string, holder: string): AppError {
  return new AppError('ConflictException', `The URL ${url} is already ${holder}'s; a URL names one page.`, [
    { field: 'url', message: `is already the URL of ${holder}` },
  ]);
}

/**
 * Writes `content` as the next version of `current` (which the caller has checked is at the version edited), keeps
 * `current` in the history and records the change; the caller's transaction holds it all.
 */
async function saveNextVersion(
  ctx: RequestContext,
  current: AdminDocumentRow,
  content: DocumentContent,
  audit: { action: 'update' | 'restore'; summary: string },
): Promise<AdminDocumentRow> {
  const user = requireUser(ctx);
  await checkUrlIsFree(ctx, current, content.url, current.id);
  const saved = await updateDocumentIfVersion(ctx.db, {
    id: current.id,
    version: current.version,
    userId: user.id,
    ...content,
  });
  if (saved === null) {
    const now = await findDocumentById(ctx.db, current.id);
    throw now === null
      ? documentNotFound(`${describeDocument(current)} any more: it was deleted`)
      : documentModified(now);
  }
  await insertDocumentVersion(ctx.db, current);
  await recordAuditEntry(ctx, {
    objectType: 'document',
    objectId: current.id,
    action: audit.action,
    summary: `${audit.summary} (version ${saved.version})`,
    before: auditedContent(current),
    after: auditedContent(saved),
  });
  const row = await findDocumentById(ctx.db, current.id);
  if (row === null) throw documentNotFound(`with the id ${current.id}`);
  return row;
}

/** Runs a write; a unique index refusing a concurrent writer's URL or key answers 409 instead of 500. */
async function withUniqueConflicts<T>(work: () => Promise<T>, url: string | null): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('ConflictException', `Another save took this key or the URL ${url ?? ''} meanwhile.`, [
        { field: url === null ? 'key' : 'url', message: 'was taken by a save that finished first' },
      ]);
    }
    throw error;
  }
}

/**
 * POST Document/Update: creates a document (`version` 0) or writes its next version (`version` the one edited).
 * The body has passed the contract's schema; here the URL, the includes and the version are checked.
 */
export async function updateDocument(ctx: RequestContext, input: UpdateDocumentBody): Promise<DocumentDetail> {
  const user = requireUser(ctx);
  const kind = input.body.kind;
  const scope = { areaId: input.areaId, languageCode: input.languageCode };
  const url = checkUrl(kind, input.url);
  checkHomePageIsOpen(url, input.body);
  await checkIncludes(ctx, scope, input.body);
  const content: DocumentContent = { title: input.title, url, body: input.body };
  const row = await withUniqueConflicts(
    () =>
      inTransaction(ctx, async (txCtx) => {
        const current =
          input.id === undefined
            ? await findDocumentByKey(txCtx.db, { ...scope, kind, key: input.key })
            : await findDocumentById(txCtx.db, input.id);
        if (input.id !== undefined && current === null) throw documentNotFound(`with the id ${input.id}`);
        if (current !== null) checkSameDocument(current, input);

        if (current === null) {
          if (input.version !== 0) {
            throw new AppError(
              'DocumentHasBeenModifiedException',
              `The ${kind} "${input.key}" (${scope.areaId} ${scope.languageCode}) no longer exists: it was deleted ` +
                'meanwhile. Nothing was saved.',
              [{ field: 'version', message: 'names a version of a document that was deleted' }],
            );
          }
          await checkUrlIsFree(txCtx, scope, url, null);
          const created = await insertDocument(txCtx.db, {
            ...scope,
            kind,
            key: input.key,
            userId: user.id,
            ...content,
          });
          if (created === null)
            throw new AppError('ConflictException', 'A document with this key was created meanwhile.');
          await recordAuditEntry(txCtx, {
            objectType: 'document',
            objectId: created.id,
            action: 'create',
            summary: `Created ${describeDocument(created)}`,
            before: null,
            after: auditedContent(created),
          });
          const detail = await findDocumentById(txCtx.db, created.id);
          if (detail === null) throw documentNotFound(`with the id ${created.id}`);
          return detail;
        }
        if (input.version === 0) {
          throw new AppError(
            'ConflictException',
            `${capitalise(describeDocument(current))} exists already (version ${current.version}); open it to change it.`,
            [{ field: 'key', message: `is already the key of ${describeDocument(current)}` }],
          );
        }
        if (input.version !== current.version) throw documentModified(current);
        return saveNextVersion(txCtx, current, content, {
          action: 'update',
          summary: `Saved ${describeDocument({ ...current, url })}`,
        });
      }),
    url,
  );
  return toDetail(row);
}

/** A document keeps its area, language, kind and key: an edit naming another one is a mistake (400). */
function checkSameDocument(current: AdminDocumentRow, input: UpdateDocumentBody): void {
  const expected = {
    areaId: current.areaId,
    languageCode: current.languageCode,
    key: current.key,
    'body.kind': current.kind,
  };
  const given = {
    areaId: input.areaId,
    languageCode: input.languageCode,
    key: input.key,
    'body.kind': input.body.kind,
  };
  for (const [field, value] of Object.entries(expected)) {
    const other = given[field as keyof typeof given];
    if (other !== value) {
      throw validationError(field, `is "${value}" for this document and cannot change (given "${other}")`);
    }
  }
}

/**
 * POST Document/DeleteByKey: refused while a page or element includes the document (409 naming them); the deleted
 * version stays in the history.
 */
export async function deleteDocumentByKey(
  ctx: RequestContext,
  input: DocumentScope & { kind: ContentDocumentKind; key: string; version: number },
): Promise<void> {
  await inTransaction(ctx, async (txCtx) => {
    const current = await findDocumentByKey(txCtx.db, input);
    if (current === null) {
      throw documentNotFound(
        `of the kind ${input.kind} with the key "${input.key}" in ${input.areaId} ${input.languageCode}`,
      );
    }
    if (current.version !== input.version) throw documentModified(current);
    if (input.kind === 'element' || input.kind === 'form') {
      const including = await findDocumentsIncluding(txCtx.db, { ...input, kind: input.kind });
      if (including.length > 0) {
        const names = including.map((document) => describeDocument({ ...input, ...document }));
        throw new AppError(
          'ConflictException',
          `${capitalise(describeDocument(current))} cannot be deleted: ${names.join(', ')} ` +
            `${including.length === 1 ? 'includes' : 'include'} it. Remove it there first.`,
          names.map((name) => ({ field: 'key', message: `is included by ${name}` })),
        );
      }
    }
    await insertDocumentVersion(txCtx.db, current);
    if (!(await deleteDocumentIfVersion(txCtx.db, current))) {
      const now = await findDocumentById(txCtx.db, current.id);
      if (now !== null) throw documentModified(now);
      throw documentNotFound(`${describeDocument(current)} any more: it was deleted`);
    }
    await recordAuditEntry(txCtx, {
      objectType: 'document',
      objectId: current.id,
      action: 'delete',
      summary: `Deleted ${describeDocument(current)} (version ${current.version} kept in its history)`,
      before: auditedContent(current),
      after: null,
    });
  });
}

/** POST Document/GetHistory: the current version and every earlier one, newest first. */
export async function getDocumentHistory(
  ctx: RequestContext,
  input: { id: string },
): Promise<GetDocumentHistoryResponse> {
  const [current, earlier] = await Promise.all([
    findDocumentById(ctx.db, input.id),
    findDocumentVersions(ctx.db, input.id),
  ]);
  const identity = current ?? earlier[0];
  if (identity === undefined || identity === null) throw documentNotFound(`with the id ${input.id}`);
  const versions = [
    ...(current === null
      ? []
      : [
          {
            version: current.version,
            title: current.title,
            url: current.url,
            savedAt: current.updatedAt.toISOString(),
            savedBy: current.updatedBy,
            isCurrent: true,
          },
        ]),
    ...earlier.map((row) => ({
      version: row.version,
      title: row.title,
      url: row.url,
      savedAt: row.savedAt.toISOString(),
      savedBy: row.savedBy,
      isCurrent: false,
    })),
  ];
  return {
    id: input.id,
    areaId: identity.areaId,
    languageCode: identity.languageCode,
    kind: identity.kind as ContentDocumentKind,
    key: identity.key,
    isDeleted: current === null,
    versions,
  };
}

/** POST Document/GetVersion: one version's title, URL and body as stored then. */
export async function getDocumentVersion(
  ctx: RequestContext,
  input: { id: string; version: number },
): Promise<GetDocumentVersionResponse> {
  const current = await findDocumentById(ctx.db, input.id);
  if (current !== null && current.version === input.version) {
    const { id, version, title, url, body, updatedAt, updatedBy } = current;
    return { id, version, title, url, body, savedAt: updatedAt.toISOString(), savedBy: updatedBy };
  }
  const row = await findDocumentVersion(ctx.db, { documentId: input.id, version: input.version });
  if (row === null) throw documentNotFound(`with the id ${input.id} in version ${input.version}`);
  const { version, title, url, body, savedAt, savedBy } = row;
  return { id: input.id, version, title, url, body, savedAt: savedAt.toISOString(), savedBy };
}

/**
 * POST Document/Restore: an earlier version's title, URL and body written as the next version, checked as an Update
 * is (the body with today's schema, its includes, the URL, the version the editor saw).
 */
export async function restoreDocumentVersion(
  ctx: RequestContext,
  input: { id: string; version: number; currentVersion: number },
): Promise<DocumentDetail> {
  const row = await withUniqueConflicts(
    () =>
      inTransaction(ctx, async (txCtx) => {
        const current = await findDocumentById(txCtx.db, input.id);
        if (current === null) throw documentNotFound(`with the id ${input.id}`);
        if (current.version !== input.currentVersion) throw documentModified(current, 'currentVersion');
        if (input.version === current.version) {
          throw validationError('version', `is the current version of ${describeDocument(current)} already`);
        }
        const earlier = await findDocumentVersion(txCtx.db, { documentId: input.id, version: input.version });
        if (earlier === null) throw documentNotFound(`with the id ${input.id} in version ${input.version}`);
        const body = contentDocumentBodySchema.safeParse(earlier.body);
        if (!body.success) {
          const issue = body.error.issues[0];
          throw validationError(
            `body.${issue?.path.join('.') ?? ''}`,
            `of version ${input.version} is refused by today's schema (${issue?.message ?? 'unreadable'}); edit it instead`,
          );
        }
        if (body.data.kind !== current.kind) throw validationError('version', 'holds a document of another kind');
        const scope = { areaId: current.areaId, languageCode: current.languageCode };
        await checkIncludes(txCtx, scope, body.data);
        return saveNextVersion(
          txCtx,
          current,
          { title: earlier.title, url: earlier.url, body: body.data },
          { action: 'restore', summary: `Restored version ${input.version} of ${describeDocument(current)}` },
        );
      }),
    null,
  );
  return toDetail(row);
}

/**
 * POST Document/Preview: an unsaved page, or an element as a page of its one block, resolved as GetContentByUrl
 * resolves a stored one. Nothing is written.
 */
export async function previewDocument(
  ctx: RequestContext,
  input: DocumentScope & { key: string; title: string; url?: string | undefined; body: ContentDocumentBody },
  sources: ContentSources,
): Promise<ContentPage> {
  const { body } = input;
  if (body.kind !== 'page' && body.kind !== 'element') {
    throw validationError('body.kind', 'must be page or element: forms and modals have no page of their own');
  }
  const stored = body.kind === 'page' ? body.blocks : [body.block];
  const scope = { areaId: input.areaId, languageCode: input.languageCode };
  return {
    id: input.key,
    url: input.url ?? '/',
    title: input.title,
    description: body.kind === 'page' ? body.description : '',
    template: body.kind === 'page' ? body.template : 'page',
    categoryId: body.kind === 'page' ? body.categoryId : null,
    updatedAt: new Date().toISOString(),
    blocks: await resolveBlocks(ctx, sources, scope, stored, undefined),
  };
}
