import { useEffect, useRef } from 'react';
import { useMatches, useNavigation } from 'react-router';
import type { RumSettings } from '~/lib/config.server.ts';
import type { RumAgent } from './rum-agent.ts';
import { probeIntake, unreachableWarning } from './rum-config.ts';

/** The agent of this document once started; `starting` makes the probe and the start happen once a document. */
let agent: RumAgent | null = null;
let starting = false;

/** Reports an error the app caught itself (an error boundary's) to monitoring, when it runs; otherwise nothing. */
export function captureMonitoredError(error: unknown): void {
  agent?.captureError(error);
}

/** After the page's `load` event, when the browser is idle: monitoring must not slow the first load (ADR 033). */
function afterLoad(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve()) : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** The route a page belongs to (e.g. `routes/search`), which groups its loads and navigations in monitoring. */
function useRouteName(): string {
  const matches = useMatches();
  return matches.at(-1)?.id ?? 'root';
}

/**
 * Real-user monitoring (spec §7 Monitoring, ADR 033), rendered only when tracking is on: after the first paint it
 * probes the intake with OPTIONS, and only when that answers loads and starts the agent; when it does not, one console
 * warning, and the shop goes on without monitoring. Each React Router navigation is then a `route-change` transaction.
 */
export function RealUserMonitoring({
  settings,
  pageLoadTraceId,
}: {
  settings: RumSettings;
  pageLoadTraceId: string | null;
}) {
  // The document's own: a later answer of the root loader (a navigation) has another request's trace.
  const documentTraceId = useRef(pageLoadTraceId);
  const routeName = useRouteName();
  const routeNameRef = useRef(routeName);
  routeNameRef.current = routeName;
  const navigation = useNavigation();
  const endRouteChange = useRef<((routeName: string) => void) | null>(null);

  useEffect(() => {
    if (starting) return;
    starting = true;
    void (async () => {
      await afterLoad();
      if (!(await probeIntake(settings.serverUrl))) {
        console.warn(unreachableWarning(settings.serverUrl));
        return;
      }
      const { startAgent } = await import('./rum-agent.ts');
      agent = startAgent(settings, routeNameRef.current, documentTraceId.current);
    })();
  }, [settings]);

  // A navigation starts a transaction; it ends once the new location rendered (the effect below).
  const pendingPath = navigation.location?.pathname;
  useEffect(() => {
    if (pendingPath === undefined || agent === null || endRouteChange.current !== null) return;
    endRouteChange.current = agent.startRouteChange(pendingPath);
  }, [pendingPath]);
  useEffect(() => {
    if (navigation.state !== 'idle' || endRouteChange.current === null) return;
    endRouteChange.current(routeNameRef.current);
    endRouteChange.current = null;
  }, [navigation.state]);

  return null;
}
