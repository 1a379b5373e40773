import { UNAUTHORIZED_DEBOUNCE_MS, UNAUTHORIZED_MAX_WAIT_MS } from '@b2b/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countUnauthorized,
  parseUnauthorizedCount,
  serializeUnauthorizedCount,
  type UnauthorizedCount,
} from './unauthorized-counter.ts';

/** A browser's 401s as the web server sees them: the count goes out in the cookie and comes back with the next request. */
function browser() {
  let cookie: string | undefined;
  return {
    unauthorized(): boolean {
      const { state, logOut } = countUnauthorized(parseUnauthorizedCount(cookie), Date.now());
      cookie = serializeUnauthorizedCount(state);
      return logOut;
    },
  };
}

describe('401 counter (spec §4, §8, §9: 500 ms debounce, 1,000 ms max wait)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('pins the spec figures', () => {
    expect(UNAUTHORIZED_DEBOUNCE_MS).toBe(500);
    expect(UNAUTHORIZED_MAX_WAIT_MS).toBe(1000);
  });

  it('does not log out on one 401 alone', () => {
    expect(browser().unauthorized()).toBe(false);
  });

  it('logs out on the second 401 within the debounce window', () => {
    const b = browser();
    expect(b.unauthorized()).toBe(false);
    vi.advanceTimersByTime(UNAUTHORIZED_DEBOUNCE_MS - 1);
    expect(b.unauthorized()).toBe(true);
  });

  it('starts counting again once 500 ms passed without a 401', () => {
    const b = browser();
    b.unauthorized();
    vi.advanceTimersByTime(UNAUTHORIZED_DEBOUNCE_MS);
    expect(b.unauthorized()).toBe(false);
    vi.advanceTimersByTime(UNAUTHORIZED_DEBOUNCE_MS + 200);
    expect(b.unauthorized()).toBe(false);
  });

  it('closes the window 1,000 ms after its first 401 however the 401s keep coming', () => {
    // A steady trickle never longer than the debounce apart: without the max wait the window would never close.
    const first: UnauthorizedCount = { count: 1, firstAtMs: Date.now(), lastAtMs: Date.now() };
    vi.advanceTimersByTime(UNAUTHORIZED_MAX_WAIT_MS - 100);
    const late = { ...first, lastAtMs: Date.now() };
    vi.advanceTimersByTime(100);
    expect(countUnauthorized(late, Date.now())).toEqual({
      state: { count: 1, firstAtMs: Date.now(), lastAtMs: Date.now() },
      logOut: false,
    });
    vi.advanceTimersByTime(1);
    expect(countUnauthorized(late, Date.now() - 2).logOut).toBe(true);
  });

  it('counts 401s of one request too (two API calls of one page refused)', () => {
    const once = countUnauthorized(null, Date.now());
    expect(countUnauthorized(once.state, Date.now())).toMatchObject({ logOut: true, state: { count: 2 } });
  });

  it('reads back what it wrote and ignores a malformed cookie', () => {
    const state = { count: 1, firstAtMs: 1_764_237_600_000, lastAtMs: 1_764_237_600_250 };
    expect(parseUnauthorizedCount(serializeUnauthorizedCount(state))).toEqual(state);
    for (const value of [undefined, '', 'x', '0.1.2', '1.5.4', '1.2', '1.2.3.4', '-1.2.3']) {
      expect(parseUnauthorizedCount(value), String(value)).toBeNull();
    }
  });
});
