import { DEFAULT_ERROR_TOAST_TITLE, TOAST_LIFE_MS } from '@b2b/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, getErrorToastCopyText, setToastTexts, showErrorToast, toastStore } from './toast-store.ts';
import { DEFAULT_TOAST_TEXTS, toToastTexts } from './toast-texts.ts';

describe('toast store (spec §4 Toast, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toastStore.clear();
    vi.useRealTimers();
  });

  it('removes a toast when its life (default 3000 ms) ends', () => {
    const store = createToastStore(() => Date.now());
    store.add({ summary: 'Saved', severity: 'success' });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({ life: TOAST_LIFE_MS, closable: true, severity: 'success' });
    vi.advanceTimersByTime(TOAST_LIFE_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps a toast with life 0 until it is closed', () => {
    const store = createToastStore();
    const id = store.add({ summary: 'Sticky', life: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.remove(id);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('defaults to info and closable, and keeps closable=false', () => {
    const store = createToastStore();
    store.add({ summary: 'A' });
    store.add({ summary: 'B', closable: false });
    expect(store.getSnapshot().map((t) => [t.severity, t.closable])).toEqual([
      ['info', true],
      ['info', false],
    ]);
  });

  it('pauses the life while hovered or focused and resumes with the time left', () => {
    const store = createToastStore(() => Date.now());
    const id = store.add({ summary: 'Read me' });
    vi.advanceTimersByTime(1000);
    store.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.resume(id);
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers on add and remove', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.add({ summary: 'x' });
    store.remove(id);
    store.remove(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.add({ summary: 'y' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('builds the global error toast of spec §8', () => {
    vi.setSystemTime(new Date(2026, 0, 2, 13, 4, 5));
    showErrorToast({ statusCode: 503, message: 'An unexpected server error occurred.' });
    const [toast] = toastStore.getSnapshot();
    expect(toast).toMatchObject({
      severity: 'error',
      summary: DEFAULT_ERROR_TOAST_TITLE,
      statusCode: 503,
      statusMessage: 'Error',
      detail: 'An unexpected server error occurred.',
      time: '13:04:05',
      closable: true,
      life: TOAST_LIFE_MS,
    });
    showErrorToast({ title: 'Oops' });
    expect(toastStore.getSnapshot()[1]).toMatchObject({
      summary: 'Oops',
      statusCode: 500,
      statusMessage: 'Internal Server Error',
    });
    if (!toast) throw new Error('no toast');
    expect(getErrorToastCopyText(toast)).toContain('Status code: 503');
  });

  it('says the translation of the error type, else the default message, under the translated title (spec §8)', () => {
    setToastTexts(
      toToastTexts({
        'Toast.DefaultErrorTitle': 'Der opstod en fejl',
        'Exceptions.DefaultErrorMessage': 'Noget gik galt.',
        'Exceptions.NotFoundException': 'Siden findes ikke.',
      }),
    );
    try {
      showErrorToast({ statusCode: 404, type: 'NotFoundException', message: 'Product 123 was not found.' });
      showErrorToast({ statusCode: 409, type: 'CartHasBeenModifiedException', message: 'The cart changed.' });
      showErrorToast({ statusCode: 500 });
      expect(toastStore.getSnapshot().map((toast) => [toast.summary, toast.detail])).toEqual([
        ['Der opstod en fejl', 'Siden findes ikke.'],
        ['Der opstod en fejl', 'Noget gik galt.'],
        ['Der opstod en fejl', 'Noget gik galt.'],
      ]);
    } finally {
      setToastTexts(DEFAULT_TOAST_TEXTS);
    }
  });
});
