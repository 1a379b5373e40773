import { sitemapEndpoints } from '@b2b/contract/endpoints/sitemap';
import { SITEMAP_PAGE_SIZE } from '@b2b/contract/sitemap';
import { categories, contentDocuments, products } from '@b2b/db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSearchIndex } from '../src/modules/search/search-index.plugin.ts';
import { putContentDocument } from './support/content-documents.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct } from './support/factories.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let productCount: number;

beforeAll(async () => {
  testApp = await createTestApp();
  await createProduct(testApp.db, 'SITEMAP-FIRST');
  // Enough products for a second file: the catalogue's own plus generated ones past one file's 50,000.
  await testApp.db.execute(sql`
    insert into products (id, name, url, brand_id, category_id)
    select 'SITEMAP-' || lpad(n::text, 6, '0'), 'Sitemap product ' || n, '/test-category/sitemap-' || n,
           'test-brand', 'test-category'
    from generate_series(1, ${SITEMAP_PAGE_SIZE}) as n`);
  await createProduct(testApp.db, 'SITEMAP-DISCONTINUED');
  await testApp.db
    .update(products)
    .set({ discontinuedAt: new Date('2026-02-01T00:00:00Z') })
    .where(eq(products.id, 'SITEMAP-DISCONTINUED'));
  await findSearchIndex(testApp.app)?.refresh();
  const [row] = await testApp.db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(isNull(products.discontinuedAt));
  productCount = row?.count ?? 0;

  const page = (description: string) =>
    ({ kind: 'page', description, template: 'page', categoryId: null, blocks: [] }) as const;
  await putContentDocument(testApp.db, {
    kind: 'page',
    key: 'sitemap-about',
    url: '/sitemap-about',
    title: 'About',
    body: page('About us'),
    updatedAt: new Date('2026-03-04T05:06:07Z'),
  });
  await putContentDocument(testApp.db, {
    kind: 'page',
    key: 'landing-skate',
    url: '/skate',
    title: 'Skate landing',
    body: { ...page('Skate'), template: 'landing', categoryId: 'skate' },
  });
  await putContentDocument(testApp.db, {
    areaId: 'us',
    kind: 'page',
    key: 'sitemap-us-only',
    url: '/sitemap-us-only',
    title: 'US only',
    body: page('Only in the US'),
  });
  await putContentDocument(testApp.db, {
    kind: 'element',
    key: 'sitemap-element',
    title: 'Not a page',
    body: { kind: 'element', block: { id: 'b', type: 'banner', text: 'Banner', tone: 'info' } },
  });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/Sitemap/GetEntries', () => {
  const endpoint = sitemapEndpoints.getEntries;
  const area = { AreaId: 'eu', LanguageCode: 'en-GB' } as const;

  it('pages products by 50,000 in id order, with the area primary domain and change times', async () => {
    const first = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, { query: { ...area, Type: 'products', Page: 1 } }),
    );
    expect(first).toMatchObject({ domain: 'eu.ridgeline.example', total: productCount, pageCount: 2 });
    expect(first.entries).toHaveLength(SITEMAP_PAGE_SIZE);

    const second = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, { query: { ...area, Type: 'products', Page: 2 } }),
    );
    expect(second.entries).toHaveLength(productCount - SITEMAP_PAGE_SIZE);
    const [last] = await testApp.db
      .select({ url: products.url, updatedAt: products.updatedAt })
      .from(products)
      .orderBy(sql`${products.id} desc`)
      .limit(1);
    expect(second.entries.at(-1)).toEqual({ path: last?.url, lastModified: last?.updatedAt.toISOString() });
    const paths = new Set([...first.entries, ...second.entries].map((entry) => entry.path));
    expect(paths.size).toBe(productCount);
    expect(paths.has('/test-category/SITEMAP-FIRST')).toBe(true);
    // A discontinued product is no longer sold: its page stays (with alternatives) but search engines are not sent there.
    expect(paths.has('/test-category/SITEMAP-DISCONTINUED')).toBe(false);
  });

  it("lists the area's content pages with their change times, not landing pages (listed as categories) nor pages for logged-in users or sales reps only", async () => {
    const response = await callEndpoint(testApp.app, endpoint, { query: { ...area, Type: 'pages', Page: 1 } });
    const answer = expectOk(endpoint, response);
    const stored = await testApp.db
      .select({ url: contentDocuments.url, updatedAt: contentDocuments.updatedAt, body: contentDocuments.body })
      .from(contentDocuments)
      .where(
        and(
          eq(contentDocuments.areaId, 'eu'),
          eq(contentDocuments.languageCode, 'en-GB'),
          eq(contentDocuments.kind, 'page'),
        ),
      );
    const categoryUrls = new Set((await testApp.db.select({ url: categories.url }).from(categories)).map((c) => c.url));
    const expected = stored
      .filter((row) => row.url !== null && !categoryUrls.has(row.url))
      .filter((row) => row.body.kind !== 'page' || (row.body.visibleTo ?? 'everyone') === 'everyone')
      .map((row) => ({ path: row.url, lastModified: row.updatedAt.toISOString() }))
      .sort((a, b) => String(a.path).localeCompare(String(b.path)));
    expect([...answer.entries].sort((a, b) => a.path.localeCompare(b.path))).toEqual(expected);
    expect(answer.entries).toContainEqual({ path: '/sitemap-about', lastModified: '2026-03-04T05:06:07.000Z' });
    const paths = answer.entries.map((entry) => entry.path);
    expect(paths).not.toContain('/skate');
    expect(paths).not.toContain('/sitemap-us-only');
    // issue 29: a search engine would get the Forbidden page there
    expect(paths).not.toContain('/ordering-guide');
    expect(paths).not.toContain('/sales-desk');
    expect(paths).toContain('/about');
    expect(answer).toMatchObject({ domain: 'eu.ridgeline.example', total: expected.length, pageCount: 1 });

    const us = await callEndpoint(testApp.app, endpoint, {
      query: { AreaId: 'us', LanguageCode: 'en-GB', Type: 'pages', Page: 1 },
    });
    expect(expectOk(endpoint, us).entries.map((entry) => entry.path)).toContain('/sitemap-us-only');
    const beyond = await callEndpoint(testApp.app, endpoint, { query: { ...area, Type: 'pages', Page: 2 } });
    expectError(endpoint, beyond, 404, 'NotFoundException');
  });

  it('lists every category path, on the US domain for the US area', async () => {
    const response = await callEndpoint(testApp.app, endpoint, {
      query: { AreaId: 'us', LanguageCode: 'en-GB', Type: 'categories', Page: 1 },
    });
    const answer = expectOk(endpoint, response);
    const stored = await testApp.db.select({ url: categories.url }).from(categories).orderBy(asc(categories.url));
    expect(answer.domain).toBe('us.ridgeline.example');
    expect(answer.entries.map((entry) => entry.path).sort()).toEqual(stored.map((row) => row.url).sort());
    expect(answer).toMatchObject({ total: stored.length, pageCount: 1 });
  });

  it('answers a page beyond the last with 404', async () => {
    const products3 = await callEndpoint(testApp.app, endpoint, { query: { ...area, Type: 'products', Page: 3 } });
    expect(expectError(endpoint, products3, 404, 'NotFoundException').message).toContain('page 3 does not exist');
    const categories2 = await callEndpoint(testApp.app, endpoint, { query: { ...area, Type: 'categories', Page: 2 } });
    expectError(endpoint, categories2, 404, 'NotFoundException');
  });

  it('answers a language the area has no domain for with 404', async () => {
    const response = await callEndpoint(testApp.app, endpoint, {
      query: { AreaId: 'eu', LanguageCode: 'da-DK', Type: 'products', Page: 1 },
    });
    expectError(endpoint, response, 404, 'NotFoundException');
  });

  it.each([
    ['AreaId', { AreaId: 'mars' }],
    ['LanguageCode', { LanguageCode: '../etc' }],
    ['Type', { Type: 'articles' }],
    ['Page', { Page: 0 }],
    ['Page', { Page: -1 }],
    ['Page', { Page: 1.5 }],
    ['Page', { Page: 'one' }],
    ['Page', { Page: '9'.repeat(40) }],
  ])('refuses a bad %s with 400 naming the field', async (field, override) => {
    const query = { ...area, Type: 'products', Page: 1, ...override };
    const response = await callEndpoint(testApp.app, endpoint, { query });
    expect(expectError(endpoint, response, 400).errors?.[0]?.field).toBe(field);
  });

  it('refuses a missing parameter and an unknown one with 400', async () => {
    const missing = await callEndpoint(testApp.app, endpoint, { query: { ...area, Type: 'products' } });
    expect(expectError(endpoint, missing, 400).errors?.[0]?.field).toBe('Page');
    const unknown = await callEndpoint(testApp.app, endpoint, {
      query: { ...area, Type: 'products', Page: 1, Extra: 'x' },
    });
    expectError(endpoint, unknown, 400);
  });
});

describe('GET /api/Sitemap/GetIndex', () => {
  const endpoint = sitemapEndpoints.getIndex;

  it('names one file per 50,000 products, the category file and the pages file, with the newest change of each', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'eu', LanguageCode: 'en-GB' } });
    const index = expectOk(endpoint, response);
    expect(index.domain).toBe('eu.ridgeline.example');
    expect(index.files.map(({ type, page }) => ({ type, page }))).toEqual([
      { type: 'products', page: 1 },
      { type: 'products', page: 2 },
      { type: 'categories', page: 1 },
      { type: 'pages', page: 1 },
    ]);
    const [newest] = await testApp.db
      .select({ at: sql<string>`max(${products.updatedAt})` })
      .from(products)
      .where(isNull(products.discontinuedAt));
    const productTimes = index.files.filter((file) => file.type === 'products').map((file) => file.lastModified);
    expect(productTimes.sort().at(-1)).toBe(new Date(newest?.at ?? '').toISOString());
    const pagesFile = index.files.find((file) => file.type === 'pages');
    expect(pagesFile?.lastModified ?? '').toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((pagesFile?.lastModified ?? '') >= '2026-03-04T05:06:07.000Z').toBe(true);
  });

  it('refuses an unknown area with 400 and an unknown language with 404', async () => {
    const area = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'mars', LanguageCode: 'en-GB' } });
    expect(expectError(endpoint, area, 400).errors?.[0]?.field).toBe('AreaId');
    const language = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'us', LanguageCode: 'fr-FR' } });
    expectError(endpoint, language, 404, 'NotFoundException');
  });
});
