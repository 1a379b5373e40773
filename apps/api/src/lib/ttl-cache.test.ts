import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('returns values until they expire', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps null values apart from absent ones', () => {
    const cache = new TtlCache<string, number | null>({ ttlMs: 1000, maxEntries: 10 });
    cache.set('none', null, 0);
    expect(cache.get('none', 1)).toBeNull();
    expect(cache.get('other', 1)).toBeUndefined();
  });

  it('evicts the oldest write beyond maxEntries', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('a', 3, 1); // rewritten: now newer than b
    cache.set('c', 4, 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBe(3);
    expect(cache.get('c', 3)).toBe(4);
  });

  it('deletes and clears', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.delete('a');
    expect(cache.get('a', 1)).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
