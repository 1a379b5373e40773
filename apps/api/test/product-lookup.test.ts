/** POST /api/Product/GetProductsByIds, and the search index following database changes (NOTIFY product_changes). */
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { products } from '@b2b/db/schema';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyProductChanges } from '../src/modules/search/search.repository.ts';
import { findSearchIndex } from '../src/modules/search/search-index.plugin.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct } from './support/factories.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** Three product ids of the seeded catalogue, in id order. */
let first: string;
let second: string;
let third: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const rows = await testApp.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(3);
  [first, second, third] = rows.map((row) => row.id) as [string, string, string];
});
afterAll(async () => {
  await testApp.close();
});

const byIds = productEndpoints.getProductsByIds;
const bySearch = productEndpoints.getProductsBySearch;

function getByIds(ids: unknown[], lookupTemplate?: string) {
  return callEndpoint(testApp.app, byIds, {
    body: { area: EU_AREA, ids, ...(lookupTemplate ? { lookupTemplate } : {}) },
  });
}

describe('GetProductsByIds', () => {
  it('returns the products keyed by id, in the contract shape', async () => {
    const response = await getByIds([second, first]);
    const { items } = expectOk(byIds, response);
    // Nothing beyond the contract: the parsed answer equals the one sent.
    expect(items).toEqual(response.json().items);
    expect(Object.keys(items).sort()).toEqual([first, second]);
    const product = items[first];
    if (!product) throw new Error(`product ${first} missing`);
    expect(product.variants.length).toBeGreaterThan(0);
    expect(product.categories.length).toBe(2);
    expect(product.media[0]?.url).toMatch(/^\/images\/raw\//);
    expect(product.stockLevel).toBe(product.variants.reduce((sum, variant) => sum + variant.stockLevel, 0));
  });

  it('leaves unknown ids out when some ids exist', async () => {
    const response = await getByIds([third, 'NO-SUCH-ITEM', third]);
    expect(Object.keys(expectOk(byIds, response).items)).toEqual([third]);
  });

  it('answers 404 Not Found when none of the ids exists (spec §8)', async () => {
    const response = await getByIds(['NO-SUCH-ITEM', 'NOR-THIS']);
    expect(expectError(byIds, response, 404, 'NotFoundException')).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
    });
  });

  it('gives the slim form for product-cart, with every image (a cart line shows its colour)', async () => {
    const response = await getByIds([first], 'product-cart');
    const product = expectOk(byIds, response).items[first];
    expect(product).toMatchObject({ description: '', categories: [] });
    const full = expectOk(byIds, await getByIds([first])).items[first];
    expect(full?.media.length).toBeGreaterThan(0);
    expect(product?.media).toEqual(full?.media);
  });

  it("lists a product's data sheet as a document, apart from its images, and leaves it out of product-cart", async () => {
    const product = expectOk(byIds, await getByIds(['100123'])).items['100123'];
    expect(product?.media.every((media) => media.type === 'image')).toBe(true);
    expect(product?.documents).toHaveLength(1);
    const [files, b64Path, b64Name] = (product?.documents[0]?.url ?? '').split('/').slice(1);
    expect(files).toBe('files');
    expect(Buffer.from(b64Path ?? '', 'base64url').toString()).toBe('files/datasheets/100123.pdf');
    expect(Buffer.from(b64Name ?? '', 'base64url').toString()).toBe('100123 data sheet.pdf');
    expect(product?.documents[0]?.name).toBe('Data sheet (PDF)');

    const slim = expectOk(byIds, await getByIds(['100123'], 'product-cart')).items['100123'];
    expect(slim?.documents).toEqual([]);
  });

  it.each([
    [[], 'ids'],
    [['bad id!'], 'ids.0'],
  ])('refuses ids %j with 400 naming %s', async (ids, field) => {
    const response = await getByIds(ids);
    expect(expectError(byIds, response, 400).errors?.map((error) => error.field)).toContain(field);
  });
});

describe('search index freshness', () => {
  it('finds a product added to the database once a writer sends NOTIFY product_changes', async () => {
    await createProduct(testApp.db, 'FRESH-1', ['FRESH-1-01']);
    const find = async () =>
      expectOk(bySearch, await callEndpoint(testApp.app, bySearch, { body: { area: EU_AREA, search: 'FRESH-1' } }));
    expect((await find()).itemsTotal).toBe(0);
    await notifyProductChanges(testApp.db);
    const deadline = Date.now() + 10_000;
    let total = 0;
    while (Date.now() < deadline && total === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      total = (await find()).itemsTotal;
    }
    expect(total).toBe(1);
  });

  it('can be refreshed on demand', async () => {
    await createProduct(testApp.db, 'FRESH-2');
    await findSearchIndex(testApp.app)?.refresh();
    const response = await callEndpoint(testApp.app, bySearch, { body: { area: EU_AREA, search: 'fresh-2' } });
    expect(expectOk(bySearch, response).items.map((entry) => entry.item.id)).toEqual(['FRESH-2']);
  });
});
