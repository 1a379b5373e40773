/**
 * Pages rendered twice (ADR 020): entry.server.tsx renders a page in one pass when React Router's loader data is read
 * first (`renderMeta.streamCache`, typed in its `EntryContext` but not documented), and falls back to the streaming
 * renderer when the page suspended or threw. Right after a start that is expected (a lazy part's first use); on a
 * warm server every page rendered twice costs about twice its CPU, which is how a React Router upgrade that changed
 * how `StreamTransfer` reads its cache would show. So each fallback is counted per server process and logged on
 * stderr with the count since the start: `e2e/page-render.spec.ts` fails when a warm page falls back, and
 * `bench:web` counts the lines during its measured runs.
 */

/** The start of each fallback's log line, which the tests and the bench look for. */
export const RENDER_FALLBACK_LOG_PREFIX = '[web] rendered twice';

export type RenderFallbackReason = 'suspended' | 'threw';

let fallbacks = 0;

/** Counts a page the one-pass render gave up on, and logs it with the process's count since its start. */
export function recordRenderFallback(url: string, reason: RenderFallbackReason): void {
  fallbacks += 1;
  const { pathname } = new URL(url);
  console.warn(
    `${RENDER_FALLBACK_LOG_PREFIX}: ${pathname} ${reason} in the one-pass render (${fallbacks} since the start of process ${process.pid})`,
  );
}
