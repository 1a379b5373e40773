/**
 * GET /api/Content/GetContentByUrl: the storefront's catch-all route resolves product and category URLs (spec §2),
 * and the demo content the seed stores answers through the content calls.
 */
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { categories, contentDocuments, products } from '@b2b/db/schema';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createStaff } from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

const endpoint = contentEndpoints.getContentByUrl;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let product: { id: string; url: string; name: string };

beforeAll(async () => {
  testApp = await createTestApp();
  [product] = (await testApp.db
    .select({ id: products.id, url: products.url, name: products.name })
    .from(products)
    .where(isNull(products.discontinuedAt))
    .limit(1)) as [typeof product];
});
afterAll(async () => {
  await testApp.close();
});

async function getContentOk(url: string, extra: Record<string, string> = {}, token: string | null = null) {
  const query = { 'Area.AreaId': 'eu', 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR', Url: url, ...extra };
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { query, token }));
}

describe('GetContentByUrl', () => {
  it('resolves a product URL to the product', async () => {
    const content = await getContentOk(product.url);
    expect(content).toMatchObject({
      status: 200,
      contentType: 'product',
      url: product.url,
      title: product.name,
      category: null,
    });
    expect(content.product?.id).toBe(product.id);
  });

  it.each([
    ['with the language prefix', (url: string) => `/en-GB${url}`],
    ['with a query string', (url: string) => `${url}?p=2&s=name-asc`],
    ['with both and a trailing slash', (url: string) => `/en-GB${url}/?q=x`],
  ])('resolves a product URL %s', async (_, toUrl) => {
    const content = await getContentOk(toUrl(product.url));
    expect(content).toMatchObject({ status: 200, contentType: 'product', url: product.url });
  });

  it('honours the product-cart lookup template', async () => {
    const content = await getContentOk(product.url, { LookupTemplate: 'product-cart' });
    expect(content.product).toMatchObject({ id: product.id, description: '' });
  });

  it('resolves a leaf category URL with breadcrumbs', async () => {
    const content = await getContentOk('/en-GB/skate/decks');
    expect(content).toMatchObject({
      status: 200,
      contentType: 'category',
      url: '/skate/decks',
      title: 'Decks',
      product: null,
    });
    expect(content.category).toMatchObject({
      id: 'skate-decks',
      parentId: 'skate',
      breadcrumbs: [{ id: 'skate', name: 'Skate', url: '/skate' }],
      children: [],
    });
  });

  it('resolves a root category URL with its children', async () => {
    const content = await getContentOk('/skate');
    expect(content.category?.breadcrumbs).toEqual([]);
    expect(content.category?.children.map((child) => child.url)).toContain('/skate/decks');
  });

  it('treats an empty path as / (spec §2)', async () => {
    for (const url of ['/', '/en-GB', '/en-GB/?x=1']) {
      expect(await getContentOk(url)).toMatchObject({ status: 200, contentType: 'page', url: '/' });
    }
  });

  it('answers status 404 for an unknown path', async () => {
    const content = await getContentOk('/en-GB/no/such/page?x=1');
    expect(content).toMatchObject({
      status: 404,
      url: '/no/such/page',
      product: null,
      category: null,
      redirectUrl: null,
    });
  });

  it('requires the area parameters (spec §5)', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { query: { Url: '/skate' } });
    expect(expectError(endpoint, response, 400, 'MissingParameterException')).toMatchObject({
      message: expect.stringMatching(/^The parameter Area\.\w+ must be defined and cannot be null\.$/),
    });
  });
});

describe('the seeded demo content', () => {
  it('answers / with the home page and each service page by its path', async () => {
    expect((await getContentOk('/')).page?.id).toBe('home');
    for (const key of ['about', 'terms', 'contact', 'delivery', 'returns', 'shop']) {
      const content = await getContentOk(`/en-GB/${key}`);
      expect(content, key).toMatchObject({ status: 200, contentType: 'page', url: `/${key}` });
      expect(content.page?.id).toBe(key);
      expect(content.title).toBe(content.page?.title);
    }
  });

  it('resolves every block of every seeded page (none is left out as unreadable or missing)', async () => {
    const pages = await testApp.db
      .select({ url: contentDocuments.url, body: contentDocuments.body })
      .from(contentDocuments)
      .where(and(eq(contentDocuments.areaId, 'eu'), eq(contentDocuments.kind, 'page')));
    expect(pages.length).toBeGreaterThan(0);
    // back-office staff open every page, also those for logged-in users or sales reps only (ADR 034)
    const staff = await createStaff(testApp);
    for (const stored of pages) {
      const content = await getContentOk(stored.url ?? '', {}, staff.token);
      const blockCount = stored.body.kind === 'page' ? stored.body.blocks.length : -1;
      expect(content.page?.blocks.length, stored.url ?? '').toBe(blockCount);
    }
  });

  it('gives every root category its landing page', async () => {
    const roots = await testApp.db
      .select({ id: categories.id, url: categories.url })
      .from(categories)
      .where(isNull(categories.parentId));
    expect(roots.length).toBeGreaterThan(0);
    for (const root of roots) {
      const content = await getContentOk(root.url);
      expect(content.contentType).toBe('category');
      expect(content.page).toMatchObject({ id: `landing-${root.id}`, template: 'landing', categoryId: root.id });
    }
  });

  it('answers a discontinued product with the product-not-available content', async () => {
    const [discontinued] = await testApp.db
      .select({ id: products.id, url: products.url })
      .from(products)
      .where(isNotNull(products.discontinuedAt))
      .limit(1);
    if (!discontinued) throw new Error('the seed discontinues products');
    const content = await getContentOk(discontinued.url);
    expect(content).toMatchObject({ status: 200, contentType: 'product', product: null });
    expect(content.unavailableProduct).toMatchObject({ id: discontinued.id, reason: 'discontinued' });
    expect(content.unavailableProduct?.alternatives.length).toBeGreaterThan(0);
  });

  it('holds the free-freight banner element, the contact form, the first-visit modal and the translations', async () => {
    const byId = contentEndpoints.getElementById;
    const element = await callEndpoint(testApp.app, byId, {
      body: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, id: 'free-freight-banner' },
    });
    expect(expectOk(byId, element).element.id).toBe('free-freight-banner');
    const bySearch = contentEndpoints.getElementsBySearch;
    const search = await callEndpoint(testApp.app, bySearch, {
      body: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, search: '', skip: 0, take: 50 },
    });
    const all = expectOk(bySearch, search);
    // Every seeded element can be shown.
    expect(all.elements).toHaveLength(all.total);

    const models = contentEndpoints.dummyToGetModels;
    const answer = expectOk(models, await callEndpoint(testApp.app, models));
    expect(answer.page?.id).toBe('home');
    expect(answer.form?.id).toBe('contact');
    expect(answer.modal?.id).toBe('first-visit');
    expect(answer.element).not.toBeNull();
    // spec §8: the default error toast title.
    expect(answer.translations.translations['Toast.DefaultErrorTitle']).toBe('Der opstod en fejl');
  });
});
