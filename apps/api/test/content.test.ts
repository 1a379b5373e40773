/** GET /api/Content/GetContentByUrl: the storefront's catch-all route resolves product and category URLs (spec §2). */
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { products } from '@b2b/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp } from './support/test-app.ts';

const endpoint = contentEndpoints.getContentByUrl;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let product: { id: string; url: string; name: string };

beforeAll(async () => {
  testApp = await createTestApp();
  [product] = (await testApp.db
    .select({ id: products.id, url: products.url, name: products.name })
    .from(products)
    .limit(1)) as [typeof product];
});
afterAll(async () => {
  await testApp.close();
});

async function getContentOk(url: string, extra: Record<string, string> = {}) {
  const query = { 'Area.AreaId': 'eu', 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR', Url: url, ...extra };
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { query }));
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
