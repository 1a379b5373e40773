import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../events/event-bus.ts';
import { toToastTexts } from '../toast/toast-texts.ts';
import { httpErrorOf, normalizeError } from './app-error.ts';
import { createErrorStore } from './error-store.ts';

const TEXTS = toToastTexts({
  'Exceptions.DefaultErrorMessage': 'Noget gik galt.',
  'Exceptions.NotFoundException': 'Siden findes ikke.',
});

function setUp() {
  const events = createEventBus();
  const globalErrors = vi.fn();
  events.on('GlobalError', globalErrors);
  const store = createErrorStore({ events, texts: () => TEXTS });
  return { store, globalErrors };
}

describe('error store (spec §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('records an HTTP error with status code, status text, response data and the translated message', () => {
    const { store } = setUp();
    const stored = store.report({
      kind: 'http',
      statusCode: 404,
      data: { type: 'NotFoundException', message: 'Order 7 was not found.' },
    });
    expect(stored).toMatchObject({
      level: 'Header',
      retryCount: 0,
      refresh: false,
      error: {
        kind: 'http',
        statusCode: 404,
        statusText: 'Not Found',
        type: 'NotFoundException',
        data: { type: 'NotFoundException', message: 'Order 7 was not found.' },
        message: 'Siden findes ikke.',
      },
    });
    expect(store.getSnapshot()).toEqual([stored]);
    expect(console.error).toHaveBeenCalled();
  });

  it('falls back to Exceptions.DefaultErrorMessage for a type without a translation, and parses a JSON string body', () => {
    const error = normalizeError(
      { kind: 'http', statusCode: 409, data: '{"type":"CartHasBeenModifiedException"}' },
      TEXTS,
    );
    expect(error).toMatchObject({
      statusText: 'Conflict',
      type: 'CartHasBeenModifiedException',
      data: { type: 'CartHasBeenModifiedException' },
      message: 'Noget gik galt.',
    });
    expect(normalizeError({ kind: 'http', statusCode: 502, data: 'Bad gateway' }, TEXTS)).toMatchObject({
      data: 'Bad gateway',
    });
  });

  it('keeps other errors as they are, a JSON string parsed when possible', () => {
    const thrown = new TypeError('Failed to fetch');
    expect(normalizeError(thrown, TEXTS)).toEqual({ kind: 'other', error: thrown, message: 'Failed to fetch' });
    expect(normalizeError('{"message":"quota"}', TEXTS)).toEqual({
      kind: 'other',
      error: { message: 'quota' },
      message: 'quota',
    });
    expect(normalizeError('plain words', TEXTS)).toEqual({
      kind: 'other',
      error: 'plain words',
      message: 'plain words',
    });
  });

  it('reads a failed fetch answer: JSON body parsed, its type kept', async () => {
    const response = new Response(JSON.stringify({ type: 'ForbiddenException', message: 'No.' }), {
      status: 403,
      statusText: 'Forbidden',
    });
    expect(await httpErrorOf(response)).toEqual({
      kind: 'http',
      statusCode: 403,
      statusText: 'Forbidden',
      data: { type: 'ForbiddenException', message: 'No.' },
      type: 'ForbiddenException',
    });
  });

  it('raises the global error event with status and message for a 500, then rejects', async () => {
    const { store, globalErrors } = setUp();
    const rejected = store.handle({ kind: 'http', statusCode: 500, data: { type: 'InternalServerErrorException' } });
    await expect(rejected).rejects.toMatchObject({ error: { statusCode: 500 } });
    expect(globalErrors).toHaveBeenCalledExactlyOnceWith({
      statusCode: 500,
      message: 'Noget gik galt.',
      statusMessage: 'Internal Server Error',
      type: 'InternalServerErrorException',
    });
  });

  it('raises no global error event for a 4xx', () => {
    const { store, globalErrors } = setUp();
    store.report({ kind: 'http', statusCode: 400, data: { type: 'ValidationException' } }, { level: 'Local' });
    expect(globalErrors).not.toHaveBeenCalled();
  });

  it('counts failed retries, and drops the error once a retry succeeds', async () => {
    const { store } = setUp();
    let attempts = 0;
    const retry = vi.fn(async () => {
      attempts += 1;
      if (attempts < 3) throw new Error('still down');
    });
    const { id } = store.report(new Error('down'), { level: 'Modal', retry, refresh: true });
    await store.retry(id);
    await store.retry(id);
    expect(store.getSnapshot()[0]).toMatchObject({ id, retryCount: 2, refresh: true, level: 'Modal' });
    await store.retry(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(retry).toHaveBeenCalledTimes(3);
  });

  it('keeps one Local error per control, and clears a control and dismisses an error', () => {
    const { store } = setUp();
    store.report(new Error('first'), { level: 'Local', scope: 'quantity' });
    const second = store.report(new Error('second'), { level: 'Local', scope: 'quantity' });
    const header = store.report(new Error('header'));
    expect(store.getSnapshot()).toEqual([second, header]);
    store.clearScope('quantity');
    expect(store.getSnapshot()).toEqual([header]);
    store.dismiss(header.id);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps one error per scope at any level: a form blocked by a Modal error is cleared by its scope', () => {
    const { store } = setUp();
    store.report(new Error('first try'), { level: 'Modal', scope: 'checkout' });
    const again = store.report(new Error('second try'), { level: 'Modal', scope: 'checkout' });
    const local = store.report(new Error('quantity'), { level: 'Local', scope: 'cart' });
    expect(store.getSnapshot()).toEqual([again, local]);
    store.clearScope('checkout');
    expect(store.getSnapshot()).toEqual([local]);
  });

  it('notifies subscribers of each change', () => {
    const { store } = setUp();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const { id } = store.report(new Error('x'));
    store.dismiss(id);
    store.dismiss(id);
    unsubscribe();
    store.report(new Error('y'));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
