/**
 * The storefront's traces (ADR 043): when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set, a server span
 * per request, named by its route pattern and continuing the browser's `traceparent` (the RUM agent sends one on the
 * route changes' data requests), a client span per API call that carries the trace on to the API, and the trace id
 * in the request's log lines. When it is not set, server.mjs never calls {@link startRequestTracing}: no
 * OpenTelemetry module is loaded, and the API client's and logger's hooks stay a check of an unset variable.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type OutgoingSpan, startTracing, type Tracing } from '@b2b/contract/tracing';
import { webConfig } from './config.server.ts';
import { traceIdsInLog } from './logger.server.ts';
import { type BuildRoute, createRoutePatternResolver } from './metrics.server.ts';

let tracing: Tracing | undefined;

/**
 * Starts tracing and returns the middleware that makes each request's span (server.mjs puts it first); undefined
 * when tracing is off.
 */
export async function startRequestTracing(routes: Record<string, BuildRoute | undefined>) {
  const settings = webConfig.tracing;
  if (!settings) return undefined;
  // The storefront's callers are browsers: a page may give the trace its id, never force it to be recorded.
  const started = await startTracing(settings, { trustCallerSampling: false, scope: '@b2b/web' });
  tracing = started;
  traceIdsInLog(() => started.currentTraceId());
  const routePattern = createRoutePatternResolver(routes);
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    const method = request.method ?? 'GET';
    const span = started.startRequestSpan(method, path, request.headers);
    span.setRoute(method, routePattern(path));
    response.once('close', () =>
      span.end(
        response.statusCode,
        response.writableFinished ? undefined : new Error('The browser closed the connection before the answer.'),
      ),
    );
    started.runInSpan(span, next);
  };
}

/** A client span for an API call of the current request, with the headers that carry its trace; none when off. */
export function startApiCallSpan(method: string, url: URL): OutgoingSpan | undefined {
  return tracing?.startOutgoingSpan(method, url, 'b2b-api');
}

/**
 * The trace id of the request being answered, for the browser's page-load transaction to join (the RUM agent's
 * `pageLoadTraceId`, ADR 043); undefined when tracing is off or the request is not recorded.
 */
export function currentTraceId(): string | undefined {
  return tracing?.currentTraceId();
}

/** Sends the spans still buffered; server.mjs awaits it before a server process exits. */
export async function stopTracing(): Promise<void> {
  await tracing?.shutdown();
}
