import type { Product } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { ProductCache } from './product-cache.ts';

const product = (id: string) => ({ id }) as Product;

describe('ProductCache', () => {
  it('keeps products per template and id', () => {
    const cache = new ProductCache(10);
    cache.set('1', 'page', product('1'));
    expect(cache.get('1', 'page')?.id).toBe('1');
    expect(cache.get('1', undefined)?.id).toBe('1');
    expect(cache.get('1', 'product-cart')).toBeUndefined();
  });

  it('drops the least recently used beyond its capacity', () => {
    const cache = new ProductCache(2);
    cache.set('1', 'page', product('1'));
    cache.set('2', 'page', product('2'));
    cache.get('1', 'page');
    cache.set('3', 'page', product('3'));
    expect(cache.size).toBe(2);
    expect(cache.get('2', 'page')).toBeUndefined();
    expect(cache.get('1', 'page')?.id).toBe('1');
    expect(cache.get('3', 'page')?.id).toBe('3');
  });
});
