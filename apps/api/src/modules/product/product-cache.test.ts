import type { Product } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { createProductCache, facetCountKey, productCacheKey } from './product-cache.ts';

const product = (id: string) => ({ id }) as Product;

describe('the product cache', () => {
  it('keeps products per template and id; no template means the page template', () => {
    const cache = createProductCache(10);
    cache.set(productCacheKey('1', 'page'), product('1'));
    expect(cache.get(productCacheKey('1', 'page'))?.id).toBe('1');
    expect(cache.get(productCacheKey('1', undefined))?.id).toBe('1');
    expect(cache.get(productCacheKey('1', 'product-cart'))).toBeUndefined();
  });

  it('drops the least recently used beyond its capacity', () => {
    const cache = createProductCache(2);
    cache.set(productCacheKey('1', 'page'), product('1'));
    cache.set(productCacheKey('2', 'page'), product('2'));
    cache.get(productCacheKey('1', 'page'));
    cache.set(productCacheKey('3', 'page'), product('3'));
    expect(cache.size).toBe(2);
    expect(cache.get(productCacheKey('2', 'page'))).toBeUndefined();
    expect(cache.get(productCacheKey('1', 'page'))?.id).toBe('1');
    expect(cache.get(productCacheKey('3', 'page'))?.id).toBe('3');
  });
});

describe('the facet count key', () => {
  const query = {
    text: 'helmets',
    categoryId: 'protection',
    filters: [{ field: 'colour', type: 'CheckboxOr' as const, values: ['Red'] }],
    facets: [{ field: 'colour', type: 'CheckboxOr' as const }],
  };

  it('ignores what leaves the counts as they are: sorting and the page', () => {
    expect(facetCountKey({ ...query, sort: [{ field: 'name', direction: 'Ascending' }], skip: 48, take: 24 })).toBe(
      facetCountKey(query),
    );
    expect(facetCountKey({ ...query, rankByRelevance: true })).toBe(facetCountKey(query));
  });

  it('tells apart everything the counts depend on', () => {
    const keys = [
      query,
      { ...query, text: 'helmet' },
      { ...query, categoryId: undefined },
      { ...query, filters: [] },
      { ...query, filters: [{ field: 'colour', type: 'CheckboxOr' as const, values: ['Blue'] }] },
      { ...query, facets: [{ field: 'colour', type: 'CheckboxAnd' as const }] },
    ].map(facetCountKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
