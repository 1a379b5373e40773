import { describe, expect, it } from 'vitest';
import { createPriceCache, PRICE_CACHE_MAX_ENTRIES, PRICE_CACHE_TTL_MS, productPriceKey } from './price-cache.ts';

describe('the price cache', () => {
  it('promises at most a minute of staleness and 100k entries per cache', () => {
    expect(PRICE_CACHE_TTL_MS).toBe(60_000);
    expect(PRICE_CACHE_MAX_ENTRIES).toBe(100_000);
  });

  it('answers an entry until a minute after it was written, then not', () => {
    const clock = { nowMs: 1_000, now: () => clock.nowMs };
    const cache = createPriceCache(clock);
    const key = productPriceKey('EUR', null, 'p-1');
    cache.products.set(key, {
      value: { listUnitPriceMinor: 1000, listBeforePriceMinor: null, netUnitPriceMinor: 900 },
    });
    clock.nowMs += PRICE_CACHE_TTL_MS;
    expect(cache.products.get(key)?.value?.netUnitPriceMinor).toBe(900);
    clock.nowMs += 1;
    expect(cache.products.get(key)).toBeUndefined();
  });

  it('keeps "found nothing" (null) apart from "not cached"', () => {
    const cache = createPriceCache();
    cache.variants.set('no-such-variant', { value: null });
    cache.vatRates.set('us', { value: null });
    expect(cache.variants.get('no-such-variant')).toEqual({ value: null });
    expect(cache.vatRates.get('us')).toEqual({ value: null });
    expect(cache.variants.get('other')).toBeUndefined();
  });

  it('keys products by currency, price group and product', () => {
    expect(productPriceKey('EUR', 'G1', 'p-1')).not.toBe(productPriceKey('USD', 'G1', 'p-1'));
    expect(productPriceKey('EUR', 'G1', 'p-1')).not.toBe(productPriceKey('EUR', null, 'p-1'));
  });
});
