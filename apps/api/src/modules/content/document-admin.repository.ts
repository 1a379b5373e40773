/**
 * Drizzle queries of the back office's Document calls (issue 28): the search over every document, versioned saves
 * (the check of the version edited and its raise are one statement), the earlier versions, and who includes what.
 */
import type { ContentDocumentBody, ContentDocumentKind } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { contentDocuments, contentDocumentVersions, users } from '@b2b/db/schema';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';
import type { ContentDocumentRow, DocumentScope } from './content-document.repository.ts';

/** A document with the username of whoever saved its current version. */
export type AdminDocumentRow = ContentDocumentRow & { updatedBy: string | null };

const DOCUMENT_WITH_EDITOR = {
  id: contentDocuments.id,
  areaId: contentDocuments.areaId,
  languageCode: contentDocuments.languageCode,
  kind: contentDocuments.kind,
  key: contentDocuments.key,
  url: contentDocuments.url,
  title: contentDocuments.title,
  body: contentDocuments.body,
  version: contentDocuments.version,
  createdAt: contentDocuments.createdAt,
  updatedAt: contentDocuments.updatedAt,
  updatedByUserId: contentDocuments.updatedByUserId,
  updatedBy: users.username,
};

export type DocumentSearch = {
  kind?: ContentDocumentKind | undefined;
  areaId?: string | undefined;
  languageCode?: string | undefined;
  text?: string | undefined;
  sort?: 'key' | 'title' | 'url' | 'kind' | 'version' | 'updatedAt' | undefined;
  direction?: 'asc' | 'desc' | undefined;
  skip: number;
  take: number;
};

const SORT_COLUMNS = {
  key: contentDocuments.key,
  title: contentDocuments.title,
  url: contentDocuments.url,
  kind: contentDocuments.kind,
  version: contentDocuments.version,
  updatedAt: contentDocuments.updatedAt,
} as const;

/** Documents matching the filters (text in key, title or URL), one page of them, and how many match. */
export async function searchDocuments(
  db: Executor,
  search: DocumentSearch,
): Promise<{ rows: AdminDocumentRow[]; total: number }> {
  const conditions: Array<SQL | undefined> = [];
  if (search.kind !== undefined) conditions.push(eq(contentDocuments.kind, search.kind));
  if (search.areaId !== undefined) conditions.push(eq(contentDocuments.areaId, search.areaId));
  if (search.languageCode !== undefined) conditions.push(eq(contentDocuments.languageCode, search.languageCode));
  const text = search.text?.trim() ?? '';
  if (text !== '') {
    const pattern = containsPattern(text);
    conditions.push(
      sql`(${contentDocuments.key} ilike ${pattern} or ${contentDocuments.title} ilike ${pattern} or ${contentDocuments.url} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const order = search.direction === 'desc' ? desc : asc;
  const sorting =
    search.sort === undefined
      ? [asc(contentDocuments.kind), asc(contentDocuments.key), asc(contentDocuments.areaId)]
      : [
          order(SORT_COLUMNS[search.sort]),
          asc(contentDocuments.key),
          asc(contentDocuments.areaId),
          asc(contentDocuments.id),
        ];
  const rows = await db
    .select(DOCUMENT_WITH_EDITOR)
    .from(contentDocuments)
    .leftJoin(users, eq(users.id, contentDocuments.updatedByUserId))
    .where(where)
    .orderBy(...sorting)
    .offset(search.skip)
    .limit(search.take);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(contentDocuments).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** One document by id, with its editor's name; null when there is none. */
export async function findDocumentById(db: Executor, id: string): Promise<AdminDocumentRow | null> {
  const [row] = await db
    .select(DOCUMENT_WITH_EDITOR)
    .from(contentDocuments)
    .leftJoin(users, eq(users.id, contentDocuments.updatedByUserId))
    .where(eq(contentDocuments.id, id))
    .limit(1);
  return row ?? null;
}

/** One document by its key in an area and language; null when there is none. */
export async function findDocumentByKey(
  db: Executor,
  scope: DocumentScope & { kind: ContentDocumentKind; key: string },
): Promise<AdminDocumentRow | null> {
  const [row] = await db
    .select(DOCUMENT_WITH_EDITOR)
    .from(contentDocuments)
    .leftJoin(users, eq(users.id, contentDocuments.updatedByUserId))
    .where(
      and(
        eq(contentDocuments.areaId, scope.areaId),
        eq(contentDocuments.languageCode, scope.languageCode),
        eq(contentDocuments.kind, scope.kind),
        eq(contentDocuments.key, scope.key),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The page of an area and language that holds a URL (another than `exceptId`); null when none does. */
export async function findPageHoldingUrl(
  db: Executor,
  scope: DocumentScope & { url: string; exceptId: string | null },
): Promise<ContentDocumentRow | null> {
  const [row] = await db
    .select()
    .from(contentDocuments)
    .where(
      and(
        eq(contentDocuments.areaId, scope.areaId),
        eq(contentDocuments.languageCode, scope.languageCode),
        eq(contentDocuments.url, scope.url),
        scope.exceptId === null ? undefined : sql`${contentDocuments.id} <> ${scope.exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The keys of the documents of a kind that exist among `keys` in an area and language. */
export async function findExistingKeys(
  db: Executor,
  scope: DocumentScope & { kind: ContentDocumentKind },
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: contentDocuments.key })
    .from(contentDocuments)
    .where(
      and(
        eq(contentDocuments.areaId, scope.areaId),
        eq(contentDocuments.languageCode, scope.languageCode),
        eq(contentDocuments.kind, scope.kind),
        sql`${contentDocuments.key} in ${keys}`,
      ),
    );
  return new Set(rows.map((row) => row.key));
}

/**
 * The pages and elements of an area and language that include an element or a form: a page block or an element's
 * block of type `element` naming the element, or of type `form` naming the form (JSON containment, both databases).
 */
export async function findDocumentsIncluding(
  db: Executor,
  scope: DocumentScope & { kind: 'element' | 'form'; key: string },
): Promise<Array<Pick<ContentDocumentRow, 'kind' | 'key' | 'url' | 'title'>>> {
  const block =
    scope.kind === 'element' ? { type: 'element', elementId: scope.key } : { type: 'form', formId: scope.key };
  return db
    .select({
      kind: contentDocuments.kind,
      key: contentDocuments.key,
      url: contentDocuments.url,
      title: contentDocuments.title,
    })
    .from(contentDocuments)
    .where(
      and(
        eq(contentDocuments.areaId, scope.areaId),
        eq(contentDocuments.languageCode, scope.languageCode),
        sql`(${contentDocuments.body} @> ${JSON.stringify({ blocks: [block] })}::jsonb or ${contentDocuments.body} @> ${JSON.stringify({ block })}::jsonb)`,
      ),
    )
    .orderBy(asc(contentDocuments.kind), asc(contentDocuments.key));
}

export type DocumentContent = { title: string; url: string | null; body: ContentDocumentBody };

/** Stores a new document as version 1 by `userId`; null when its key is taken (a concurrent create). */
export async function insertDocument(
  db: Executor,
  document: DocumentScope & { id?: string; kind: ContentDocumentKind; key: string; userId: string } & DocumentContent,
): Promise<ContentDocumentRow | null> {
  const [row] = await db
    .insert(contentDocuments)
    .values({
      ...(document.id === undefined ? {} : { id: document.id }),
      areaId: document.areaId,
      languageCode: document.languageCode,
      kind: document.kind,
      key: document.key,
      url: document.url,
      title: document.title,
      body: document.body,
      version: 1,
      updatedByUserId: document.userId,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Writes new content as the next version, only if the document is still at `version`: the check and the change are
 * one statement, so of two saves of one version exactly one passes. Null when the version is stale or the document
 * is gone.
 */
export async function updateDocumentIfVersion(
  db: Executor,
  change: { id: string; version: number; userId: string } & DocumentContent,
): Promise<ContentDocumentRow | null> {
  const [row] = await db
    .update(contentDocuments)
    .set({
      title: change.title,
      url: change.url,
      body: change.body,
      version: sql`${contentDocuments.version} + 1`,
      updatedAt: sql`clock_timestamp()`,
      updatedByUserId: change.userId,
    })
    .where(and(eq(contentDocuments.id, change.id), eq(contentDocuments.version, change.version)))
    .returning();
  return row ?? null;
}

/** Deletes the document only if it is still at `version`; false when the version is stale or it is gone. */
export async function deleteDocumentIfVersion(db: Executor, target: { id: string; version: number }): Promise<boolean> {
  const rows = await db
    .delete(contentDocuments)
    .where(and(eq(contentDocuments.id, target.id), eq(contentDocuments.version, target.version)))
    .returning({ id: contentDocuments.id });
  return rows.length > 0;
}

/** Keeps a version of a document in its history (the version an update or a delete replaces). */
export async function insertDocumentVersion(db: Executor, row: ContentDocumentRow): Promise<void> {
  await db.insert(contentDocumentVersions).values({
    documentId: row.id,
    version: row.version,
    areaId: row.areaId,
    languageCode: row.languageCode,
    kind: row.kind,
    key: row.key,
    url: row.url,
    title: row.title,
    body: row.body,
    savedAt: row.updatedAt,
    savedByUserId: row.updatedByUserId,
  });
}

const VERSION_WITH_EDITOR = {
  documentId: contentDocumentVersions.documentId,
  version: contentDocumentVersions.version,
  areaId: contentDocumentVersions.areaId,
  languageCode: contentDocumentVersions.languageCode,
  kind: contentDocumentVersions.kind,
  key: contentDocumentVersions.key,
  url: contentDocumentVersions.url,
  title: contentDocumentVersions.title,
  body: contentDocumentVersions.body,
  savedAt: contentDocumentVersions.savedAt,
  savedBy: users.username,
};

export type DocumentVersionRow = {
  documentId: string;
  version: number;
  areaId: string;
  languageCode: string;
  kind: string;
  key: string;
  url: string | null;
  title: string;
  body: unknown;
  savedAt: Date;
  savedBy: string | null;
};

/** The earlier versions of a document, newest first (a deleted document's too). */
export async function findDocumentVersions(db: Executor, documentId: string): Promise<DocumentVersionRow[]> {
  return db
    .select(VERSION_WITH_EDITOR)
    .from(contentDocumentVersions)
    .leftJoin(users, eq(users.id, contentDocumentVersions.savedByUserId))
    .where(eq(contentDocumentVersions.documentId, documentId))
    .orderBy(desc(contentDocumentVersions.version));
}

/** One earlier version of a document; null when it has none by that number. */
export async function findDocumentVersion(
  db: Executor,
  target: { documentId: string; version: number },
): Promise<DocumentVersionRow | null> {
  const [row] = await db
    .select(VERSION_WITH_EDITOR)
    .from(contentDocumentVersions)
    .leftJoin(users, eq(users.id, contentDocumentVersions.savedByUserId))
    .where(
      and(
        eq(contentDocumentVersions.documentId, target.documentId),
        eq(contentDocumentVersions.version, target.version),
      ),
    )
    .limit(1);
  return row ?? null;
}
