import { useEffect } from 'react';
import { pushTrackingEvents } from './data-layer.ts';
import type { TrackingEvent } from './tracking-events.ts';

const pushedKeys = new Set<string>();

/** Pushes the tracking events an action returned, once per result (`key` is unique per result). */
export function useTrackingEvents(result: { key: string; tracking?: TrackingEvent[] | undefined } | null | undefined) {
  useEffect(() => {
    if (!result?.tracking || pushedKeys.has(result.key)) return;
    pushedKeys.add(result.key);
    pushTrackingEvents(result.tracking);
  }, [result]);
}
