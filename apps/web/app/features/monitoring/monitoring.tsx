import { lazy, Suspense } from 'react';
import type { RumSettings } from '~/lib/config.server.ts';

/**
 * What the root imports of monitoring: nothing of it is in a page's first load (ADR 033). The component and the probe
 * load when a page with tracking on has rendered, the agent itself only after the probe.
 */
const loadMonitoring = () => import('./real-user-monitoring.tsx');
const RealUserMonitoring = lazy(() => loadMonitoring().then((module) => ({ default: module.RealUserMonitoring })));

/**
 * Real-user monitoring when tracking is on (`settings`, from the root loader), else nothing; `pageLoadTraceId` is the
 * server trace the page load joins (ADR 043), when there is one.
 */
export function Monitoring({
  settings,
  pageLoadTraceId,
}: {
  settings: RumSettings | null | undefined;
  pageLoadTraceId: string | null;
}) {
  if (!settings) return null;
  return (
    <Suspense fallback={null}>
      <RealUserMonitoring settings={settings} pageLoadTraceId={pageLoadTraceId} />
    </Suspense>
  );
}

/** An error an error boundary caught, reported when tracking is on (and the agent runs). */
export function reportErrorToMonitoring(error: unknown, settings: RumSettings | null | undefined): void {
  if (settings) void loadMonitoring().then((module) => module.captureMonitoredError(error));
}
