import { PRICE_CHUNK_SIZE, PRICE_DEBOUNCE_MS } from '@b2b/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPriceStore, type PriceFetchKey, type PriceFetchResult } from './price-store.ts';

function priced(keys: PriceFetchKey[]): PriceFetchResult[] {
  return keys.map((key) => ({ ...key, netPrice: 10, beforePrice: null, currencyCode: 'EUR' }));
}

describe('price store (spec §4 Price, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends 25 lookups made within 100 ms as 3 requests of at most 12', async () => {
    const fetchPrices = vi.fn(async (_currency: string, keys: PriceFetchKey[]) => priced(keys));
    const store = createPriceStore({ fetchPrices });
    for (let index = 0; index < 25; index += 1) {
      store.request({ productId: `P${index}`, currencyCode: 'EUR' });
      vi.advanceTimersByTime(3);
    }
    expect(fetchPrices).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(fetchPrices).toHaveBeenCalledTimes(3);
    const sizes = fetchPrices.mock.calls.map(([, keys]) => keys.length);
    expect(sizes).toEqual([12, 12, 1]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PRICE_CHUNK_SIZE);
    expect(store.get({ productId: 'P24', currencyCode: 'EUR' })).toEqual({
      status: 'success',
      value: { netPrice: 10, beforePrice: null, currencyCode: 'EUR' },
    });
  });

  it('is pending until the answer arrives and queues a known key only once', async () => {
    const fetchPrices = vi.fn(async (_currency: string, keys: PriceFetchKey[]) => priced(keys));
    const store = createPriceStore({ fetchPrices });
    store.request({ productId: 'A', variantId: 'A-1', currencyCode: 'EUR' });
    store.request({ productId: 'A', variantId: 'A-1', currencyCode: 'EUR' });
    expect(store.get({ productId: 'A', variantId: 'A-1', currencyCode: 'EUR' })).toEqual({ status: 'pending' });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    store.request({ productId: 'A', variantId: 'A-1', currencyCode: 'EUR' });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(fetchPrices).toHaveBeenCalledTimes(1);
    expect(fetchPrices.mock.calls[0]?.[1]).toEqual([{ productId: 'A', variantId: 'A-1', unitOfMeasure: 'STK' }]);
  });

  it('queues only products with an id', async () => {
    const fetchPrices = vi.fn(async (_currency: string, keys: PriceFetchKey[]) => priced(keys));
    const store = createPriceStore({ fetchPrices });
    store.request({ productId: '', currencyCode: 'EUR' });
    store.request({ productId: null, currencyCode: 'EUR' });
    store.request({ productId: undefined, currencyCode: 'EUR' });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(fetchPrices).not.toHaveBeenCalled();
    expect(store.get({ productId: null, currencyCode: 'EUR' })).toBeUndefined();
  });

  it('groups lookups by currency', async () => {
    const fetchPrices = vi.fn(async (_currency: string, keys: PriceFetchKey[]) => priced(keys));
    const store = createPriceStore({ fetchPrices });
    store.request({ productId: 'A', currencyCode: 'EUR' });
    store.request({ productId: 'A', currencyCode: 'XNOK' });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(fetchPrices.mock.calls.map(([currency]) => currency).sort()).toEqual(['EUR', 'XNOK']);
  });

  it('marks a chunk failed when its request fails and only logs the error', async () => {
    const logError = vi.fn();
    const fetchPrices = vi.fn(async () => {
      throw new Error('boom');
    });
    const store = createPriceStore({ fetchPrices, logError });
    store.request({ productId: 'A', currencyCode: 'EUR' });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(store.get({ productId: 'A', currencyCode: 'EUR' })).toEqual({ status: 'failed' });
    expect(logError).toHaveBeenCalledTimes(1);
  });

  it('records success without a price when the server has none for a key', async () => {
    const store = createPriceStore({ fetchPrices: async () => [] });
    store.request({ productId: 'A', currencyCode: 'EUR' });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(store.get({ productId: 'A', currencyCode: 'EUR' })).toEqual({ status: 'success', value: null });
  });
});
