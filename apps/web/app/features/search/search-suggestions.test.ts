import { describe, expect, it } from 'vitest';
import { brandSearchHref, describeSuggestions, NO_SUGGESTIONS, toSuggestionGroups } from './search-suggestions.ts';

const suggestions = {
  products: [
    {
      id: '10042',
      name: 'Northline Helmet Pro',
      url: '/protection/helmets/northline-helmet-pro',
      imageUrl: '/images/raw/abc',
      brand: 'Northline',
    },
  ],
  categories: [{ id: 'helmets', name: 'Helmets', url: '/protection/helmets', productCount: 120 }],
  brands: [
    { id: 'gravel-and-grit', name: 'Gravel & Grit', productCount: 1 },
    { id: 'northline', name: 'Northline', productCount: 310 },
  ],
};

describe('toSuggestionGroups', () => {
  it('lays out products, categories and brands as groups of options with their links', () => {
    const groups = toSuggestionGroups(suggestions);
    expect(groups.map((group) => group.heading)).toEqual(['Products', 'Categories', 'Brands']);
    expect(groups[0]?.options[0]).toEqual({
      kind: 'product',
      key: 'product-10042',
      label: 'Northline Helmet Pro',
      detail: 'Item no. 10042 · Northline',
      href: '/protection/helmets/northline-helmet-pro',
      imageUrl: '/images/raw/abc',
      productId: '10042',
    });
    expect(groups[1]?.options[0]).toMatchObject({
      productId: null,
      label: 'Helmets',
      detail: '120 products',
      href: '/protection/helmets',
    });
    expect(groups[2]?.options.map((option) => [option.detail, option.href])).toEqual([
      ['1 product', '/search?brand=gravel-and-grit'],
      ['310 products', '/search?brand=northline'],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(toSuggestionGroups({ ...NO_SUGGESTIONS, brands: suggestions.brands }).map((group) => group.kind)).toEqual([
      'brand',
    ]);
    expect(toSuggestionGroups(NO_SUGGESTIONS)).toEqual([]);
  });
});

describe('describeSuggestions', () => {
  it('announces the count by kind', () => {
    expect(describeSuggestions(toSuggestionGroups(suggestions))).toBe(
      '4 suggestions: 1 product, 1 category, 2 brands. Use the up and down arrow keys to choose.',
    );
    expect(describeSuggestions([])).toBe('No suggestions.');
  });
});

describe('brandSearchHref', () => {
  it('opens the listing filtered by the brand facet', () => {
    expect(brandSearchHref('bb')).toBe('/search?brand=bb');
  });
});
