import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserLog } from './browser-log.ts';
import { createLogThrottle } from './logger-throttle.ts';

describe('the browser console with the spec §9 logger throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes a repeated message 5 times within 1,000 ms, then one line counting the rest', () => {
    const sink = { error: vi.fn(), warn: vi.fn() };
    const log = createBrowserLog(createLogThrottle(), sink);
    for (let index = 0; index < 12; index++) log.error('[prices] look-up failed', { index });
    expect(sink.error).toHaveBeenCalledTimes(5);
    expect(sink.error).toHaveBeenLastCalledWith('[prices] look-up failed', { index: 4 });
    vi.advanceTimersByTime(1_000);
    expect(sink.error).toHaveBeenCalledTimes(6);
    expect(sink.error).toHaveBeenLastCalledWith(
      '[prices] look-up failed (repeated 7 more times within 1000 ms, not logged)',
    );
    // a new window: written again
    log.error('[prices] look-up failed', { index: 12 });
    expect(sink.error).toHaveBeenCalledTimes(7);
  });

  it('counts each message and level on its own', () => {
    const sink = { error: vi.fn(), warn: vi.fn() };
    const log = createBrowserLog(createLogThrottle(), sink);
    for (let index = 0; index < 6; index++) {
      log.error('one');
      log.error('two');
      log.warn('one');
    }
    expect(sink.error.mock.calls.filter(([message]) => message === 'one')).toHaveLength(5);
    expect(sink.error.mock.calls.filter(([message]) => message === 'two')).toHaveLength(5);
    expect(sink.warn).toHaveBeenCalledTimes(5);
  });
});
