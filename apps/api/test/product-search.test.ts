/**
 * POST /api/Product/GetProductsBySearch through app.inject on a seeded database. Expected counts come from SQL over
 * the same database, so the in-process index is checked against the source of truth (products still sold: the
 * discontinued ones leave the index).
 */
import { type GetProductsBySearchResponse, SORTING_OPTIONS } from '@b2b/contract';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { categories, products, productVariants } from '@b2b/db/schema';
import { and, count, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSortKey } from '../src/modules/search/sort-orders.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

const endpoint = productEndpoints.getProductsBySearch;

let testApp: Awaited<ReturnType<typeof createTestApp>>;

/** The value, failing the test when it is missing. */
function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/** The first two entries, failing the test when there are fewer. */
function defined2<T>(values: readonly T[]): [T, T] {
  return [defined(values[0]), defined(values[1])];
}

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function search(body: Record<string, unknown>) {
  return callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA, ...body } });
}

async function searchOk(body: Record<string, unknown>): Promise<GetProductsBySearchResponse> {
  return expectOk(endpoint, await search(body));
}

/** Products the index holds: the seed discontinues a few (issue 10). */
const isSold = isNull(products.discontinuedAt);

async function countProducts(where?: ReturnType<typeof and>): Promise<number> {
  const [row] = await testApp.db.select({ value: count() }).from(products).where(and(isSold, where));
  return row?.value ?? 0;
}

function optionCounts(result: GetProductsBySearchResponse, field: string): Record<string, number> {
  const facet = result.facetOptions.find((option) => option.field === field);
  return Object.fromEntries((facet?.options ?? []).map((option) => [option.value, option.count]));
}

describe('GetProductsBySearch', () => {
  it('is public and returns a first page in the default order with the area default facets', async () => {
    const result = await searchOk({});
    expect(result.itemsTotal).toBe(await countProducts());
    expect(result.items).toHaveLength(24);
    const dates = result.items.map(({ item }) => item.newStockDate ?? '');
    // spec §9: "New stock level descending" is the default: new stock date, latest first, products without last.
    expect(dates).toEqual([...dates].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : b.localeCompare(a))));
    expect(result.facetOptions.map((option) => option.facetName)).toEqual([
      'Brand',
      'Category',
      'Size',
      'Colour',
      'Material',
      'Gender',
      'Season',
      'Stock level',
      'New stock date',
    ]);
    expect(result.items[0]).toMatchObject({ score: 0, item: { id: expect.any(String), variants: expect.any(Array) } });
  });

  it('counts brand options like SQL and filters CheckboxOr on any selected brand', async () => {
    const byBrand = await testApp.db
      .select({ brandId: products.brandId, value: count() })
      .from(products)
      .where(isSold)
      .groupBy(products.brandId);
    const [first, second] = defined2(byBrand.sort((a, b) => b.value - a.value));
    const result = await searchOk({
      facets: [{ field: 'brand', type: 'CheckboxOr', values: [first.brandId, second.brandId] }],
    });
    expect(result.itemsTotal).toBe(first.value + second.value);
    const brandOf = new Map(
      (await testApp.db.select({ id: products.id, brandId: products.brandId }).from(products)).map((row) => [
        row.id,
        row.brandId,
      ]),
    );
    expect(result.items.every(({ item }) => [first.brandId, second.brandId].includes(brandOf.get(item.id) ?? ''))).toBe(
      true,
    );
    // An OR facet counts as if its own selection were absent: every brand keeps its full count.
    expect(optionCounts(result, 'brand')).toEqual(Object.fromEntries(byBrand.map((row) => [row.brandId, row.value])));
    const brandFacet = defined(result.facetOptions.find((option) => option.field === 'brand'));
    expect(
      brandFacet.options
        .filter((option) => option.isSelected)
        .map((option) => option.value)
        .sort(),
    ).toEqual([first.brandId, second.brandId].sort());
    expect(brandFacet.options.find((option) => option.value === 'bb')?.label).toBe('BB');
  });

  it('answers the same counts on every page and sort of a listing, and new counts for other filters (counts are reused per index snapshot)', async () => {
    const filter = { facets: [{ field: 'gender', type: 'CheckboxAnd', values: ['Women'] }] };
    const first = await searchOk({ search: 'pro', ...filter });
    const later = await searchOk({ search: 'pro', ...filter, skip: 24, sorting: SORTING_OPTIONS[1]?.sortings });
    expect(later.facetOptions).toEqual(first.facetOptions);
    expect(later.itemsTotal).toBe(first.itemsTotal);
    // The same text without the filter: counted afresh, so the gender facet shows every gender again.
    const unfiltered = await searchOk({ search: 'pro' });
    expect(Object.keys(optionCounts(unfiltered, 'gender')).length).toBeGreaterThan(
      Object.keys(optionCounts(first, 'gender')).length,
    );
    expect(unfiltered.itemsTotal).toBeGreaterThan(first.itemsTotal);
  });

  it('filters CheckboxAnd on products having every selected size over their variants', async () => {
    const sizes = await testApp.db
      .select({ size: productVariants.size, value: sql<number>`count(distinct ${productVariants.productId})::int` })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(isNotNull(productVariants.size), isSold))
      .groupBy(productVariants.size);
    const [top] = sizes.sort((a, b) => b.value - a.value);
    const size = { size: defined(top?.size), value: defined(top?.value) };
    const single = await searchOk({ facets: [{ field: 'size', type: 'CheckboxAnd', values: [size.size] }] });
    expect(single.itemsTotal).toBe(size.value);
    // AND facet: a value's count is what ticking it as well would leave — so the selected one counts all matches.
    expect(optionCounts(single, 'size')[size.size]).toBe(size.value);
    const other = Object.entries(optionCounts(single, 'size')).find(
      ([value, total]) => value !== size.size && total > 0,
    ) ?? ['', 0];
    const both = await searchOk({ facets: [{ field: 'size', type: 'CheckboxAnd', values: [size.size, other[0]] }] });
    expect(both.itemsTotal).toBe(other[1]);
    for (const { item } of both.items) {
      const itemSizes = item.variants.map((variant) => variant.size);
      expect(itemSizes).toContain(size.size);
      expect(itemSizes).toContain(other[0]);
    }
  });

  it('applies a stock level slider only when min or max is set (spec §5)', async () => {
    const all = await searchOk({ facets: [{ field: 'stockLevel', type: 'Slider' }] });
    expect(all.itemsTotal).toBe(await countProducts());
    const ranged = await searchOk({ facets: [{ field: 'stockLevel', type: 'Slider', min: '10', max: '200' }] });
    expect(ranged.itemsTotal).toBe(
      await countProducts(and(gte(products.stockLevel, 10), lte(products.stockLevel, 200))),
    );
    const slider = defined(ranged.facetOptions.find((option) => option.field === 'stockLevel'));
    expect(slider).toMatchObject({
      type: 'Slider',
      valueType: 'number',
      selectedMin: '10',
      selectedMax: '200',
      options: [],
    });
    const [bounds] = await testApp.db
      .select({ min: sql<number>`min(${products.stockLevel})`, max: sql<number>`max(${products.stockLevel})` })
      .from(products)
      .where(isSold);
    // A slider's bounds ignore its own selection.
    expect(slider.min).toBe(String(bounds?.min));
    expect(slider.max).toBe(String(bounds?.max));
  });

  it('filters on new stock dates given as yyyy-mm-dd', async () => {
    const [row] = await testApp.db
      .select({ median: sql<string>`percentile_disc(0.5) within group (order by ${products.newStockDate})::text` })
      .from(products)
      .where(isSold);
    const median = defined(row?.median);
    const result = await searchOk({ facets: [{ field: 'newStockDate', type: 'Slider', min: median }] });
    expect(result.itemsTotal).toBe(await countProducts(gte(products.newStockDate, median)));
    expect(result.items.every(({ item }) => (item.newStockDate ?? '') >= median)).toBe(true);
    const facet = defined(result.facetOptions.find((option) => option.field === 'newStockDate'));
    expect(facet).toMatchObject({ valueType: 'date', selectedMin: median, selectedMax: null });
    expect(facet.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('restricts to a category and its descendants', async () => {
    const leaves = await testApp.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, 'skate'));
    const result = await searchOk({ categoryId: 'skate' });
    expect(result.itemsTotal).toBe(
      await countProducts(
        inArray(
          products.categoryId,
          leaves.map((leaf) => leaf.id),
        ),
      ),
    );
    expect(Object.keys(optionCounts(result, 'category')).every((id) => id.startsWith('skate-'))).toBe(true);
  });

  it("searches name, brand and item number with a trailing wildcard; bbs and bb's mean the brand bb (spec §5)", async () => {
    const [row] = await testApp.db.select({ id: products.id }).from(products).limit(1);
    const product = defined(row);
    const byItemNumber = await searchOk({ search: product.id.slice(0, -1) });
    expect(byItemNumber.items.map(({ item }) => item.id)).toContain(product.id);
    const exact = await searchOk({ search: product.id });
    expect(exact.items.map(({ item }) => item.id)).toEqual([product.id]);
    expect(exact.items[0]?.score).toBeGreaterThan(0);
    const variant = await searchOk({ search: `${product.id}-01` });
    expect(variant.items.map(({ item }) => item.id)).toEqual([product.id]);

    const bbProducts = await countProducts(eq(products.brandId, 'bb'));
    expect(bbProducts).toBeGreaterThan(0);
    for (const term of ['bbs', "bb's", 'BBS', 'bb']) {
      expect((await searchOk({ search: term })).itemsTotal, term).toBe(bbProducts);
    }
    const [bbProduct] = await testApp.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.brandId, 'bb'))
      .limit(1);
    const word = (bbProduct?.name.split(' ').at(-1) ?? '').toLowerCase();
    const prefix = await searchOk({ search: `bb ${word.slice(0, 3)}` });
    expect(prefix.itemsTotal).toBeGreaterThan(0);
    for (const { item } of prefix.items) {
      expect(item.specifications.brand).toBe('BB');
      expect(
        item.name
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .some((token) => token.startsWith(word.slice(0, 3))),
      ).toBe(true);
    }
    expect(await searchOk({ search: 'zzzzqqq' })).toMatchObject({ itemsTotal: 0, didYouMean: null });
    // With results there is nothing to suggest (issue 11: did you mean, nearest categories).
    expect(exact).toMatchObject({ didYouMean: null, nearestCategories: [] });
  });

  it('orders free text by relevance unless a sorting is chosen (ADR 003), and corrects one typo', async () => {
    const relevance = await searchOk({ search: 'helmets pro', take: 50 });
    const scores = relevance.items.map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const typo = await searchOk({ search: 'helmts' });
    expect(typo.itemsTotal).toBe((await searchOk({ search: 'helmet' })).itemsTotal);
  });

  it.each(SORTING_OPTIONS.map((option) => [option.name, option] as const))('sorts: %s', async (_, option) => {
    const result = await searchOk({ sorting: option.sortings, take: 100 });
    const { field, direction } = defined(option.sortings[0]);
    const keys = result.items.map(({ item }) => {
      // Names and item numbers sort case-insensitively and numeric-aware: compare the index's own sort keys.
      if (field === 'name' || field === 'id') return toSortKey(item[field]);
      return field === 'stockLevel' ? item.stockLevel : item.newStockDate;
    });
    keys.slice(1).forEach((current, index) => {
      const previous = keys[index] ?? null;
      if (current === null || previous === null) {
        expect(previous === null && current !== null, 'items without a value come last').toBe(false);
        return;
      }
      if (direction === 'Ascending') expect(previous <= current).toBe(true);
      else expect(previous >= current).toBe(true);
    });
  });

  it('keeps the requested sort with free text, and pages with skip and take', async () => {
    const sorting = [{ field: 'id', direction: 'Descending' }];
    const whole = await searchOk({ search: 'bb', sorting, take: 30 });
    const firstPage = await searchOk({ search: 'bb', sorting, skip: 0, take: 12 });
    const secondPage = await searchOk({ search: 'bb', sorting, skip: 12, take: 12 });
    const ids = whole.items.map(({ item }) => item.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect([...firstPage.items, ...secondPage.items].map(({ item }) => item.id)).toEqual(ids.slice(0, 24));
    expect(secondPage.itemsTotal).toBe(whole.itemsTotal);
    const beyond = await searchOk({ search: 'bb', skip: whole.itemsTotal, take: 12 });
    expect(beyond.items).toEqual([]);
  });

  it('returns the slim product-cart form when asked', async () => {
    const result = await searchOk({ lookupTemplate: 'product-cart', take: 1 });
    expect(result.items[0]?.item).toMatchObject({ description: '', categories: [], specifications: { $meta: {} } });
  });

  it.each([
    [{ facets: [{ field: 'brand', type: 'Slider', min: '1' }] }, 'facets.0.type', /CheckboxAnd or CheckboxOr/],
    [
      { facets: [{ field: 'newStockDate', type: 'Slider', min: '01/02/2025' }] },
      'facets.0.min',
      /^must be a date as yyyy-mm-dd$/,
    ],
    [{ facets: [{ field: 'stockLevel', type: 'Slider', max: 'lots' }] }, 'facets.0.max', /^must be a number$/],
    [{ facets: [{ field: 'stockLevel', type: 'Slider', min: '9', max: '2' }] }, 'facets.0.min', /greater than max/],
    [{ facets: [{ field: 'price', type: 'CheckboxOr', values: ['1'] }] }, 'facets.0.field', /./],
    [
      {
        facets: [
          { field: 'size', type: 'CheckboxOr', values: ['M'] },
          { field: 'size', type: 'CheckboxOr', values: ['L'] },
        ],
      },
      'facets.1.field',
      /more than once/,
    ],
    [{ sorting: [{ field: 'price', direction: 'Ascending' }] }, 'sorting.0.field', /./],
    [{ take: 1000 }, 'take', /./],
    [{ skip: -1 }, 'skip', /./],
    [{ colour: 'red' }, 'colour', /not a known field/],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const error = expectError(endpoint, await search(body), 400, 'ValidationException');
    expect(error.errors).toContainEqual({ field, message: expect.stringMatching(message) });
  });
});
