import { CART_CALCULATION_MAX_RETRIES } from '@b2b/contract';
import { describe, expect, it, vi } from 'vitest';
import { CALCULATION_MESSAGES, type CalculationRequest, createCartCalculationStore } from './cart-calculation-store.ts';
import { cartHash, type HashableCart } from './cart-hash.ts';

const CART_ID = '8c1d2c0e-4c55-4a5b-9d7e-0c6a2f1e9a01';

function cartWith(version: number, quantity = 1): HashableCart {
  return {
    cartId: CART_ID,
    version,
    lines: [{ id: 'line-1', productKey: { productId: 'P1', variantId: null, unitOfMeasure: 'STK' }, quantity }],
  };
}

class ModifiedError extends Error {}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const pending: { request: CalculationRequest; answer: ReturnType<typeof deferred<string>> }[] = [];
  const onCartModified = vi.fn();
  const logError = vi.fn();
  const store = createCartCalculationStore<string>({
    calculate: (request) => {
      const answer = deferred<string>();
      pending.push({ request, answer });
      return answer.promise;
    },
    isCartModifiedError: (error) => error instanceof ModifiedError,
    onCartModified,
    logError,
  });
  return { store, pending, onCartModified, logError };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cart hash (spec §3)', () => {
  it('ignores line order and changes with version or quantity', () => {
    const a: HashableCart = {
      cartId: CART_ID,
      version: 2,
      lines: [
        { id: 'x', productKey: { productId: 'A', variantId: null, unitOfMeasure: 'STK' }, quantity: 1 },
        { id: 'y', productKey: { productId: 'B', variantId: 'B-1', unitOfMeasure: 'STK' }, quantity: 2 },
      ],
    };
    expect(cartHash(a)).toBe(cartHash({ ...a, lines: [...a.lines].reverse() }));
    expect(cartHash(a)).not.toBe(cartHash({ ...a, version: 3 }));
    expect(cartHash(cartWith(1, 1))).not.toBe(cartHash(cartWith(1, 2)));
  });
});

describe('cart calculation store (spec §4 Cart)', () => {
  it('calculates a cart with lines: calculating, then the result', async () => {
    const { store, pending } = setup();
    store.setCart(cartWith(1));
    expect(store.getState()).toEqual({ status: 'calculating', hash: cartHash(cartWith(1)) });
    pending[0]?.answer.resolve('calculated v1');
    await flush();
    expect(store.getState()).toMatchObject({ status: 'success', result: 'calculated v1' });
  });

  it('does not calculate an empty cart', () => {
    const { store, pending } = setup();
    store.setCart({ cartId: CART_ID, version: 1, lines: [] });
    expect(pending).toHaveLength(0);
    expect(store.getState()).toEqual({ status: 'idle' });
  });

  it('shares one pending calculation between requests for the same hash', () => {
    const { store, pending } = setup();
    store.setCart(cartWith(1));
    store.setCart(cartWith(1));
    expect(pending).toHaveLength(1);
  });

  it('drops a response for an older cart hash', async () => {
    const { store, pending } = setup();
    store.setCart(cartWith(1));
    store.setCart(cartWith(2, 5));
    pending[1]?.answer.resolve('calculated v2');
    await flush();
    pending[0]?.answer.resolve('calculated v1 (stale)');
    await flush();
    expect(store.getState()).toMatchObject({
      status: 'success',
      result: 'calculated v2',
      hash: cartHash(cartWith(2, 5)),
    });
  });

  it('drops a late error for an older cart hash', async () => {
    const { store, pending, logError } = setup();
    store.setCart(cartWith(1));
    store.setCart(cartWith(2));
    pending[0]?.answer.reject(new Error('old failure'));
    await flush();
    expect(store.getState().status).toBe('calculating');
    expect(logError).not.toHaveBeenCalled();
  });

  it('on CartHasBeenModified clears the result, resets the hash and reloads the cart', async () => {
    const { store, pending, onCartModified } = setup();
    store.setCart(cartWith(1));
    pending[0]?.answer.reject(new ModifiedError());
    await flush();
    expect(store.getState()).toEqual({ status: 'idle' });
    expect(onCartModified).toHaveBeenCalledTimes(1);
    // the reloaded cart may look the same: with the hash reset it is calculated again
    store.setCart(cartWith(1));
    expect(pending).toHaveLength(2);
  });

  it(`retries at most ${CART_CALCULATION_MAX_RETRIES} times, then shows an error with a retry`, async () => {
    const { store, pending, onCartModified } = setup();
    store.setCart(cartWith(1));
    for (let attempt = 0; attempt <= CART_CALCULATION_MAX_RETRIES; attempt += 1) {
      pending[attempt]?.answer.reject(new ModifiedError());
      await flush();
      if (attempt < CART_CALCULATION_MAX_RETRIES) store.setCart(cartWith(attempt + 2));
    }
    expect(pending).toHaveLength(CART_CALCULATION_MAX_RETRIES + 1);
    expect(onCartModified).toHaveBeenCalledTimes(CART_CALCULATION_MAX_RETRIES);
    expect(store.getState()).toMatchObject({ status: 'error', message: CALCULATION_MESSAGES.keptChanging });

    store.retry();
    expect(pending).toHaveLength(CART_CALCULATION_MAX_RETRIES + 2);
    pending.at(-1)?.answer.resolve('finally');
    await flush();
    expect(store.getState()).toMatchObject({ status: 'success', result: 'finally' });
  });

  it('logs other errors and offers a retry without calculating again by itself', async () => {
    const { store, pending, logError, onCartModified } = setup();
    store.setCart(cartWith(1));
    pending[0]?.answer.reject(new Error('500'));
    await flush();
    expect(store.getState()).toMatchObject({ status: 'error', message: CALCULATION_MESSAGES.failed, canRetry: true });
    expect(logError).toHaveBeenCalledTimes(1);
    expect(onCartModified).not.toHaveBeenCalled();
    store.setCart(cartWith(1));
    expect(pending).toHaveLength(1);
    store.retry();
    expect(pending).toHaveLength(2);
  });

  it('the internal calculation variant records no hash and leaves the state alone (spec §4)', async () => {
    const { store, pending } = setup();
    const internal = store.calculateInternal(cartWith(1));
    expect(pending[0]?.request).toMatchObject({ internal: true, hash: cartHash(cartWith(1)) });
    expect(store.getState()).toEqual({ status: 'idle' });
    pending[0]?.answer.resolve('internal');
    await expect(internal).resolves.toBe('internal');
    expect(store.getState()).toEqual({ status: 'idle' });
    // The hash was not recorded: the page's calculation of the same cart still runs, as the recorded variant.
    store.setCart(cartWith(1));
    expect(pending).toHaveLength(2);
    expect(pending[1]?.request.internal).toBe(false);
    // While the recorded one is pending, an internal answer never becomes the page's result.
    void store.calculateInternal(cartWith(1));
    pending[2]?.answer.resolve('internal again');
    await flush();
    expect(store.getState()).toMatchObject({ status: 'calculating' });
    pending[1]?.answer.resolve('recorded');
    await flush();
    expect(store.getState()).toMatchObject({ status: 'success', result: 'recorded' });
  });
});
