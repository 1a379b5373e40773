import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogThrottle, LOGGER_THROTTLE_MIN_REPEATS, LOGGER_THROTTLE_WINDOW_MS } from './logger-throttle.ts';

describe('logger throttle (spec §9: 1000 ms, at least 5 repeats)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the spec figures', () => {
    expect(LOGGER_THROTTLE_WINDOW_MS).toBe(1_000);
    expect(LOGGER_THROTTLE_MIN_REPEATS).toBe(5);
  });

  it('logs a message 5 times within 1000 ms, counts the rest and reports them once when the window ends', () => {
    const throttle = createLogThrottle();
    const summarise = vi.fn();
    const logged = Array.from({ length: 12 }, () => throttle.shouldLog('50 API down', summarise));
    expect(logged).toEqual([true, true, true, true, true, false, false, false, false, false, false, false]);
    vi.advanceTimersByTime(999);
    expect(summarise).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(summarise).toHaveBeenCalledTimes(1);
    expect(summarise).toHaveBeenCalledWith(7);
  });

  it('starts a new window after 1000 ms, so a lasting failure still shows', () => {
    const throttle = createLogThrottle();
    const summarise = vi.fn();
    for (let index = 0; index < 8; index++) throttle.shouldLog('50 API down', summarise);
    vi.advanceTimersByTime(1_000);
    expect(throttle.shouldLog('50 API down', summarise)).toBe(true);
    expect(summarise).toHaveBeenCalledTimes(1);
  });

  it('says nothing more about a message that stayed within its 5', () => {
    const throttle = createLogThrottle();
    const summarise = vi.fn();
    for (let index = 0; index < 5; index++) expect(throttle.shouldLog('30 hello', summarise)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(summarise).not.toHaveBeenCalled();
  });

  it('counts each message (level and text) apart', () => {
    const throttle = createLogThrottle();
    const summarise = vi.fn();
    for (let index = 0; index < 6; index++) throttle.shouldLog('50 API down', summarise);
    expect(throttle.shouldLog('40 API down', summarise)).toBe(true);
    expect(throttle.shouldLog('50 cache full', summarise)).toBe(true);
    expect(throttle.shouldLog('50 API down', summarise)).toBe(false);
  });
});
