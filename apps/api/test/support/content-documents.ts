/**
 * Content fixtures for API tests: a test states the documents it reads instead of relying on the demo content's
 * wording. A document replaces any stored one with the same key or URL (the seed may hold one), so tests can also
 * store what the schema would refuse (a broken body) to check how it is read.
 */
import type { ContentDocumentBody, ContentDocumentKind } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { contentDocuments } from '@b2b/db/schema';
import { and, eq, or } from 'drizzle-orm';

export type ContentDocumentFixture = {
  areaId?: string;
  languageCode?: string;
  kind: ContentDocumentKind;
  key: string;
  url?: string;
  title: string;
  /** Usually a valid body; tests of broken documents pass anything. */
  body: ContentDocumentBody | Record<string, unknown>;
  updatedAt?: Date;
};

export async function putContentDocument(db: Executor, fixture: ContentDocumentFixture): Promise<void> {
  const areaId = fixture.areaId ?? 'eu';
  const languageCode = fixture.languageCode ?? 'en-GB';
  const sameDocument = and(eq(contentDocuments.kind, fixture.kind), eq(contentDocuments.key, fixture.key));
  await db
    .delete(contentDocuments)
    .where(
      and(
        eq(contentDocuments.areaId, areaId),
        eq(contentDocuments.languageCode, languageCode),
        fixture.url === undefined ? sameDocument : or(sameDocument, eq(contentDocuments.url, fixture.url)),
      ),
    );
  await db.insert(contentDocuments).values({
    areaId,
    languageCode,
    kind: fixture.kind,
    key: fixture.key,
    url: fixture.url ?? null,
    title: fixture.title,
    body: fixture.body as ContentDocumentBody,
    ...(fixture.updatedAt === undefined ? {} : { updatedAt: fixture.updatedAt }),
  });
}
