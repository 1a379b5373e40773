import { getProductsBySearchRefinedBody, SORTING_OPTIONS } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { chooseFacets, FALLBACK_FACETS, toFacetOptions, toSearchQuery } from './search-query.ts';

const area = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const parse = (body: object) => getProductsBySearchRefinedBody.parse({ area, ...body });

describe('chooseFacets', () => {
  it('falls back to every contract facet field when the area has none', () => {
    expect(chooseFacets(undefined, parse({})).map((facet) => facet.field)).toEqual(
      FALLBACK_FACETS.map((facet) => facet.field),
    );
    expect(FALLBACK_FACETS.find((facet) => facet.field === 'newStockDate')?.type).toBe('Slider');
  });

  it('keeps the defaults, drops unusable ones and adds selected facets the defaults lack', () => {
    const defaults = [
      { field: 'brand', type: 'CheckboxOr', facetName: 'Brand' },
      { field: 'price', type: 'Slider', facetName: 'Price' },
      { field: 'colour', type: 'Slider', facetName: 'Bad colour' },
    ] as const;
    const body = parse({ facets: [{ field: 'season', type: 'CheckboxOr', values: ['SS25'] }] });
    expect(chooseFacets(defaults, body)).toEqual([
      { field: 'brand', type: 'CheckboxOr', facetName: 'Brand' },
      { field: 'season', type: 'CheckboxOr', facetName: 'Season' },
    ]);
  });
});

describe('toSearchQuery', () => {
  it('defaults to the first sorting option (spec §9) and converts slider bounds', () => {
    const query = toSearchQuery(
      parse({
        search: 'deck',
        skip: 24,
        take: 12,
        facets: [
          { field: 'newStockDate', type: 'Slider', min: '1970-01-11' },
          { field: 'size', type: 'CheckboxAnd', values: ['M'] },
        ],
      }),
      [],
    );
    expect(query).toMatchObject({
      text: 'deck',
      skip: 24,
      take: 12,
      sort: SORTING_OPTIONS[0]?.sortings,
      filters: [
        { field: 'newStockDate', type: 'Slider', min: 10, max: null },
        { field: 'size', type: 'CheckboxAnd', values: ['M'] },
      ],
    });
  });
});

describe('toFacetOptions', () => {
  it('formats dates as yyyy-mm-dd and numbers as text, with facet names', () => {
    const options = toFacetOptions(
      [
        { field: 'newStockDate', type: 'Slider', min: 0, max: 31, selectedMin: 1, selectedMax: null },
        { field: 'stockLevel', type: 'Slider', min: null, max: null, selectedMin: null, selectedMax: 5 },
        { field: 'brand', type: 'CheckboxOr', options: [{ value: 'bb', label: 'BB', count: 2, isSelected: false }] },
      ],
      [
        { field: 'newStockDate', type: 'Slider', facetName: 'New stock date' },
        { field: 'stockLevel', type: 'Slider', facetName: 'Stock' },
        { field: 'brand', type: 'CheckboxOr', facetName: 'Brand' },
      ],
    );
    expect(options[0]).toMatchObject({
      facetName: 'New stock date',
      valueType: 'date',
      min: '1970-01-01',
      max: '1970-02-01',
      selectedMin: '1970-01-02',
      selectedMax: null,
    });
    expect(options[1]).toMatchObject({ valueType: 'number', min: null, selectedMax: '5', options: [] });
    expect(options[2]).toMatchObject({
      valueType: 'text',
      min: null,
      options: [{ value: 'bb', label: 'BB', count: 2 }],
    });
  });
});
