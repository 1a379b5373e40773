/**
 * The storefront keeps a listing's query within these constants before it asks (apps/web search-params.ts, the header
 * search, the quick order), so the schemas must accept exactly up to them: a web limit the API refused would turn a
 * valid page into an error, one the API allowed beyond would cut the buyer's input short for nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUGGESTED_PRODUCTS,
  MAX_FACET_VALUE_LENGTH,
  MAX_FACET_VALUES,
  MAX_SEARCH_SKIP,
  MAX_SEARCH_SUGGESTIONS,
  MAX_SEARCH_TEXT_LENGTH,
  MAX_SLIDER_VALUE_LENGTH,
  MIN_SUGGESTION_TEXT_LENGTH,
  SEARCH_PAGE_SIZE,
} from './constants.ts';
import { getProductsBySearchBody, getSearchSuggestionsBody } from './search.ts';

const area = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const search = (body: object) => getProductsBySearchBody.safeParse({ area, ...body }).success;
const suggest = (body: object) => getSearchSuggestionsBody.safeParse({ area, ...body }).success;

describe('search limits shared by the storefront and GetProductsBySearch', () => {
  it('accepts a listing page up to the last skip and no further', () => {
    expect(search({ skip: MAX_SEARCH_SKIP })).toBe(true);
    expect(search({ skip: MAX_SEARCH_SKIP + 1 })).toBe(false);
  });

  it('accepts free text, facet values and slider sides up to their lengths', () => {
    expect(search({ search: 'a'.repeat(MAX_SEARCH_TEXT_LENGTH) })).toBe(true);
    expect(search({ search: 'a'.repeat(MAX_SEARCH_TEXT_LENGTH + 1) })).toBe(false);
    const values = (count: number, length: number) =>
      Array.from({ length: count }, (_, index) => String(index).padStart(length, 'v'));
    expect(
      search({
        facets: [{ field: 'brand', type: 'CheckboxOr', values: values(MAX_FACET_VALUES, MAX_FACET_VALUE_LENGTH) }],
      }),
    ).toBe(true);
    expect(search({ facets: [{ field: 'brand', type: 'CheckboxOr', values: values(MAX_FACET_VALUES + 1, 3) }] })).toBe(
      false,
    );
    expect(
      search({ facets: [{ field: 'brand', type: 'CheckboxOr', values: ['v'.repeat(MAX_FACET_VALUE_LENGTH + 1)] }] }),
    ).toBe(false);
    expect(
      search({ facets: [{ field: 'stockLevel', type: 'Slider', min: '1'.repeat(MAX_SLIDER_VALUE_LENGTH) }] }),
    ).toBe(true);
    expect(
      search({ facets: [{ field: 'stockLevel', type: 'Slider', min: '1'.repeat(MAX_SLIDER_VALUE_LENGTH + 1) }] }),
    ).toBe(false);
  });

  it('takes a page of 24 products when no take is named', () => {
    expect(SEARCH_PAGE_SIZE).toBe(24);
    expect(getProductsBySearchBody.parse({ area }).take).toBe(24);
  });
});

describe('search limits shared by the storefront and GetSearchSuggestions', () => {
  it('suggests 6 products unless asked for another number, at most 10', () => {
    expect(DEFAULT_SUGGESTED_PRODUCTS).toBe(6);
    expect(getSearchSuggestionsBody.parse({ area, search: 'he' }).take).toBe(6);
    expect(MAX_SEARCH_SUGGESTIONS).toBe(10);
    expect(suggest({ search: 'he', take: 10 })).toBe(true);
    expect(suggest({ search: 'he', take: 11 })).toBe(false);
  });

  it('is asked from two typed characters on, which the API accepts', () => {
    expect(MIN_SUGGESTION_TEXT_LENGTH).toBe(2);
    expect(suggest({ search: 'he' })).toBe(true);
  });
});
