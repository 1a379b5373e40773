import { LOADING_BAR } from '@b2b/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBarPhases, type LoadingBarPhase } from './loading-bar-phases.ts';

describe('the loading bar’s phases', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function bar() {
    const seen: LoadingBarPhase[] = [];
    return { seen, phases: createLoadingBarPhases((phase) => seen.push(phase)) };
  }

  // spec §9: "Loading bar: throttle 200 ms, duration 2000 ms, height 3 px, hide delay 500 ms, reset delay 400 ms."
  it('appears after 200 ms of loading, fills when done, hides 500 ms later and resets 400 ms after that', () => {
    expect(LOADING_BAR).toMatchObject({ throttleMs: 200, hideDelayMs: 500, resetDelayMs: 400 });
    const { seen, phases } = bar();
    phases.set(true);
    vi.advanceTimersByTime(199);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['loading']);
    vi.advanceTimersByTime(3000);
    phases.set(false);
    expect(seen).toEqual(['loading', 'done']);
    vi.advanceTimersByTime(499);
    expect(seen).toEqual(['loading', 'done']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['loading', 'done', 'fading']);
    vi.advanceTimersByTime(399);
    expect(seen).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['loading', 'done', 'fading', 'idle']);
  });

  it('never shows for a load quicker than the throttle: no flash on fast navigations', () => {
    const { seen, phases } = bar();
    for (let load = 0; load < 5; load += 1) {
      phases.set(true);
      vi.advanceTimersByTime(150);
      phases.set(false);
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([]);
  });

  it('keeps loading through a load that follows another, and stops with the page', () => {
    const { seen, phases } = bar();
    phases.set(true);
    vi.advanceTimersByTime(300);
    phases.set(true);
    vi.advanceTimersByTime(300);
    expect(seen).toEqual(['loading']);
    phases.stop();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual(['loading']);
  });
});
