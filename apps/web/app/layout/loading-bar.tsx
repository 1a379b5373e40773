import { LOADING_BAR } from '@b2b/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

type Phase = 'idle' | 'loading' | 'done' | 'fading';

/**
 * The thin loading bar of spec §2/§9: appears only when a navigation lasts longer than the throttle (200 ms),
 * creeps towards the end over `durationMs`, fills when done, hides after 500 ms and resets after another 400 ms.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const isBusy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  phaseRef.current = phase;

  useEffect(() => {
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    if (isBusy) {
      timers.push(setTimeout(() => setPhase('loading'), LOADING_BAR.throttleMs));
    } else if (phaseRef.current === 'loading') {
      setPhase('done');
      timers.push(setTimeout(() => setPhase('fading'), LOADING_BAR.hideDelayMs));
      timers.push(setTimeout(() => setPhase('idle'), LOADING_BAR.hideDelayMs + LOADING_BAR.resetDelayMs));
    }
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [isBusy]);

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
