/**
 * The agent itself, imported only when tracking is on and the intake answered (real-user-monitoring.tsx): neither
 * this module nor `@elastic/apm-rum` is part of a page's first load.
 */
import { type ApmBase, init, type Span } from '@elastic/apm-rum';
import type { RumSettings } from '~/lib/config.server.ts';
import { agentConfig } from './rum-config.ts';

export type RumAgent = {
  /** A React Router navigation began: a `route-change` transaction, ended by the returned function once rendered. */
  startRouteChange(pathname: string): (routeName: string) => void;
  captureError(error: unknown): void;
};

/**
 * Starts the agent: the page load (from the browser's navigation timing, so it is whole although the agent starts
 * after the load), errors and unhandled rejections, and the `fetch` calls of clicks (the cart's among them, each a
 * span of its "Click - …" transaction) are the agent's own instrumentation.
 */
export function startAgent(settings: RumSettings, pageLoadName: string, pageLoadTraceId: string | null): RumAgent {
  const apm: ApmBase = init(agentConfig(settings, pageLoadName, pageLoadTraceId));
  return {
    startRouteChange(pathname) {
      // managed: ends by itself when its spans are done; the blocking span keeps it open until the new page rendered
      const transaction = apm.startTransaction(pathname, 'route-change', { managed: true, canReuse: true });
      const rendering: Span | undefined = transaction?.startSpan('render', 'app', { blocking: true });
      return (routeName) => {
        if (transaction) transaction.name = routeName;
        rendering?.end();
      };
    },
    captureError(error) {
      apm.captureError(error instanceof Error ? error : String(error));
    },
  };
}
