import { PAYLOAD_PREFETCH_DELAY_MS, PAYLOAD_PREFETCH_SKIPPED_CONNECTION } from '@b2b/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mayPrefetch, routeModuleUrls, schedulePayloadPrefetch } from './payload-prefetch.ts';

/** A window before its load event, on the given connection. */
function loadingWindow(connection?: { effectiveType?: string; saveData?: boolean }) {
  const target = new EventTarget();
  const view = {
    document: { readyState: 'interactive' as DocumentReadyState },
    connection,
    addEventListener: (type: 'load', listener: () => void) => target.addEventListener(type, listener),
    removeEventListener: (type: 'load', listener: () => void) => target.removeEventListener(type, listener),
    load() {
      view.document.readyState = 'complete';
      target.dispatchEvent(new Event('load'));
    },
  };
  return view;
}

describe('payload prefetch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // spec §9: "payload prefetch 1 s after load except on slow-2g"
  it('runs 1 s after the page’s load event', () => {
    expect(PAYLOAD_PREFETCH_DELAY_MS).toBe(1000);
    const view = loadingWindow({ effectiveType: '4g' });
    const prefetch = vi.fn();
    schedulePayloadPrefetch(view, view.connection, prefetch);
    vi.advanceTimersByTime(5000);
    expect(prefetch).not.toHaveBeenCalled();
    view.load();
    vi.advanceTimersByTime(999);
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('counts from now when the page has loaded already, and can be cancelled', () => {
    const view = loadingWindow();
    view.load();
    const prefetch = vi.fn();
    schedulePayloadPrefetch(view, view.connection, prefetch);
    vi.advanceTimersByTime(1000);
    expect(prefetch).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    schedulePayloadPrefetch(view, view.connection, cancelled)();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('never runs on slow-2g, nor when the visitor asked to save data', () => {
    expect(PAYLOAD_PREFETCH_SKIPPED_CONNECTION).toBe('slow-2g');
    for (const connection of [{ effectiveType: 'slow-2g' }, { effectiveType: '4g', saveData: true }]) {
      const view = loadingWindow(connection);
      const prefetch = vi.fn();
      schedulePayloadPrefetch(view, view.connection, prefetch);
      view.load();
      vi.advanceTimersByTime(10_000);
      expect(prefetch, JSON.stringify(connection)).not.toHaveBeenCalled();
    }
    expect([undefined, { effectiveType: '2g' }, { effectiveType: '3g' }].map(mayPrefetch)).toEqual([true, true, true]);
  });

  it('fetches the code of a route and its parents that the page has not loaded, skipping unknown routes', () => {
    const routes = {
      root: { module: '/assets/root.js', imports: ['/assets/chunk-a.js'] },
      'routes/customer-center': { parentId: 'root', module: '/assets/cc.js', imports: ['/assets/chunk-a.js'] },
      'routes/customer-center.orders': {
        parentId: 'routes/customer-center',
        module: '/assets/orders.js',
        imports: ['/assets/chunk-b.js'],
      },
    };
    const loaded = new Set(['/assets/root.js', '/assets/chunk-a.js']);
    expect(routeModuleUrls(routes, ['routes/customer-center.orders', 'routes/cart'], loaded)).toEqual([
      '/assets/orders.js',
      '/assets/chunk-b.js',
      '/assets/cc.js',
    ]);
  });
});
