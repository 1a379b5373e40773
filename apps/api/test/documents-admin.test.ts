/**
 * The back office's Document calls (spec §7, issue 28): search, create and versioned saves checked with the
 * storefront's schema, stale versions refused with nothing changed (also when two saves race: CI runs this file on
 * PostgreSQL too), deletes refused while a document is included, history and restore, and an audit entry written
 * with every change and never without one.
 */
import type { ContentDocumentBody, DocumentDetail } from '@b2b/contract';
import { backofficeDocumentEndpoints as documents } from '@b2b/contract/endpoints/backoffice-documents';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { auditEntries, contentDocuments, contentDocumentVersions } from '@b2b/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let editor: SignedInUser;
let otherEditor: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp();
  editor = await createStaff(testApp, { username: 'docs-editor' });
  otherEditor = await createStaff(testApp, { username: 'docs-editor-two' });
});

afterAll(async () => {
  await testApp?.close();
});

const HERO_IMAGE = { path: 'content/hero-snow.jpg', alt: '', width: 1600, height: 600 };

function pageBody(heading: string, extraBlocks: unknown[] = []): ContentDocumentBody {
  return {
    kind: 'page',
    description: 'A test page',
    template: 'page',
    categoryId: null,
    blocks: [{ id: 'hero', type: 'hero', heading, image: HERO_IMAGE }, ...(extraBlocks as [])],
  };
}

function elementBody(text: string): ContentDocumentBody {
  return { kind: 'element', block: { id: 'banner', type: 'banner', text, tone: 'info' } };
}

async function save(body: Record<string, unknown>, user: SignedInUser = editor) {
  return callEndpoint(testApp.app, documents.updateDocument, { body, token: user.token });
}

async function createPage(key: string, heading: string): Promise<DocumentDetail> {
  return expectOk(
    documents.updateDocument,
    await save({
      areaId: 'eu',
      languageCode: 'en-GB',
      key,
      title: `Title ${key}`,
      url: `/${key}`,
      body: pageBody(heading),
      version: 0,
    }),
  );
}

async function auditOf(documentId: string) {
  return testApp.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, 'document'), eq(auditEntries.objectId, documentId)))
    .orderBy(asc(auditEntries.occurredAt));
}

describe('Document/Update', () => {
  it('creates a page, saves the next version, keeps the replaced one and audits both', async () => {
    const created = await createPage('docs-create', 'First heading');
    expect(created).toMatchObject({
      kind: 'page',
      key: 'docs-create',
      url: '/docs-create',
      version: 1,
      updatedBy: 'docs-editor',
    });

    const saved = expectOk(
      documents.updateDocument,
      await save({
        id: created.id,
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-create',
        title: 'Renamed',
        url: '/docs-create',
        body: pageBody('Second heading'),
        version: 1,
      }),
    );
    expect(saved).toMatchObject({ id: created.id, version: 2, title: 'Renamed' });

    const [kept] = await testApp.db
      .select()
      .from(contentDocumentVersions)
      .where(eq(contentDocumentVersions.documentId, created.id));
    expect(kept).toMatchObject({ version: 1, title: 'Title docs-create', savedByUserId: editor.userId });
    expect(kept?.body).toEqual(pageBody('First heading'));

    const audit = await auditOf(created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ actorUsername: 'docs-editor', before: { title: 'Title docs-create' } });
    expect((audit[1]?.after as { body: ContentDocumentBody } | undefined)?.body).toEqual(pageBody('Second heading'));

    // The storefront reads it at once: the API keeps no content cache.
    const content = expectOk(
      contentEndpoints.getContentByUrl,
      await callEndpoint(testApp.app, contentEndpoints.getContentByUrl, {
        query: { 'Area.AreaId': 'eu', 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR', Url: '/docs-create' },
      }),
    );
    expect(content.contentType === 'page' && content.page?.blocks[0]).toMatchObject({ heading: 'Second heading' });
  });

  it('refuses a body the schema refuses, naming the field path, and unknown fields', async () => {
    const badBlock = expectError(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-bad',
        title: 'Bad',
        url: '/docs-bad',
        body: { ...pageBody('x'), blocks: [{ id: 'hero', type: 'hero', heading: '', image: HERO_IMAGE }] },
        version: 0,
      }),
      400,
      'ValidationException',
    );
    expect(badBlock.errors?.map((error) => error.field)).toContain('body.blocks.0.heading');

    const unknown = expectError(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-bad',
        title: 'Bad',
        url: '/docs-bad',
        body: pageBody('x'),
        version: 0,
        colour: 'red',
      }),
      400,
    );
    expect(unknown.errors?.map((error) => error.field)).toContain('colour');

    const script = expectError(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-bad',
        title: 'Bad',
        url: '/docs-bad',
        body: {
          ...pageBody('x'),
          blocks: [
            {
              id: 'text',
              type: 'richText',
              content: [{ type: 'paragraph', runs: [{ text: 'a', href: 'javascript:alert(1)' }] }],
            },
          ],
        },
        version: 0,
      }),
      400,
    );
    expect(script.errors?.[0]?.field).toBe('body.blocks.0.content.0.runs.0.href');

    const noUrl = expectError(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-bad',
        title: 'Bad',
        body: pageBody('x'),
        version: 0,
      }),
      400,
    );
    expect(noUrl.errors).toEqual([{ field: 'url', message: 'is required for a page' }]);
    expect(await testApp.db.$count(contentDocuments, eq(contentDocuments.key, 'docs-bad'))).toBe(0);
  });

  it('refuses an element block naming an element that does not exist', async () => {
    const error = expectError(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-missing-element',
        title: 'Missing',
        url: '/docs-missing-element',
        body: pageBody('x', [{ id: 'inc', type: 'element', elementId: 'no-such-element' }]),
        version: 0,
      }),
      400,
    );
    expect(error.errors?.[0]).toMatchObject({ field: 'body.blocks.1.elementId' });
    expect(error.message).toContain('no-such-element');
  });

  it('answers a stale version 409 naming the document, and changes nothing (no version, no audit entry)', async () => {
    const created = await createPage('docs-stale', 'Original');
    const edit = {
      id: created.id,
      areaId: 'eu',
      languageCode: 'en-GB',
      key: 'docs-stale',
      title: 'T',
      url: '/docs-stale',
    };
    expectOk(documents.updateDocument, await save({ ...edit, body: pageBody('First edit'), version: 1 }));
    const stale = expectError(
      documents.updateDocument,
      await save({ ...edit, body: pageBody('Lost edit'), version: 1 }, otherEditor),
      409,
      'DocumentHasBeenModifiedException',
    );
    expect(stale.message).toContain('"docs-stale"');
    expect(stale.message).toContain('now version 2');
    const now = expectOk(
      documents.getDocumentById,
      await callEndpoint(testApp.app, documents.getDocumentById, { body: { id: created.id }, token: editor.token }),
    );
    expect(now.version).toBe(2);
    expect(now.body).toEqual(pageBody('First edit'));
    expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('lets exactly one of two concurrent saves of the same version win', async () => {
    const created = await createPage('docs-race', 'Before the race');
    const edit = {
      id: created.id,
      areaId: 'eu',
      languageCode: 'en-GB',
      key: 'docs-race',
      title: 'T',
      url: '/docs-race',
      version: 1,
    };
    const answers = await Promise.all([
      save({ ...edit, body: pageBody('Editor one') }, editor),
      save({ ...edit, body: pageBody('Editor two') }, otherEditor),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    const won = expectOk(documents.updateDocument, winner as NonNullable<typeof winner>);
    expect(won.version).toBe(2);
    const stored = await testApp.db.select().from(contentDocuments).where(eq(contentDocuments.id, created.id));
    expect(stored[0]?.body).toEqual(won.body);
    expect(await testApp.db.$count(contentDocumentVersions, eq(contentDocumentVersions.documentId, created.id))).toBe(
      1,
    );
    expect((await auditOf(created.id)).map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('keeps a URL to one page (409 naming the page holding it) and a key to one document', async () => {
    await createPage('docs-url-holder', 'Holder');
    const taken = expectError(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-url-taker',
        title: 'T',
        url: '/docs-url-holder',
        body: pageBody('x'),
        version: 0,
      }),
      409,
      'ConflictException',
    );
    expect(taken.errors?.[0]).toMatchObject({ field: 'url' });
    expect(taken.message).toContain('"docs-url-holder"');

    const keyTaken = expectError(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-url-holder',
        title: 'T',
        url: '/docs-other',
        body: pageBody('x'),
        version: 0,
      }),
      409,
    );
    expect(keyTaken.errors?.[0]).toMatchObject({ field: 'key' });
  });
});

describe('Document/GetBySearch', () => {
  it('finds documents by kind, area and text in key, title or URL, with who saved them, a page at a time', async () => {
    await createPage('docs-search-alpha', 'A');
    await createPage('docs-search-beta', 'B');
    const call = (body: Record<string, unknown>) =>
      callEndpoint(testApp.app, documents.getDocumentsBySearch, { body, token: editor.token });

    const found = expectOk(
      documents.getDocumentsBySearch,
      await call({ kind: 'page', areaId: 'eu', text: 'DOCS-SEARCH', sort: 'key', direction: 'desc', skip: 0, take: 1 }),
    );
    expect(found.total).toBe(2);
    expect(found.documents).toHaveLength(1);
    expect(found.documents[0]).toMatchObject({
      key: 'docs-search-beta',
      url: '/docs-search-beta',
      version: 1,
      updatedBy: 'docs-editor',
    });

    const byUrl = expectOk(
      documents.getDocumentsBySearch,
      await call({ text: '/docs-search-alpha', skip: 0, take: 10 }),
    );
    expect(byUrl.documents.map((document) => document.key)).toEqual(['docs-search-alpha']);

    const elements = expectOk(documents.getDocumentsBySearch, await call({ kind: 'element', skip: 0, take: 100 }));
    expect(elements.documents.every((document) => document.kind === 'element' && document.url === null)).toBe(true);

    const bad = expectError(documents.getDocumentsBySearch, await call({ kind: 'blog', skip: 0, take: 10 }), 400);
    expect(bad.errors?.[0]?.field).toBe('kind');
  });
});

describe('Document/DeleteByKey', () => {
  it('refuses to delete an element a page includes, naming the page; deletes it once no longer included', async () => {
    const element = expectOk(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-shared-banner',
        title: 'Shared banner',
        body: elementBody('Hello'),
        version: 0,
      }),
    );
    const page = expectOk(
      documents.updateDocument,
      await save({
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-includer',
        title: 'Includer',
        url: '/docs-includer',
        body: pageBody('x', [{ id: 'inc', type: 'element', elementId: 'docs-shared-banner' }]),
        version: 0,
      }),
    );
    const remove = (version: number) =>
      callEndpoint(testApp.app, documents.deleteDocumentByKey, {
        body: { areaId: 'eu', languageCode: 'en-GB', kind: 'element', key: 'docs-shared-banner', version },
        token: editor.token,
      });

    const refused = expectError(documents.deleteDocumentByKey, await remove(1), 409, 'ConflictException');
    expect(refused.message).toContain('the page "docs-includer" (/docs-includer');
    expect(await testApp.db.$count(contentDocuments, eq(contentDocuments.id, element.id))).toBe(1);

    expectOk(
      documents.updateDocument,
      await save({
        id: page.id,
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'docs-includer',
        title: 'Includer',
        url: '/docs-includer',
        body: pageBody('x'),
        version: 1,
      }),
    );
    expectError(documents.deleteDocumentByKey, await remove(2), 409, 'DocumentHasBeenModifiedException');
    expectOk(documents.deleteDocumentByKey, await remove(1));
    expect(await testApp.db.$count(contentDocuments, eq(contentDocuments.id, element.id))).toBe(0);

    // Its last version stays in the history, and the audit log holds the deletion.
    const history = expectOk(
      documents.getDocumentHistory,
      await callEndpoint(testApp.app, documents.getDocumentHistory, { body: { id: element.id }, token: editor.token }),
    );
    expect(history).toMatchObject({ isDeleted: true, key: 'docs-shared-banner' });
    expect(history.versions).toMatchObject([{ version: 1, isCurrent: false, savedBy: 'docs-editor' }]);
    const audit = await auditOf(element.id);
    expect(audit.at(-1)).toMatchObject({ action: 'delete', after: null, before: { title: 'Shared banner' } });

    expectError(documents.deleteDocumentByKey, await remove(1), 404, 'NotFoundException');
  });

  it('refuses to delete a form a page shows', async () => {
    const refused = expectError(
      documents.deleteDocumentByKey,
      await callEndpoint(testApp.app, documents.deleteDocumentByKey, {
        body: { areaId: 'eu', languageCode: 'en-GB', kind: 'form', key: 'contact', version: 1 },
        token: editor.token,
      }),
      409,
    );
    expect(refused.message).toMatch(/the page "[a-z-]+"/);
  });
});

describe('Document history and restore', () => {
  it('lists versions newest first, reads one, and restores it as a new version (audited as restore)', async () => {
    const created = await createPage('docs-history', 'Version one');
    const edit = {
      id: created.id,
      areaId: 'eu',
      languageCode: 'en-GB',
      key: 'docs-history',
      title: 'Title docs-history',
      url: '/docs-history',
    };
    expectOk(documents.updateDocument, await save({ ...edit, body: pageBody('Version two'), version: 1 }, otherEditor));
    const call = <E extends (typeof documents)[keyof typeof documents]>(endpoint: E, body: unknown) =>
      callEndpoint(testApp.app, endpoint, { body, token: editor.token });

    const history = expectOk(
      documents.getDocumentHistory,
      await call(documents.getDocumentHistory, { id: created.id }),
    );
    expect(history.versions.map(({ version, isCurrent, savedBy }) => ({ version, isCurrent, savedBy }))).toEqual([
      { version: 2, isCurrent: true, savedBy: 'docs-editor-two' },
      { version: 1, isCurrent: false, savedBy: 'docs-editor' },
    ]);

    const first = expectOk(
      documents.getDocumentVersion,
      await call(documents.getDocumentVersion, { id: created.id, version: 1 }),
    );
    expect(first.body).toEqual(pageBody('Version one'));
    expectError(
      documents.getDocumentVersion,
      await call(documents.getDocumentVersion, { id: created.id, version: 9 }),
      404,
    );

    expectError(
      documents.restoreDocumentVersion,
      await call(documents.restoreDocumentVersion, { id: created.id, version: 1, currentVersion: 1 }),
      409,
      'DocumentHasBeenModifiedException',
    );
    const restored = expectOk(
      documents.restoreDocumentVersion,
      await call(documents.restoreDocumentVersion, { id: created.id, version: 1, currentVersion: 2 }),
    );
    expect(restored).toMatchObject({ version: 3, updatedBy: 'docs-editor' });
    expect(restored.body).toEqual(pageBody('Version one'));

    const audit = await auditOf(created.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'restore']);
    expect(audit[2]?.summary).toContain('Restored version 1');
    expect((audit[2]?.before as { body: ContentDocumentBody } | undefined)?.body).toEqual(pageBody('Version two'));
  });
});

describe('Document/Preview', () => {
  it('resolves an unsaved page as the storefront would, without saving it', async () => {
    const preview = expectOk(
      documents.previewDocument,
      await callEndpoint(testApp.app, documents.previewDocument, {
        body: {
          areaId: 'eu',
          languageCode: 'en-GB',
          key: 'docs-preview',
          title: 'Preview',
          url: '/docs-preview',
          body: pageBody('Unsaved heading', [{ id: 'form', type: 'form', formId: 'contact' }]),
        },
        token: editor.token,
      }),
    );
    expect(preview.blocks[0]).toMatchObject({ type: 'hero', heading: 'Unsaved heading' });
    expect(preview.blocks[1]).toMatchObject({ type: 'form', form: { id: 'contact' } });
    expect(await testApp.db.$count(contentDocuments, eq(contentDocuments.key, 'docs-preview'))).toBe(0);
  });
});
