import { LOADING_BAR } from '@b2b/contract/constants';

/** idle: hidden and empty; loading: creeping towards the end; done: full; fading: going away. */
export type LoadingBarPhase = 'idle' | 'loading' | 'done' | 'fading';

/**
 * The thin loading bar's phases (spec §2, §9): it appears only when a page load lasts longer than the throttle
 * (200 ms), so a quick one shows nothing at all; when the load ends it fills, hides after 500 ms and is reset 400 ms
 * later. `onPhase` hears every change.
 */
export function createLoadingBarPhases(onPhase: (phase: LoadingBarPhase) => void) {
  let phase: LoadingBarPhase = 'idle';
  let timers: Array<ReturnType<typeof setTimeout>> = [];
  const to = (next: LoadingBarPhase) => {
    phase = next;
    onPhase(next);
  };
  const clear = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  };
  return {
    set(isBusy: boolean): void {
      clear();
      if (isBusy) {
        if (phase !== 'loading') timers.push(setTimeout(() => to('loading'), LOADING_BAR.throttleMs));
      } else if (phase === 'loading') {
        to('done');
        timers.push(setTimeout(() => to('fading'), LOADING_BAR.hideDelayMs));
        timers.push(setTimeout(() => to('idle'), LOADING_BAR.hideDelayMs + LOADING_BAR.resetDelayMs));
      } else if (phase !== 'idle') {
        // a load that ended while the last one's bar was going away: that bar finishes going
        timers.push(setTimeout(() => to('idle'), LOADING_BAR.resetDelayMs));
      }
    },
    stop: clear,
  };
}
