import { describe, expect, it } from 'vitest';
import { createProductIndexOptions } from './search-documents.ts';
import { SearchIndex } from './search-index.ts';
import { buildSnapshotInWorker } from './search-index-builder.ts';
import { packStrings, unpackStrings } from './search-snapshot.ts';
import { parseSearchSource, type SearchSourceText } from './search-source.ts';
import type { SearchQuery } from './search-types.ts';

/**
 * The index built in the worker thread (ADR 041) — parsed there, sent back as transferred typed arrays and packed
 * strings, unpacked in slices — answers exactly like SearchIndex.build on the same documents in this thread.
 */

const F = '\u001f';
const R = '\u001e';
const NAMES = ['Street deck', 'Park helmets', 'Red helmet', 'Snowboard boots', 'Wheel set', 'Bearing kit', 'Hoodie'];
const COLOURS = ['red', 'blue', 'black', ''];
const SIZES = ['S', 'M', 'L', 'XL', '8.25"', 'EU 42', ''];

/** A catalogue as the repository reads it: `products` products in chunks of 50, 0–4 variants each. */
function createSource(products: number): SearchSourceText {
  const productRecords: string[] = [];
  const variantRecords: string[] = [];
  for (let number = 0; number < products; number++) {
    const id = `P${String(number).padStart(5, '0')}`;
    const material = number % 5 === 0 ? '["wood","steel"]' : number % 3 === 0 ? 'maple' : '';
    const date = number % 4 === 0 ? '' : `2026-0${(number % 9) + 1}-1${number % 10}`;
    productRecords.push(
      [
        id,
        `${NAMES[number % NAMES.length]} ${number % 17}`,
        `b${number % 4}`,
        `c${number % 5}`,
        String((number * 7) % 40),
        date,
        material,
        number % 2 === 0 ? 'unisex' : 'women',
        number % 6 === 0 ? '["winter","spring"]' : '',
        `/p/${id.toLowerCase()}`,
        number % 3 === 0 ? '' : `/images/${id}.jpg`,
      ].join(F),
    );
    for (let variant = 0; variant < number % 5; variant++) {
      variantRecords.push(
        [id, `${id}-${variant}`, SIZES[(number + variant) % SIZES.length], COLOURS[(number * variant) % 4]].join(F),
      );
    }
  }
  // A variant code holding a separator: skipped and counted.
  variantRecords.push(`P00001${F}broken${F}${F}M${F}red`);
  const chunk = (records: string[]) =>
    Array.from({ length: Math.ceil(records.length / 50) }, (_, index) =>
      records.slice(index * 50, index * 50 + 50).join(R),
    );
  return {
    categories: [
      { id: 'c0', parentId: null, name: 'Skate', url: '/skate', sortOrder: 1 },
      { id: 'c1', parentId: 'c0', name: 'Decks', url: '/skate/decks', sortOrder: 1 },
      { id: 'c2', parentId: 'c0', name: 'Protection', url: '/skate/protection', sortOrder: 2 },
      { id: 'c3', parentId: 'c2', name: 'Helmets', url: '/skate/protection/helmets', sortOrder: 1 },
      { id: 'c4', parentId: null, name: 'Snow', url: '/snow', sortOrder: 2 },
    ],
    brands: [
      { id: 'b0', name: 'Nordic' },
      { id: 'b1', name: 'Bbq Co' },
      { id: 'b2', name: 'Street Kings' },
      { id: 'b3', name: 'Alpine' },
    ],
    defaultFacets: [],
    productChunks: chunk(productRecords),
    variantChunks: chunk(variantRecords),
  };
}

const FACETS: SearchQuery['facets'] = [
  { field: 'brand', type: 'CheckboxOr' },
  { field: 'category', type: 'CheckboxOr' },
  { field: 'size', type: 'CheckboxAnd' },
  { field: 'colour', type: 'CheckboxOr' },
  { field: 'material', type: 'CheckboxOr' },
  { field: 'season', type: 'CheckboxOr' },
  { field: 'stockLevel', type: 'Slider' },
  { field: 'newStockDate', type: 'Slider' },
];
const SORTS: SearchQuery['sort'][] = [
  [],
  [{ field: 'name', direction: 'Ascending' }],
  [{ field: 'newStockDate', direction: 'Descending' }],
  [{ field: 'id', direction: 'Descending' }],
  [
    { field: 'stockLevel', direction: 'Ascending' },
    { field: 'name', direction: 'Descending' },
  ],
];
const TEXTS = [
  undefined,
  'helmet',
  'helmets',
  'red helmet',
  'snowbord',
  'p0001',
  'P00003-2',
  'nordic',
  'maple',
  'st',
  'zzz',
];

function queries(): SearchQuery[] {
  const list: SearchQuery[] = [];
  TEXTS.forEach((text, textNumber) => {
    SORTS.forEach((sort, sortNumber) => {
      list.push({ text, sort, facets: FACETS, skip: (textNumber * 3) % 20, take: 24 });
      list.push({ text, sort, rankByRelevance: true, facets: FACETS, take: 10 });
      list.push({
        text,
        sort,
        categoryId: sortNumber % 2 === 0 ? 'c2' : 'c1',
        filters: [
          { field: 'colour', type: 'CheckboxOr', values: ['red', 'black'] },
          { field: 'size', type: 'CheckboxAnd', values: textNumber % 2 === 0 ? ['M'] : [] },
          { field: 'stockLevel', type: 'Slider', min: 5, max: 30 },
        ],
        facets: FACETS,
        take: 12,
      });
    });
  });
  list.push({ productIds: ['P00002', 'P00010', 'nope'], facets: FACETS });
  return list;
}

describe('the search index built in a worker thread', () => {
  it('answers every query, correction and summary exactly like SearchIndex.build on the same documents', async () => {
    const source = createSource(600);
    const built = await buildSnapshotInWorker(source, 256);
    const parsed = parseSearchSource(source);
    const reference = SearchIndex.build(
      parsed.documents,
      createProductIndexOptions(parsed.brandNames, parsed.categories),
    );

    expect(built.index.size).toBe(600);
    expect(built.skippedRecords).toBe(1);
    for (const query of queries()) expect(built.index.search(query)).toEqual(reference.search(query));
    for (const text of ['helmte', 'snowbord', 'nordik', 'deck', 'xyzzy']) {
      expect(built.index.correctText(text)).toBe(reference.correctText(text));
    }
    for (const field of ['brand', 'size', 'colour', 'material', 'gender']) {
      expect(built.index.listValueTotals(field)).toEqual(reference.listValueTotals(field));
    }
    for (const category of ['c0', 'c2', 'c4', 'none']) {
      expect(built.index.countCategory(category)).toBe(reference.countCategory(category));
    }
    expect(built.index.hasTerm('helmet')).toBe(true);
    expect(built.index.hasDocument('P00599')).toBe(true);
    expect(built.index.hasDocument('P00600')).toBe(false);

    parsed.documents.forEach((document, doc) => {
      expect(built.summaries.get(document.id)).toEqual({
        name: parsed.summaries.names[doc],
        url: `/p/${document.id.toLowerCase()}`,
        imageUrl: doc % 3 === 0 ? null : `/images/${document.id}.jpg`,
        brand: ['Nordic', 'Bbq Co', 'Street Kings', 'Alpine'][doc % 4],
      });
    });
    expect(built.summaries.get('P00600')).toBeUndefined();
  });

  it('rejects when the build fails in the worker (here: a duplicate product id), so the caller keeps its snapshot', async () => {
    const source = createSource(10);
    source.productChunks.push(source.productChunks[0]?.split(R)[0] ?? '');
    await expect(buildSnapshotInWorker(source, 256)).rejects.toThrow('Duplicate search document id P00000');
  });

  it('rejects when the build outgrows the worker heap limit', async () => {
    await expect(buildSnapshotInWorker(createSource(40_000), 8)).rejects.toMatchObject({
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
  });
});

describe('packed strings', () => {
  it('come back as the same list, also when split over many slices', async () => {
    const list = ['', 'a', 'helmet', 'Ünïcode 😀', '', 'x'.repeat(300), 'last'];
    for (const perSlice of [1, 2, 3, 100]) expect(await unpackStrings(packStrings(list), perSlice)).toEqual(list);
    expect(await unpackStrings(packStrings([]))).toEqual([]);
  });
});
