import type { TrackingEvent } from './tracking-events.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes events to the tag manager's `window.dataLayer` (created when the snippet is not loaded, so events are
 * kept for it). GA4 e-commerce events are preceded by `{ ecommerce: null }` so one event's items never leak
 * into the next.
 */
export function pushTrackingEvents(events: readonly TrackingEvent[]): void {
  if (typeof window === 'undefined' || events.length === 0) return;
  window.dataLayer = window.dataLayer ?? [];
  for (const event of events) {
    if ('ecommerce' in event) window.dataLayer.push({ ecommerce: null });
    window.dataLayer.push(event);
  }
}
