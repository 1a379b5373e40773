/**
 * POST /api/Product/GetSearchSuggestions (issue 11): products by the search's own matching and ranking, categories
 * and brands by name with their product counts (from SQL over the same database), and bad input refused.
 */
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { brands, products } from '@b2b/db/schema';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

const endpoint = productEndpoints.getSearchSuggestions;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function suggest(body: Record<string, unknown>) {
  return callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA, ...body } });
}

async function countSold(where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await testApp.db
    .select({ value: count() })
    .from(products)
    .where(and(where, isNull(products.discontinuedAt)));
  return row?.value ?? 0;
}

describe('GetSearchSuggestions', () => {
  it('is public: products in the order of GetProductsBySearch, with image and brand, and the category with its count', async () => {
    const result = expectOk(endpoint, await suggest({ search: 'helm', take: 3 }));
    const search = expectOk(
      productEndpoints.getProductsBySearch,
      await callEndpoint(testApp.app, productEndpoints.getProductsBySearch, {
        body: { area: EU_AREA, search: 'helm', take: 3 },
      }),
    );
    expect(result.products.map((product) => product.id)).toEqual(search.items.map(({ item }) => item.id));
    expect(result.products).toHaveLength(3);
    for (const [position, product] of result.products.entries()) {
      const item = search.items[position]?.item;
      expect(product).toEqual({
        id: item?.id,
        name: item?.name,
        url: item?.url,
        imageUrl: item?.media[0]?.url ?? null,
        brand: item?.specifications.brand,
      });
      expect(product.imageUrl).toMatch(/^\/images\/raw\//);
    }
    expect(result.categories).toEqual([
      {
        id: 'protection-helmets',
        name: 'Helmets',
        url: expect.any(String),
        productCount: await countSold(eq(products.categoryId, 'protection-helmets')),
      },
    ]);
    expect(result.brands).toEqual([]);
  });

  it('tolerates a typo and a plural like the search does', async () => {
    const typo = expectOk(endpoint, await suggest({ search: 'snowbord' }));
    expect(typo.products.length).toBeGreaterThan(0);
    expect(typo.products.every((product) => product.name.includes('Snowboard'))).toBe(true);
    expect(typo.categories.map((category) => category.id)).toEqual(['snow-snowboards']);
    const plural = expectOk(endpoint, await suggest({ search: 'wetsuits' }));
    expect(plural.categories.map((category) => category.id)).toEqual(['surf-wetsuits']);
    expect(plural.products.every((product) => product.name.includes('Wetsuit'))).toBe(true);
  });

  it('suggests brands whose name starts with or contains the text, with their product counts', async () => {
    const [northline] = await testApp.db.select().from(brands).where(eq(brands.name, 'Northline'));
    expect(northline).toBeDefined();
    const result = expectOk(endpoint, await suggest({ search: 'north' }));
    expect(result.brands).toEqual([
      {
        id: northline?.id,
        name: 'Northline',
        productCount: await countSold(eq(products.brandId, northline?.id ?? '')),
      },
    ]);
    expect(result.products.every((product) => product.brand === 'Northline')).toBe(true);
    // spec §5's brand rewrite holds here too.
    const bb = expectOk(endpoint, await suggest({ search: 'bbs' }));
    expect(bb.brands[0]).toEqual({ id: 'bb', name: 'BB', productCount: await countSold(eq(products.brandId, 'bb')) });
    const inside = expectOk(endpoint, await suggest({ search: 'line' }));
    expect(inside.brands.map((brand) => brand.name)).toContain('Northline');
  });

  it('answers empty lists for text that finds nothing', async () => {
    expect(expectOk(endpoint, await suggest({ search: 'xqzzyv' }))).toEqual({
      products: [],
      categories: [],
      brands: [],
    });
  });

  it.each([
    ['an empty search', { search: '' }, 'search', 'ValidationException'],
    ['a search of blanks and dashes', { search: '  - ' }, 'search', 'ValidationException'],
    ['a missing search', {}, 'search', 'MissingParameterException'],
    ['take 0', { search: 'helm', take: 0 }, 'take', 'ValidationException'],
    ['take above 10', { search: 'helm', take: 11 }, 'take', 'ValidationException'],
    ['a search over 200 characters', { search: 'a'.repeat(201) }, 'search', 'ValidationException'],
  ])('refuses %s with 400 naming the field', async (_, body, field, type) => {
    const error = expectError(endpoint, await suggest(body), 400, type);
    expect(error.errors?.map((entry) => entry.field)).toContain(field);
  });

  it('refuses unknown fields', async () => {
    const response = await suggest({ search: 'helm', sorting: [] });
    expectError(endpoint, response, 400, 'ValidationException');
  });
});
