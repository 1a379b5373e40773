import { SEARCH_PAGE_SIZE, SORTING_OPTIONS } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import {
  buildSearchParams,
  cleared,
  decodeFacetValue,
  encodeFacetValue,
  type FacetDefinition,
  filterChips,
  MAX_PAGE,
  parseSearchParams,
  type SearchState,
  toQueryString,
  toSearchHref,
  toSearchRequest,
  totalPages,
  withFacetToggled,
  withFacetValues,
  withPage,
  withRange,
  withSorting,
  withText,
} from './search-params.ts';

const definitions: FacetDefinition[] = [
  { type: 'CheckboxOr', facetName: 'Brand', field: 'brand', queryField: 'brand', valueType: 'text' },
  { type: 'CheckboxAnd', facetName: 'Size', field: 'size', queryField: 'size', valueType: 'text' },
  { type: 'Slider', facetName: 'Stock level', field: 'stockLevel', queryField: 'stockLevel', valueType: 'number' },
  { type: 'Slider', facetName: 'New stock date', field: 'newStockDate', queryField: 'newStock', valueType: 'date' },
];

function parse(query: string): SearchState {
  return parseSearchParams(new URLSearchParams(query), definitions);
}

function write(state: SearchState): string {
  return toQueryString(buildSearchParams(state));
}

describe('parseSearchParams', () => {
  it('reads the empty query as the first page, default sorting, no text and no facets', () => {
    const state = parse('');
    expect(state).toMatchObject({ q: '', page: 1, sorting: SORTING_OPTIONS[0], facets: [] });
  });

  it('reads q, p, s and comma-separated facet values (spec §2)', () => {
    const state = parse('q=board&p=3&s=name-desc&brand=Vans,Nike&size=M');
    expect(state.q).toBe('board');
    expect(state.page).toBe(3);
    expect(state.sorting.queryValue).toBe('name-desc');
    expect(state.facets).toEqual([
      { field: 'brand', type: 'CheckboxOr', values: ['Vans', 'Nike'] },
      { field: 'size', type: 'CheckboxAnd', values: ['M'] },
    ]);
  });

  it('reads sliders as min,max with either side empty, and dates as yyyy-mm-dd', () => {
    expect(parse('stockLevel=5,').facets).toEqual([{ field: 'stockLevel', type: 'Slider', min: '5' }]);
    expect(parse('stockLevel=,10').facets).toEqual([{ field: 'stockLevel', type: 'Slider', max: '10' }]);
    expect(parse('newStock=2024-01-01,2024-12-31').facets).toEqual([
      { field: 'newStockDate', type: 'Slider', min: '2024-01-01', max: '2024-12-31' },
    ]);
  });

  it('uses the queryField, not the field, as the parameter name', () => {
    expect(parse('newStockDate=2024-01-01,').facets).toEqual([]);
  });

  it('accepts what a plain HTML GET form submits: repeated checkboxes and a slider as two inputs', () => {
    const state = parse('q=&brand=Vans&brand=Nike&stockLevel=5&stockLevel=&newStock=&newStock=&s=new-stock');
    expect(state.facets).toEqual([
      { field: 'brand', type: 'CheckboxOr', values: ['Vans', 'Nike'] },
      { field: 'stockLevel', type: 'Slider', min: '5' },
    ]);
    expect(write(state)).toBe('brand=Vans,Nike&stockLevel=5,');
  });

  it.each([
    ['p=0', 1],
    ['p=-2', 1],
    ['p=abc', 1],
    ['p=2.5', 1],
    ['p=1e3', 1],
    [`p=${MAX_PAGE + 1}`, 1],
    [`p=${MAX_PAGE}`, MAX_PAGE],
    ['p=99999999999999999999', 1],
  ])('ignores an invalid page: %s', (query, page) => {
    expect(parse(query).page).toBe(page);
  });

  it('falls back to the first sorting option for an unknown s', () => {
    expect(parse('s=price-asc').sorting).toBe(SORTING_OPTIONS[0]);
    expect(parse('s=').sorting).toBe(SORTING_OPTIONS[0]);
  });

  it('ignores invalid slider values, empty checkbox values and unknown parameters', () => {
    const state = parse(
      'stockLevel=abc,def&newStock=2024-02-30,2024-13-01&brand=,,%20,&size=M,M&color=red&utm_source=x&p=2',
    );
    expect(state.facets).toEqual([{ field: 'size', type: 'CheckboxAnd', values: ['M'] }]);
    expect(parse('stockLevel=1,2,3').facets).toEqual([]);
    expect(parse('stockLevel=abc,7').facets).toEqual([{ field: 'stockLevel', type: 'Slider', max: '7' }]);
    expect(parse('newStock=yesterday,2024-03-01').facets).toEqual([
      { field: 'newStockDate', type: 'Slider', max: '2024-03-01' },
    ]);
  });

  it('swaps a slider whose min is above its max', () => {
    expect(parse('stockLevel=20,5').facets).toEqual([{ field: 'stockLevel', type: 'Slider', min: '5', max: '20' }]);
    expect(parse('newStock=2025-01-01,2024-01-01').facets).toEqual([
      { field: 'newStockDate', type: 'Slider', min: '2024-01-01', max: '2025-01-01' },
    ]);
  });

  it('trims and bounds the free text', () => {
    expect(parse('q=%20%20deck%20%20').q).toBe('deck');
    expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(200);
  });

  it('ignores definitions whose field the search API does not know', () => {
    const state = parseSearchParams(new URLSearchParams('price=1,2'), [
      { type: 'Slider', facetName: 'Price', field: 'price', queryField: 'price', valueType: 'number' },
    ]);
    expect(state.facets).toEqual([]);
    expect(state.definitions).toEqual([]);
  });
});

describe('buildSearchParams', () => {
  it('writes nothing for the default state', () => {
    expect(write(parse(''))).toBe('');
  });

  it('writes s only when not the first option, and p only when above 1 (spec §2)', () => {
    expect(write(parse('s=new-stock&p=1'))).toBe('');
    expect(write(parse('s=stock-desc&p=2'))).toBe('s=stock-desc&p=2');
  });

  it('writes one parameter per facet with comma-separated values, sliders as min,max', () => {
    const state = parse('q=deck&brand=Vans&brand=Nike&stockLevel=,10&newStock=2024-05-01,');
    expect(write(state)).toBe('q=deck&brand=Vans,Nike&stockLevel=,10&newStock=2024-05-01,');
  });

  it('escapes values that hold the separator so they survive the round trip', () => {
    const state = withFacetToggled(parse(''), 'brand', 'Smith, Jones & Co');
    const query = write(state);
    expect(query).toBe('brand=Smith%252C+Jones+%26+Co');
    expect(parse(query).facets).toEqual([{ field: 'brand', type: 'CheckboxOr', values: ['Smith, Jones & Co'] }]);
    const two = withFacetToggled(state, 'brand', '100%');
    expect(parse(write(two)).facets[0]?.values).toEqual(['Smith, Jones & Co', '100%']);
  });

  it('round-trips parse → build → parse', () => {
    const queries = [
      'q=helmet&brand=A,B&size=S,M&stockLevel=1,9&newStock=2023-01-01,2024-01-01&s=name-asc&p=4',
      'brand=%C3%85rhus,M%C3%BCnchen',
      'stockLevel=0,',
      'newStock=,2030-12-31',
    ];
    for (const query of queries) {
      const state = parse(query);
      expect(parse(write(state))).toEqual(state);
      expect(write(parse(write(state)))).toBe(write(state));
    }
  });

  it('keeps the definitions order whatever the order of selection', () => {
    let state = withRange(parse(''), 'stockLevel', '1', '');
    state = withFacetToggled(state, 'brand', 'Vans');
    expect(write(state)).toBe('brand=Vans&stockLevel=1,');
  });
});

describe('state changes (spec §4)', () => {
  const onPageThree = parse('q=deck&brand=Vans&s=name-asc&p=3');

  it('resets the page to 1 when a facet, range, text or sorting changes', () => {
    expect(withFacetToggled(onPageThree, 'brand', 'Nike').page).toBe(1);
    expect(withFacetValues(onPageThree, 'size', ['L']).page).toBe(1);
    expect(withRange(onPageThree, 'stockLevel', '5', '').page).toBe(1);
    expect(withText(onPageThree, 'wheel').page).toBe(1);
    expect(withSorting(onPageThree, 'name-desc').page).toBe(1);
    expect(cleared(onPageThree).page).toBe(1);
  });

  it('keeps the page when only the page changes', () => {
    expect(withPage(onPageThree, 5).page).toBe(5);
    expect(withPage(onPageThree, 0).page).toBe(1);
    expect(withPage(onPageThree, Number.NaN).page).toBe(1);
  });

  it('toggles checkbox values on and off, removing the facet when empty', () => {
    const added = withFacetToggled(onPageThree, 'brand', 'Nike');
    expect(added.facets).toEqual([{ field: 'brand', type: 'CheckboxOr', values: ['Vans', 'Nike'] }]);
    const removed = withFacetToggled(withFacetToggled(added, 'brand', 'Vans'), 'brand', 'Nike');
    expect(removed.facets).toEqual([]);
    expect(write(removed)).toBe('q=deck&s=name-asc');
  });

  it('replaces a facet or range instead of adding to it', () => {
    expect(withFacetValues(onPageThree, 'brand', ['Nike']).facets).toEqual([
      { field: 'brand', type: 'CheckboxOr', values: ['Nike'] },
    ]);
    const first = withRange(onPageThree, 'stockLevel', '5', '10');
    const second = withRange(first, 'stockLevel', '', '3');
    expect(second.facets.filter((facet) => facet.field === 'stockLevel')).toEqual([
      { field: 'stockLevel', type: 'Slider', max: '3' },
    ]);
  });

  it('removes a range with neither side set, and ignores invalid sides (spec §5)', () => {
    const withStock = withRange(onPageThree, 'stockLevel', '5', '10');
    expect(withRange(withStock, 'stockLevel', '', '').facets.some((facet) => facet.field === 'stockLevel')).toBe(false);
    expect(withRange(onPageThree, 'stockLevel', 'x', '4').facets).toContainEqual({
      field: 'stockLevel',
      type: 'Slider',
      max: '4',
    });
    expect(write(withRange(parse(''), 'newStockDate', '2024-06-01', null))).toBe('newStock=2024-06-01,');
  });

  it('ignores changes to unknown facets or of the wrong kind', () => {
    expect(withFacetToggled(onPageThree, 'colour', 'Red')).toBe(onPageThree);
    expect(withFacetToggled(onPageThree, 'stockLevel', '5')).toBe(onPageThree);
    expect(withRange(onPageThree, 'brand', '1', '2')).toBe(onPageThree);
  });

  it('clears the checkbox selections, keeps the sliders, the text and the sorting, and goes to page 1 (spec §4)', () => {
    const state = cleared(parse('q=deck&brand=Vans,Nike&size=M&stockLevel=1,2&newStock=2024-01-01,&s=name-asc&p=3'));
    expect(state.facets).toEqual([
      { field: 'stockLevel', type: 'Slider', min: '1', max: '2' },
      { field: 'newStockDate', type: 'Slider', min: '2024-01-01' },
    ]);
    expect(state.page).toBe(1);
    expect(write(state)).toBe('q=deck&stockLevel=1,2&newStock=2024-01-01,&s=name-asc');
  });

  it('falls back to the first sorting for an unknown option', () => {
    expect(withSorting(onPageThree, 'nonsense').sorting).toBe(SORTING_OPTIONS[0]);
  });
});

describe('helpers', () => {
  it('escapes and unescapes the separator and the escape character', () => {
    for (const value of ['a,b', '100%', '%2C', 'plain', ',%,']) {
      expect(decodeFacetValue(encodeFacetValue(value))).toBe(value);
      expect(encodeFacetValue(value)).not.toContain(',');
    }
  });

  it('computes skip as (page − 1) × page size (spec §4)', () => {
    expect(toSearchRequest(parse('p=1'))).toMatchObject({ skip: 0, take: SEARCH_PAGE_SIZE });
    expect(toSearchRequest(parse('p=3'))).toMatchObject({ skip: 2 * SEARCH_PAGE_SIZE });
    expect(toSearchRequest(parse('s=name-asc')).sorting).toEqual([{ field: 'name', direction: 'Ascending' }]);
  });

  it('builds hrefs and page counts', () => {
    expect(toSearchHref('/search', parse(''))).toBe('/search');
    expect(toSearchHref('/search', parse('q=a b&p=2'))).toBe('/search?q=a+b&p=2');
    expect(totalPages(0)).toBe(1);
    expect(totalPages(SEARCH_PAGE_SIZE + 1)).toBe(2);
  });
});

describe('filterChips', () => {
  it('is empty without filters', () => {
    expect(filterChips(parse('q=deck&s=name-asc&p=2'))).toEqual([]);
  });

  it('makes one chip per checkbox value and one per slider, in the facets order, each removing only itself', () => {
    const state = parse('q=deck&stockLevel=5,&brand=BB,Vans&newStock=,2024-12-31&s=name-asc&p=3');
    const chips = filterChips(state);
    expect(chips.map((chip) => `${chip.facetName}: ${chip.valueLabel}`)).toEqual([
      'Brand: BB',
      'Brand: Vans',
      'Stock level: from 5',
      'New stock date: up to 2024-12-31',
    ]);
    expect(chips.map((chip) => write(chip.without))).toEqual([
      'q=deck&brand=Vans&stockLevel=5,&newStock=,2024-12-31&s=name-asc',
      'q=deck&brand=BB&stockLevel=5,&newStock=,2024-12-31&s=name-asc',
      'q=deck&brand=BB,Vans&newStock=,2024-12-31&s=name-asc',
      'q=deck&brand=BB,Vans&stockLevel=5,&s=name-asc',
    ]);
  });

  it('writes a range with both sides as "min to max"', () => {
    expect(filterChips(parse('stockLevel=1,10'))[0]?.valueLabel).toBe('1 to 10');
  });

  it('takes the label of a value from the facet options when known', () => {
    const chips = filterChips(parse('brand=bb,zz'), (field, value) =>
      field === 'brand' && value === 'bb' ? 'BB' : undefined,
    );
    expect(chips.map((chip) => chip.valueLabel)).toEqual(['BB', 'zz']);
  });

  it('removes a value that holds the separator exactly', () => {
    const [chip] = filterChips(parse('brand=Smith%252C Jones,Vans'));
    expect(chip?.valueLabel).toBe('Smith, Jones');
    expect(write(chip?.without as SearchState)).toBe('brand=Vans');
  });
});
