import { ROUTE_TRANSITION_WAIT_MS } from '@b2b/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPendingState } from './route-transition.ts';

describe('a route transition’s pending state', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // spec §9: "route transition waits up to 100 ms"
  it('shows only once the transition has lasted 100 ms, and goes when it ends', () => {
    expect(ROUTE_TRANSITION_WAIT_MS).toBe(100);
    const shown: boolean[] = [];
    const state = createPendingState((isShown) => shown.push(isShown));
    state.set(true);
    vi.advanceTimersByTime(99);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([true]);
    state.set(true);
    vi.advanceTimersByTime(500);
    state.set(false);
    expect(shown).toEqual([true, false]);
  });

  it('shows nothing for a transition quicker than 100 ms', () => {
    const shown: boolean[] = [];
    const state = createPendingState((isShown) => shown.push(isShown));
    state.set(true);
    vi.advanceTimersByTime(80);
    state.set(false);
    vi.advanceTimersByTime(1000);
    state.set(true);
    vi.advanceTimersByTime(50);
    state.stop();
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([]);
  });
});
