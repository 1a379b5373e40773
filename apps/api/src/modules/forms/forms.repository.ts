/** Drizzle queries of the forms module: form and modal documents, form submissions and their rate-limit count. */
import type { ContentDocumentKind } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { contentDocuments, formSubmissions } from '@b2b/db/schema';
import { and, asc, count, eq, gt } from 'drizzle-orm';

type DocumentScope = { areaId: string; languageCode: string; kind: ContentDocumentKind };

export type ContentDocumentRow = { key: string; title: string; body: unknown };

const documentColumns = { key: contentDocuments.key, title: contentDocuments.title, body: contentDocuments.body };

function inScope(scope: DocumentScope) {
  return and(
    eq(contentDocuments.areaId, scope.areaId),
    eq(contentDocuments.languageCode, scope.languageCode),
    eq(contentDocuments.kind, scope.kind),
  );
}

export async function findContentDocument(
  db: Executor,
  scope: DocumentScope & { key: string },
): Promise<ContentDocumentRow | null> {
  const [row] = await db
    .select(documentColumns)
    .from(contentDocuments)
    .where(and(inScope(scope), eq(contentDocuments.key, scope.key)));
  return row ?? null;
}

/** Every document of a kind in an area and language, by key. */
export async function findContentDocuments(db: Executor, scope: DocumentScope): Promise<ContentDocumentRow[]> {
  return db.select(documentColumns).from(contentDocuments).where(inScope(scope)).orderBy(asc(contentDocuments.key));
}

/** Submissions from one client address since `since` (any form, any area: the limit guards the mailbox). */
export async function countFormSubmissionsSince(db: Executor, clientAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.clientAddress, clientAddress), gt(formSubmissions.createdAt, since)));
  return row?.value ?? 0;
}

export async function insertFormSubmission(
  db: Executor,
  submission: {
    id: string;
    areaId: string;
    formKey: string;
    data: Record<string, string | boolean>;
    clientAddress: string;
    mailId: string;
  },
): Promise<void> {
  await db.insert(formSubmissions).values(submission);
}
