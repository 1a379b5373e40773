import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import type { CheckboxFacetResult, SearchDocument, SearchFilter, SearchQuery, SortKey } from './search-types.ts';
import { toSortKey } from './sort-orders.ts';
import { parseQueryTerms, tokenizeWords } from './text-terms.ts';

/**
 * Property: whatever the documents and the query, the index agrees with a brute-force filter over the documents —
 * totals, the page in sort order, checkbox counts (OR: without its own selection; AND: within the matches) and
 * slider bounds.
 */

const WORDS = ['deck', 'decker', 'wheel', 'jacket', 'hood', 'bb', 'bbs', 'bbq'];
const COLOURS = ['red', 'blue', 'green', 'black'];
const SIZES = ['s', 'm', 'l', 'xl'];
const CHECKBOX_FIELDS = ['colour', 'size'] as const;
const SORT_OPTIONS: SortKey[][] = [
  [{ field: 'newStockDate', direction: 'Descending' }],
  [{ field: 'name', direction: 'Ascending' }],
  [{ field: 'name', direction: 'Descending' }],
  [{ field: 'id', direction: 'Ascending' }],
  [{ field: 'id', direction: 'Descending' }],
  [{ field: 'stockLevel', direction: 'Descending' }],
  [
    { field: 'stockLevel', direction: 'Ascending' },
    { field: 'name', direction: 'Descending' },
  ],
];

const documentArbitrary = fc.record({
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  brand: fc.constantFrom('BB', 'Nordic', 'Bbq Co'),
  colour: fc.subarray(COLOURS, { maxLength: 2 }),
  size: fc.subarray(SIZES),
  stockLevel: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
  newStockDate: fc.option(fc.integer({ min: 19_000, max: 19_010 }), { nil: null }),
});

const documentsArbitrary = fc.array(documentArbitrary, { maxLength: 90 }).map((rows) =>
  rows.map(
    (row, number): SearchDocument => ({
      id: `d${String(number).padStart(3, '0')}`,
      name: row.name,
      brand: row.brand,
      itemNumbers: [],
      categoryPath: [],
      values: { colour: row.colour, size: row.size },
      numbers: { stockLevel: row.stockLevel, newStockDate: row.newStockDate },
    }),
  ),
);

const checkboxFilterArbitrary = (field: string, values: string[]) =>
  fc.record({
    field: fc.constant(field),
    type: fc.constantFrom('CheckboxAnd' as const, 'CheckboxOr' as const),
    values: fc.subarray([...values, 'unknown'], { maxLength: 3 }),
  });

const queryArbitrary = fc.record({
  text: fc.option(
    fc.oneof(
      fc.constantFrom(...WORDS, "bb's", 'nordic', 'd00'),
      fc.constantFrom(...WORDS).map((word) => word.slice(0, 2)),
    ),
    { nil: undefined },
  ),
  colour: fc.option(checkboxFilterArbitrary('colour', COLOURS), { nil: undefined }),
  size: fc.option(checkboxFilterArbitrary('size', SIZES), { nil: undefined }),
  stock: fc.option(
    fc.record({
      min: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      max: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    }),
    { nil: undefined },
  ),
  sort: fc.constantFrom(...SORT_OPTIONS),
  skip: fc.integer({ min: 0, max: 40 }),
  take: fc.integer({ min: 0, max: 30 }),
});

function matchesText(document: SearchDocument, text: string | undefined): boolean {
  const terms = parseQueryTerms(text ?? '');
  const tokens = [...tokenizeWords(document.name), ...tokenizeWords(document.brand), document.id];
  return terms.every((term) =>
    tokens.some((token) => (term.isExact ? token === term.text : token.startsWith(term.text))),
  );
}

function matchesFilter(document: SearchDocument, filter: SearchFilter): boolean {
  if (filter.type === 'Slider') {
    if (filter.min == null && filter.max == null) return true;
    const value = document.numbers[filter.field];
    return value != null && (filter.min == null || value >= filter.min) && (filter.max == null || value <= filter.max);
  }
  if (filter.values.length === 0) return true;
  const values = document.values[filter.field] ?? [];
  return filter.type === 'CheckboxAnd'
    ? filter.values.every((value) => values.includes(value))
    : filter.values.some((value) => values.includes(value));
}

function compareDocuments(a: SearchDocument, b: SearchDocument, sort: readonly SortKey[]): number {
  for (const { field, direction } of sort) {
    const sign = direction === 'Descending' ? -1 : 1;
    if (field === 'name' || field === 'id') {
      const keyA = toSortKey(a[field]);
      const keyB = toSortKey(b[field]);
      if (keyA !== keyB) return (keyA < keyB ? -1 : 1) * sign;
      continue;
    }
    const valueA = a.numbers[field];
    const valueB = b.numbers[field];
    if (valueA === valueB) continue;
    if (valueA == null) return 1;
    if (valueB == null) return -1;
    return (valueA - valueB) * sign;
  }
  return a.id < b.id ? -1 : 1;
}

describe('SearchIndex agrees with a brute-force search', () => {
  it('on random documents and queries', () => {
    fc.assert(
      fc.property(documentsArbitrary, queryArbitrary, (documents, generated) => {
        const index = SearchIndex.build(documents, {
          checkboxFields: CHECKBOX_FIELDS,
          numberFields: ['stockLevel', 'newStockDate'],
        });
        const filters: SearchFilter[] = [];
        if (generated.colour) filters.push(generated.colour);
        if (generated.size) filters.push(generated.size);
        if (generated.stock) filters.push({ field: 'stockLevel', type: 'Slider', ...generated.stock });
        const query: SearchQuery = {
          text: generated.text,
          filters,
          facets: [
            { field: 'colour', type: 'CheckboxOr' },
            { field: 'size', type: 'CheckboxAnd' },
            { field: 'stockLevel', type: 'Slider' },
          ],
          sort: generated.sort,
          skip: generated.skip,
          take: generated.take,
        };
        const result = index.search(query);

        const textMatches = documents.filter((document) => matchesText(document, generated.text));
        const matches = textMatches.filter((document) => filters.every((filter) => matchesFilter(document, filter)));
        const others = (field: string) =>
          textMatches.filter((document) =>
            filters.every((filter) => filter.field === field || matchesFilter(document, filter)),
          );

        expect(result.total).toBe(matches.length);
        const expectedPage = [...matches]
          .sort((a, b) => compareDocuments(a, b, generated.sort))
          .slice(generated.skip, generated.skip + generated.take)
          .map((document) => document.id);
        expect(result.hits.map((hit) => hit.id)).toEqual(expectedPage);

        for (const field of CHECKBOX_FIELDS) {
          const own = filters.find((filter) => filter.field === field);
          const scope = own?.type === 'CheckboxOr' && own.values.length > 0 ? others(field) : matches;
          const expected: Record<string, number> = {};
          for (const document of scope)
            for (const value of new Set(document.values[field])) expected[value] = (expected[value] ?? 0) + 1;
          for (const value of own?.type !== 'Slider' ? (own?.values ?? []) : []) expected[value] ??= 0;
          const facet = result.facets.find((candidate) => candidate.field === field) as CheckboxFacetResult;
          expect(Object.fromEntries(facet.options.map((option) => [option.value, option.count]))).toEqual(expected);
        }

        const stockValues = others('stockLevel')
          .map((document) => document.numbers.stockLevel)
          .filter((value): value is number => value != null);
        expect(result.facets[2]).toMatchObject({
          min: stockValues.length > 0 ? Math.min(...stockValues) : null,
          max: stockValues.length > 0 ? Math.max(...stockValues) : null,
        });
      }),
      { numRuns: 400 },
    );
  });
});
