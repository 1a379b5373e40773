/**
 * The API's traces (ADR 043): when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set, a server span per
 * request, named by its route pattern and continuing the storefront's `traceparent`, with a child span per database
 * statement (given to the database client, @b2b/db) and the trace id in every log line of the request. When it is
 * not set, nothing here runs: no OpenTelemetry module is loaded and no hook is added (@b2b/contract/tracing).
 */
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import {
  type BackgroundTracer,
  type RequestSpan,
  startTracing,
  type Tracing,
  untracedBackground,
} from '@b2b/contract/tracing';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs work no request waits for (a search index rebuild, a mail's delivery) in a trace of its own (ADR 043). */
    traceBackground: BackgroundTracer;
  }
}

/** The default OTEL_SERVICE_NAME of the API. */
export const API_SERVICE_NAME = 'b2b-api';

/**
 * Starts tracing when the configuration asks for it and adds its hooks to `app`; undefined (and no hook added) when
 * it does not. Call it before any other hook: the request's span must be current in all of them. Decorates
 * `app.traceBackground` either way.
 */
export async function registerTracing(app: FastifyInstance): Promise<Tracing | undefined> {
  const settings = app.config.tracing;
  if (!settings) {
    app.decorate('traceBackground', untracedBackground);
    return undefined;
  }
  // The storefront is the API's only caller (ADR 001): its sampling decision is followed.
  const tracing = await startTracing(settings, { trustCallerSampling: true, scope: '@b2b/api' });
  app.decorate('traceBackground', tracing.traceBackground);
  const spans = new WeakMap<IncomingMessage, RequestSpan>();
  /** Where the request's span is current, kept to return to after the body is read (see preValidation). */
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();

  // The span starts where Fastify makes the request's logger, so that the first line ("incoming request") already
  // carries its trace id, as every later line of the request does.
  app.setChildLoggerFactory((logger, bindings, options, rawRequest) => {
    const request = rawRequest as IncomingMessage;
    const span = tracing.startRequestSpan(request.method ?? 'GET', pathOf(request.url), request.headers);
    spans.set(request, span);
    return logger.child({ ...bindings, traceId: span.traceId }, options);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const span = spans.get(request.raw);
    if (!span) return done();
    if (request.routeOptions.url) span.setRoute(request.method, request.routeOptions.url);
    tracing.runInSpan(span, () => {
      scopes.set(request, new AsyncResource('b2b.request'));
      done();
    });
  });
  // The body is read in the socket's events, outside the request's async context: the rest (validation, the
  // handler, its queries) is brought back into it.
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    spans.get(request.raw)?.end(reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    spans.get(request.raw)?.end(499, new Error('The caller closed the connection before the answer was sent.'));
    done();
  });
  // After the server has stopped taking requests and finished those in flight: their spans are sent too.
  app.addHook('onClose', async () => tracing.shutdown());
  return tracing;
}

/** The path of a request target, without its query (which may carry a token, e.g. the partner feed's). */
function pathOf(url: string | undefined): string {
  const target = url ?? '/';
  const queryAt = target.indexOf('?');
  return queryAt === -1 ? target : target.slice(0, queryAt);
}
