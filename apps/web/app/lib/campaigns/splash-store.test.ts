import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSplashStore } from './splash-store.ts';
import type { SplashMap } from './splash-view.ts';

const NEW = { id: 'new', label: 'New', backgroundColor: '#1d4ed8', textColor: '#ffffff' };

function splashesOf(productIds: string[]): SplashMap {
  return Object.fromEntries(productIds.filter((id) => id.startsWith('S')).map((id) => [id, [NEW]]));
}

describe('discount splash queue (spec §9: 500 ms debounce; issue 27)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 500 ms after the last request, then sends everything asked for meanwhile in one call', async () => {
    const fetchSplashes = vi.fn(async (productIds: string[]) => splashesOf(productIds));
    const store = createSplashStore({ fetchSplashes });
    store.request(['S1']);
    await vi.advanceTimersByTimeAsync(400);
    store.request(['P2', 'S3']);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchSplashes).not.toHaveBeenCalled();
    expect(store.get('S1')).toEqual({ status: 'pending' });
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSplashes).toHaveBeenCalledTimes(1);
    expect(fetchSplashes.mock.calls[0]?.[0]).toEqual(['S1', 'P2', 'S3']);
    expect(store.get('S1')).toEqual({ status: 'success', value: [NEW] });
    // a product without splashes is known too: an empty list, never asked again
    expect(store.get('P2')).toEqual({ status: 'success', value: [] });
  });

  it('sends 450 ids as calls of at most 200 (what one GetDiscountSplashesByProductIds takes)', async () => {
    const fetchSplashes = vi.fn(async (productIds: string[]) => splashesOf(productIds));
    const store = createSplashStore({ fetchSplashes });
    store.request(Array.from({ length: 450 }, (_, index) => `P${index}`));
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchSplashes.mock.calls.map(([productIds]) => productIds.length)).toEqual([200, 200, 50]);
  });

  it('asks for an id once while known or on its way, and again after a failure', async () => {
    const logError = vi.fn();
    const fetchSplashes = vi
      .fn<(productIds: string[]) => Promise<SplashMap>>()
      .mockRejectedValueOnce(new Error('502'))
      .mockImplementation(async (productIds) => splashesOf(productIds));
    const store = createSplashStore({ fetchSplashes, logError });
    store.request(['S1', 'S1', '']);
    store.request(['S1']);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchSplashes.mock.calls[0]?.[0]).toEqual(['S1']);
    expect(store.get('S1')).toEqual({ status: 'failed' });
    expect(logError).toHaveBeenCalledTimes(1);
    store.request(['S1']);
    await vi.advanceTimersByTimeAsync(500);
    store.request(['S1']);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchSplashes).toHaveBeenCalledTimes(2);
    expect(store.get('S1')).toEqual({ status: 'success', value: [NEW] });
  });

  it('never asks for splashes the page already carries', async () => {
    const fetchSplashes = vi.fn(async (productIds: string[]) => splashesOf(productIds));
    const store = createSplashStore({ fetchSplashes });
    store.prime({ S1: [NEW] }, ['S1', 'P2']);
    store.request(['S1', 'P2']);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchSplashes).not.toHaveBeenCalled();
    expect(store.get('P2')).toEqual({ status: 'success', value: [] });
  });

  it('notifies subscribers when an answer arrives', async () => {
    const store = createSplashStore({ fetchSplashes: async (productIds) => splashesOf(productIds) });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.request(['S1']);
    const versionWhilePending = store.getVersion();
    await vi.advanceTimersByTimeAsync(500);
    expect(store.getVersion()).toBeGreaterThan(versionWhilePending);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
