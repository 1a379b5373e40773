/**
 * Drizzle queries of the content documents (pages, elements, forms, modals) and the translations. Bodies come back
 * as stored; the services parse them with the contract's schema before use.
 */
import type { ContentDocumentKind } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { contentDocuments, translations } from '@b2b/db/schema';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';

export type ContentDocumentRow = typeof contentDocuments.$inferSelect;

/** The area and language a document belongs to. */
export type DocumentScope = { areaId: string; languageCode: string };

function inScope(scope: DocumentScope, kind: ContentDocumentKind): SQL | undefined {
  return and(
    eq(contentDocuments.areaId, scope.areaId),
    eq(contentDocuments.languageCode, scope.languageCode),
    eq(contentDocuments.kind, kind),
  );
}

/** The page stored under a content path (`/` for the home page): one look-up on the unique url index. */
export async function findPageByUrl(
  db: Executor,
  scope: DocumentScope,
  url: string,
): Promise<ContentDocumentRow | null> {
  const [row] = await db
    .select()
    .from(contentDocuments)
    .where(and(inScope(scope, 'page'), eq(contentDocuments.url, url)))
    .limit(1);
  return row ?? null;
}

/** The landing page of a category: the page whose body names it as `categoryId` (the first by key if several). */
export async function findLandingPageByCategoryId(
  db: Executor,
  scope: DocumentScope,
  categoryId: string,
): Promise<ContentDocumentRow | null> {
  const [row] = await db
    .select()
    .from(contentDocuments)
    .where(and(inScope(scope, 'page'), sql`${contentDocuments.body}->>'categoryId' = ${categoryId}`))
    .orderBy(asc(contentDocuments.key))
    .limit(1);
  return row ?? null;
}

/** Documents of one kind by their keys (unknown keys are simply absent). */
export async function findDocumentsByKeys(
  db: Executor,
  scope: DocumentScope,
  kind: ContentDocumentKind,
  keys: readonly string[],
): Promise<ContentDocumentRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(contentDocuments)
    .where(and(inScope(scope, kind), inArray(contentDocuments.key, [...keys])));
}

/** Every document of a kind in the area and language, by key (the modals a page may show). */
export async function findDocumentsOfKind(
  db: Executor,
  scope: DocumentScope,
  kind: ContentDocumentKind,
): Promise<ContentDocumentRow[]> {
  return db.select().from(contentDocuments).where(inScope(scope, kind)).orderBy(asc(contentDocuments.key));
}

/** The first document of a kind by key, or null when the area and language have none. */
export async function findFirstDocument(
  db: Executor,
  scope: DocumentScope,
  kind: ContentDocumentKind,
): Promise<ContentDocumentRow | null> {
  const [row] = await db
    .select()
    .from(contentDocuments)
    .where(inScope(scope, kind))
    .orderBy(asc(contentDocuments.key))
    .limit(1);
  return row ?? null;
}

type ElementSearch = { search: string; blockType: string | undefined; skip: number; take: number };

/**
 * Elements whose key, title or stored block text contains `search` (case-insensitive; the JSON text also holds
 * field names, an accepted over-match for an editor's search), by key, one page of them, and how many match.
 */
export async function searchElements(
  db: Executor,
  scope: DocumentScope,
  search: ElementSearch,
): Promise<{ rows: ContentDocumentRow[]; total: number }> {
  const conditions: Array<SQL | undefined> = [inScope(scope, 'element')];
  const text = search.search.trim();
  if (text !== '') {
    const pattern = containsPattern(text);
    conditions.push(
      sql`(${contentDocuments.key} ilike ${pattern} or ${contentDocuments.title} ilike ${pattern} or ${contentDocuments.body}::text ilike ${pattern})`,
    );
  }
  if (search.blockType !== undefined) {
    conditions.push(sql`${contentDocuments.body}->'block'->>'type' = ${search.blockType}`);
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(contentDocuments)
    .where(where)
    .orderBy(asc(contentDocuments.key))
    .offset(search.skip)
    .limit(search.take);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(contentDocuments).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Every text of an area and language, by key. */
export async function findTranslations(db: Executor, scope: DocumentScope): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: translations.key, value: translations.value })
    .from(translations)
    .where(and(eq(translations.areaId, scope.areaId), eq(translations.languageCode, scope.languageCode)))
    .orderBy(asc(translations.key));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
