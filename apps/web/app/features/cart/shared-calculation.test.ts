import { describe, expect, it, vi } from 'vitest';
import { createSharedCalculations, sharedCalculationKey } from './shared-calculation.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const CART = {
  username: 'eu-buyer',
  customerNumber: 'C-1000',
  isImpersonating: false,
  areaId: 'eu',
  cartId: '8c1d2c0e-4c55-4a5b-9d7e-0c6a2f1e9a01',
  version: 4,
  shipToCountryCode: 'DK',
};

describe('shared pending calculation in the web server (spec §4 Cart)', () => {
  it('requests for one cart hash while it is calculated share one call and its answer', async () => {
    const shared = createSharedCalculations<string>();
    const answer = deferred<string>();
    const calculate = vi.fn(() => answer.promise);
    const key = sharedCalculationKey(CART);
    const first = shared.run(key, calculate);
    const second = shared.run(key, calculate);
    expect(second).toBe(first);
    expect(calculate).toHaveBeenCalledTimes(1);
    answer.resolve('calculated v4');
    await expect(Promise.all([first, second])).resolves.toEqual(['calculated v4', 'calculated v4']);
    expect(shared.pendingCount()).toBe(0);
  });

  it('asks again once the calculation settled: a settled answer is never reused', async () => {
    const shared = createSharedCalculations<string>();
    const calculate = vi.fn(async () => `answer ${calculate.mock.calls.length}`);
    const key = sharedCalculationKey(CART);
    await expect(shared.run(key, calculate)).resolves.toBe('answer 1');
    await expect(shared.run(key, calculate)).resolves.toBe('answer 2');
    expect(calculate).toHaveBeenCalledTimes(2);
  });

  it('a failure reaches every waiting request once, and the next request calculates anew', async () => {
    const shared = createSharedCalculations<string>();
    const answer = deferred<string>();
    const key = sharedCalculationKey(CART);
    const first = shared.run(key, () => answer.promise);
    const second = shared.run(key, () => Promise.resolve('not asked'));
    const modified = new Error('CartHasBeenModifiedException');
    answer.reject(modified);
    await expect(first).rejects.toBe(modified);
    await expect(second).rejects.toBe(modified);
    expect(shared.pendingCount()).toBe(0);
    await expect(shared.run(key, () => Promise.resolve('fresh'))).resolves.toBe('fresh');
  });

  it('another version, country, customer, user or impersonation is another calculation', () => {
    const shared = createSharedCalculations<string>();
    const calculate = vi.fn(() => new Promise<string>(() => {}));
    const variants = [
      CART,
      { ...CART, version: 5 },
      { ...CART, shipToCountryCode: 'US' },
      { ...CART, customerNumber: 'C-2000' },
      { ...CART, username: 'eu-colleague' },
      { ...CART, isImpersonating: true },
      { ...CART, areaId: 'us' },
    ];
    for (const variant of variants) void shared.run(sharedCalculationKey(variant), calculate);
    expect(calculate).toHaveBeenCalledTimes(variants.length);
    expect(shared.pendingCount()).toBe(variants.length);
  });
});
