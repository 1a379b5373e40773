import { LOADING_BAR } from '@b2b/contract/constants';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { createLoadingBarPhases, type LoadingBarPhase } from './loading-bar-phases.ts';

/**
 * The thin loading bar of spec §2/§9 (phases in loading-bar-phases.ts): 3 px at the top of the window, over the page
 * (fixed, so it never moves the layout), creeping towards the end over 2,000 ms while a page loads.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const isBusy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<LoadingBarPhase>('idle');
  const [phases] = useState(() => createLoadingBarPhases(setPhase));
  useEffect(() => phases.set(isBusy), [phases, isBusy]);
  useEffect(() => () => phases.stop(), [phases]);

  const width = phase === 'idle' ? '0%' : phase === 'loading' ? '90%' : '100%';
  const transition =
    phase === 'loading'
      ? `width ${LOADING_BAR.durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
      : phase === 'idle'
        ? 'none'
        : `width 200ms ease-out, opacity ${LOADING_BAR.resetDelayMs}ms ease`;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[60]"
      style={{ height: LOADING_BAR.heightPx }}
      aria-hidden="true"
      data-testid="loading-bar"
      data-state={phase}
    >
      <div
        className="h-full bg-accent-500 shadow-[0_0_6px] shadow-accent-400"
        style={{ width, transition, opacity: phase === 'fading' || phase === 'idle' ? 0 : 1 }}
      />
    </div>
  );
}
