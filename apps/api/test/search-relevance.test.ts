/**
 * Search relevance (issue 11, ADR 003) on the seeded test catalogue: a table of queries and what must come back —
 * plurals, product types, colours, a typo, item numbers, the brand rewrite and the trailing wildcard — plus the
 * ranking, "did you mean" and the nearest categories. Expected sets come from SQL over the same database.
 */
import type { GetProductsBySearchResponse } from '@b2b/contract';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { categories, products, productVariants } from '@b2b/db/schema';
import { and, eq, ilike, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectOk } from './support/endpoint-calls.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

const endpoint = productEndpoints.getProductsBySearch;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function searchOk(body: Record<string, unknown>): Promise<GetProductsBySearchResponse> {
  return expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA, take: 100, ...body } }));
}

function idsOf(result: GetProductsBySearchResponse): string[] {
  return result.items.map(({ item }) => item.id).sort();
}

/** Ids of the products still sold in a leaf category, sorted. */
async function idsInCategory(categoryId: string): Promise<string[]> {
  const rows = await testApp.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.categoryId, categoryId), isNull(products.discontinuedAt)));
  return rows.map((row) => row.id).sort();
}

/** The products still sold in the leaf categories below a root category. */
async function soldProductsBelow(rootCategoryId: string): Promise<Array<{ id: string }>> {
  const leaves = await testApp.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, rootCategoryId));
  return testApp.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(
          products.categoryId,
          leaves.map((leaf) => leaf.id),
        ),
        isNull(products.discontinuedAt),
      ),
    );
}

describe('free text finds types, plurals, specifications and typos (ADR 003)', () => {
  it.each([
    // query, leaf category whose products are exactly the answer
    ['helmets', 'protection-helmets'],
    ['helmet', 'protection-helmets'],
    ['Helmets', 'protection-helmets'],
    ['snowboards', 'snow-snowboards'],
    ['snowboard', 'snow-snowboards'],
    ['wetsuits', 'surf-wetsuits'],
    ['gloves', 'snow-gloves'],
    ['hoodies', 'apparel-hoodies'],
    ['beanies', 'apparel-beanies'],
    ['trucks', 'skate-trucks'],
    ['snowbord', 'snow-snowboards'],
    ['snowbords', 'snow-snowboards'],
    ['helmte', 'protection-helmets'],
    ['helm', 'protection-helmets'],
  ])('%j finds the products of %s', async (search, categoryId) => {
    const expected = await idsInCategory(categoryId);
    expect(expected.length).toBeGreaterThan(0);
    const result = await searchOk({ search });
    expect(idsOf(result)).toEqual(expected);
    expect(result.didYouMean).toBeNull();
    expect(result.nearestCategories).toEqual([]);
  });

  it.each([
    // a prefix of a type or specification word finds what the whole word finds (spec §5 trailing wildcard)
    ['protec', 'protection'],
    ['prot', 'protection'],
    ['snowb', 'snowboard'],
    ['wetsu', 'wetsuits'],
    ['blac', 'black'],
  ])('%j finds what %j finds (the trailing wildcard on type and specification words)', async (prefix, word) => {
    const whole = await searchOk({ search: word, take: 1 });
    expect(whole.itemsTotal).toBeGreaterThan(0);
    const found = await searchOk({ search: prefix, take: 1 });
    expect(found.itemsTotal).toBe(whole.itemsTotal);
    const allWhole = await searchOk({ search: word, take: whole.itemsTotal });
    const allFound = await searchOk({ search: prefix, take: whole.itemsTotal });
    expect(idsOf(allFound)).toEqual(idsOf(allWhole));
  });

  it('"protec" finds every product below the Protection category, as "protection" does', async () => {
    const rows = await soldProductsBelow('protection');
    expect(rows.length).toBeGreaterThan(0);
    const result = await searchOk({ search: 'protec', take: rows.length + 50 });
    expect(idsOf(result)).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
    expect(result.didYouMean).toBeNull();
  });

  it('words under four letters stay whole on types and specifications: "pro" does not bring all of Protection', async () => {
    const pro = await searchOk({ search: 'pro' });
    expect(pro.itemsTotal).toBeGreaterThan(0);
    // every answer has a name or brand word starting with "pro"; none is there for its Protection category alone
    const isNameOrBrandHit = ({ item }: GetProductsBySearchResponse['items'][number]) =>
      /\bpro/i.test(item.name) || /\bpro/i.test(item.specifications.brand);
    expect(pro.items.filter((entry) => !isNameOrBrandHit(entry))).toEqual([]);
  });

  it('"red helmet" is red AND helmet: the helmets with a red variant', async () => {
    const rows = await testApp.db
      .selectDistinct({ id: products.id })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(
        and(
          eq(products.categoryId, 'protection-helmets'),
          eq(productVariants.colour, 'Red'),
          isNull(products.discontinuedAt),
        ),
      );
    const expected = rows.map((row) => row.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(await searchOk({ search: 'red helmet' }))).toEqual(expected);
    expect(idsOf(await searchOk({ search: 'helmets red' }))).toEqual(expected);
  });

  it('a root category name finds every product below it (category names are product types)', async () => {
    const rows = await soldProductsBelow('snow');
    expect(rows.length).toBeGreaterThan(0);
    // "snow" is also a prefix of "snowboard": every product of the Snow category is among the answers.
    const snow = await searchOk({ search: 'snow' });
    expect(idsOf(snow)).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
  });

  it('keeps item numbers, the brand rewrite and the trailing wildcard (spec §5)', async () => {
    const [row] = await testApp.db
      .select({ id: products.id })
      .from(products)
      .where(isNull(products.discontinuedAt))
      .limit(1);
    const id = row?.id ?? '';
    expect((await searchOk({ search: id })).items.map(({ item }) => item.id)).toEqual([id]);
    expect((await searchOk({ search: `${id}-01` })).items.map(({ item }) => item.id)).toEqual([id]);
    // Item numbers are not typo-corrected: a wrong digit finds nothing rather than a neighbour.
    expect((await searchOk({ search: '999999' })).itemsTotal).toBe(0);
    const bb = await searchOk({ search: 'bbs' });
    expect(bb.itemsTotal).toBeGreaterThan(0);
    expect(bb.items.every(({ item }) => item.specifications.brand === 'BB')).toBe(true);
    expect(idsOf(await searchOk({ search: "bb's" }))).toEqual(idsOf(bb));
    const bbHelmets = (await idsInCategory('protection-helmets')).filter((helmetId) => idsOf(bb).includes(helmetId));
    expect(idsOf(await searchOk({ search: 'bbs helmets' }))).toEqual(bbHelmets);
    // The last word is a prefix (trailing wildcard): "bb helm" finds the same.
    expect(idsOf(await searchOk({ search: 'bb helm' }))).toEqual(bbHelmets);
  });
});

describe('ranking (ADR 003)', () => {
  it('orders by relevance when free text has no sorting: exact name words first', async () => {
    // "pro" is a word of many names (exact, 9) and the prefix of others (3); the Protection category is a type word,
    // found only whole, so it adds nothing. Scores never rise along the list.
    const result = await searchOk({ search: 'pro' });
    const scores = result.items.map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const nameHits = result.items.filter(({ item }) => /\bpro\b/i.test(item.name));
    expect(nameHits.length).toBeGreaterThan(0);
    expect(result.items.slice(0, nameHits.length).every(({ item }) => /\bpro/i.test(item.name))).toBe(true);
  });

  it('ranks an exact word above a prefix, and a corrected typo below both', async () => {
    const exact = await searchOk({ search: 'helmet', take: 1 });
    const typo = await searchOk({ search: 'helmte', take: 1 });
    const prefix = await searchOk({ search: 'helme', take: 1 });
    expect(exact.items[0]?.score).toBeGreaterThan(prefix.items[0]?.score ?? 0);
    expect(prefix.items[0]?.score).toBeGreaterThanOrEqual(typo.items[0]?.score ?? 0);
  });

  it('keeps a chosen sorting with free text (spec §9)', async () => {
    const result = await searchOk({ search: 'helmets', sorting: [{ field: 'name', direction: 'Ascending' }] });
    const names = result.items.map(({ item }) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('breaks relevance ties by the default sorting, new stock date latest first', async () => {
    const result = await searchOk({ search: 'helmets' });
    const dates = result.items.map(({ item }) => item.newStockDate ?? '');
    expect(new Set(result.items.map((entry) => entry.score)).size).toBe(1);
    expect(dates).toEqual([...dates].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : b.localeCompare(a))));
  });
});

describe('did you mean and the nearest categories (ADR 003)', () => {
  it('offers the corrected query and the nearest categories when nothing is found', async () => {
    // Two typos: too far for the search itself, near enough for "did you mean".
    const result = await searchOk({ search: 'snowbordz' });
    expect(result.itemsTotal).toBe(0);
    expect(result.didYouMean).toBe('snowboard');
    expect((await searchOk({ search: result.didYouMean ?? '' })).itemsTotal).toBeGreaterThan(0);
    expect(result.nearestCategories.map((category) => category.id)).toContain('snow-snowboards');
    expect(result.nearestCategories.length).toBeLessThanOrEqual(4);

    const farther = await searchOk({ search: 'snowbordxx' });
    expect(farther).toMatchObject({ itemsTotal: 0, didYouMean: 'snowboard' });
    expect(farther.nearestCategories.map((category) => category.id)).toContain('snow-snowboards');

    const helmets = await searchOk({ search: 'red helmetzz' });
    expect(helmets.didYouMean).toBe('red helmet');
  });

  it('answers null and [] for gibberish, and when something is found', async () => {
    const nothing = await searchOk({ search: 'xqzzyv' });
    expect(nothing).toMatchObject({ itemsTotal: 0, didYouMean: null, nearestCategories: [] });
    const found = await searchOk({ search: 'snowbord' });
    expect(found.itemsTotal).toBeGreaterThan(0);
    expect(found).toMatchObject({ didYouMean: null, nearestCategories: [] });
  });

  it('does not offer a correction that finds nothing under the selected facets', async () => {
    const result = await searchOk({
      search: 'snowbordz',
      facets: [{ field: 'category', type: 'CheckboxOr', values: ['protection-helmets'] }],
    });
    expect(result).toMatchObject({ itemsTotal: 0, didYouMean: null });
  });

  it('names categories by a name word the query starts', async () => {
    const rows = await testApp.db
      .select({ id: categories.id })
      .from(categories)
      .where(ilike(categories.name, 'wetsuit%'));
    const result = await searchOk({ search: 'wetsuitxyz' });
    expect(result.itemsTotal).toBe(0);
    expect(result.nearestCategories.map((category) => category.id)).toEqual(
      expect.arrayContaining(rows.map((row) => row.id)),
    );
  });
});
