/**
 * OpenTelemetry traces of both servers (ADR 043): the storefront's request, its API calls, the API's request and its
 * database queries, one trace, exported by OTLP/HTTP when an endpoint is configured.
 *
 * Off by default at no cost: without OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) neither app
 * loads any OpenTelemetry module, not even the API package, and no request does any work for traces. That is why
 * every OpenTelemetry import in this module is a dynamic `import()` (the API's esbuild bundle and the storefront's
 * Vite build keep those as imports made on demand) and the types only are imported statically. The apps call
 * {@link readTracingSettings} with their configuration, and {@link startTracing} only when it returned settings.
 *
 * The spans are made explicitly at one place each (the apps' request hooks, the storefront's API client, the
 * database client in @b2b/db) rather than by the instrumentation packages: those hook `require`/`import` before the
 * instrumented package loads, which the API's bundle (pg imported at the top) and the storefront's build defeat, and
 * they add spans per middleware that nobody reads. Server-only: the browser bundle never imports it.
 */
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { Sampler } from '@opentelemetry/sdk-trace-node';

/** The standard variables that switch tracing on; either is enough (ADR 043). */
const ENDPOINT_VARIABLES = ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT'] as const;
/** The samplers of the OpenTelemetry specification's OTEL_TRACES_SAMPLER, all supported. */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
type TracesSampler = (typeof TRACES_SAMPLERS)[number];
/** The exporter speaks OTLP/HTTP with JSON bodies, which every OTLP receiver accepts on its HTTP port (4318). */
const SUPPORTED_PROTOCOL = 'http/json';
const PROTOCOL_VARIABLES = ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL'] as const;
/**
 * Shutdown waits this long at most for the last spans to be sent: a receiver that is down must not hold a stopping
 * process until the orchestrator's kill (the apps' own shutdowns give up after 10 s).
 */
const SHUTDOWN_FLUSH_TIMEOUT_MS = 3000;
/** A query's text is cut here in its span: enough to recognise it, not a whole bulk insert. */
const MAX_QUERY_TEXT_LENGTH = 2000;

export type TracingSettings = {
  /** Where the spans are sent: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, or OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces. */
  url: string;
  serviceName: string;
  sampler: TracesSampler;
  /** The ratio of the `*traceidratio` samplers, 0…1. */
  samplerRatio: number;
};

type Environment = Record<string, string | undefined>;

function value(env: Environment, name: string): string | undefined {
  const text = env[name]?.trim();
  return text ? text : undefined;
}

/**
 * What is wrong with the tracing variables, one line per variable in the apps' configuration format; none when
 * tracing is off (its variables are then not read at all).
 */
export function tracingSettingProblems(env: Environment): string[] {
  if (!isTracingConfigured(env)) return [];
  const problems: string[] = [];
  for (const name of ENDPOINT_VARIABLES) {
    const url = value(env, name);
    if (url !== undefined && !/^https?:\/\/[^/\s]+/.test(url))
      problems.push(`${name}: must be an http:// or https:// URL`);
  }
  for (const name of PROTOCOL_VARIABLES) {
    const protocol = value(env, name);
    if (protocol !== undefined && protocol !== SUPPORTED_PROTOCOL) {
      problems.push(`${name}: must be ${SUPPORTED_PROTOCOL} (the traces are sent as OTLP/HTTP with JSON bodies)`);
    }
  }
  const sampler = value(env, 'OTEL_TRACES_SAMPLER');
  if (sampler !== undefined && !(TRACES_SAMPLERS as readonly string[]).includes(sampler)) {
    problems.push(`OTEL_TRACES_SAMPLER: must be one of ${TRACES_SAMPLERS.join(', ')}`);
  }
  const ratio = value(env, 'OTEL_TRACES_SAMPLER_ARG');
  if (ratio !== undefined && !(Number(ratio) >= 0 && Number(ratio) <= 1)) {
    problems.push('OTEL_TRACES_SAMPLER_ARG: must be a ratio from 0 to 1 (e.g. 0.1 keeps one trace in ten)');
  }
  return problems;
}

/** Whether an OTLP endpoint is configured (and the SDK not switched off by the standard OTEL_SDK_DISABLED). */
function isTracingConfigured(env: Environment): boolean {
  if (value(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return false;
  return ENDPOINT_VARIABLES.some((name) => value(env, name) !== undefined);
}

/**
 * The tracing settings, or undefined when no OTLP endpoint is configured (tracing off). Call
 * {@link tracingSettingProblems} first: the values are taken as valid here.
 */
export function readTracingSettings(env: Environment, defaultServiceName: string): TracingSettings | undefined {
  if (!isTracingConfigured(env)) return undefined;
  const ratio = value(env, 'OTEL_TRACES_SAMPLER_ARG');
  const base = value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT')?.replace(/\/+$/, '');
  return {
    url: value(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? `${base}/v1/traces`,
    serviceName: value(env, 'OTEL_SERVICE_NAME') ?? defaultServiceName,
    sampler: (value(env, 'OTEL_TRACES_SAMPLER') as TracesSampler | undefined) ?? 'parentbased_always_on',
    samplerRatio: ratio === undefined ? 1 : Number(ratio),
  };
}

/** Request headers as node:http gives them. */
type IncomingHeaders = Record<string, string | string[] | undefined>;

/** Attributes of a span, by the OpenTelemetry semantic conventions' names. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** A server span of one incoming request. */
export type RequestSpan = {
  readonly traceId: string;
  /** Renames the span once the route is known (`GET /api/Product/GetProductsBySearch`). */
  setRoute(method: string, route: string): void;
  /** Ends the span with the answer's status; 5xx (or an error) marks it failed. */
  end(statusCode: number, error?: unknown): void;
};

/** An outgoing call's span, and the headers (`traceparent`, `tracestate`) that carry its trace on. */
export type OutgoingSpan = {
  readonly headers: Record<string, string>;
  end(statusCode: number | undefined, error?: unknown): void;
};

/** Runs a database statement in a span, a child of the current one (none outside a span: see ADR 043). */
export type QueryTracer = <T>(statement: string, run: () => Promise<T>) => Promise<T>;

/** What background work may say of its span while it runs: what it found out, and a failure it handled itself. */
export type BackgroundSpan = {
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed with `error` (work that throws is marked so without this). */
  fail(error: unknown): void;
};

/**
 * Runs work that no request waits for (a search index rebuild, a mail's delivery) as the root span of a trace of its
 * own, named `name`: its database statements become its children, as a request's do.
 */
export type BackgroundTracer = <T>(
  name: string,
  attributes: SpanAttributes,
  work: (span: BackgroundSpan) => Promise<T>,
) => Promise<T>;

const UNTRACED_SPAN: BackgroundSpan = { setAttributes: () => {}, fail: () => {} };

/** The {@link BackgroundTracer} when tracing is off: the work alone. */
export const untracedBackground: BackgroundTracer = (_name, _attributes, work) => work(UNTRACED_SPAN);

export type Tracing = {
  /**
   * Starts the span of an incoming request, continuing the trace of its `traceparent` header when it has one.
   * `trustCallerSampling`: the caller's "sampled" flag decides (the API trusts the storefront's), else this
   * process's sampler decides again (the storefront, whose callers are browsers: a page cannot force tracing on).
   */
  startRequestSpan(method: string, path: string, headers: IncomingHeaders): RequestSpan;
  /** Runs `work` with `span` as the current span: spans started inside (API calls, queries) become its children. */
  runInSpan<T>(span: RequestSpan, work: () => T): T;
  /**
   * Starts a client span for an outgoing HTTP call, a child of the current span (not recorded when that one is not);
   * undefined outside any span.
   */
  startOutgoingSpan(method: string, url: URL, peerService: string): OutgoingSpan | undefined;
  traceQuery: QueryTracer;
  traceBackground: BackgroundTracer;
  /** The current span's trace id, or undefined outside a span or when it is not sampled. */
  currentTraceId(): string | undefined;
  /** Sends the spans still buffered (waiting 3 s at most) and stops; called on shutdown. */
  shutdown(): Promise<void>;
};

export type StartTracingOptions = {
  /** Whether an incoming `traceparent`'s sampled flag is followed (see {@link Tracing.startRequestSpan}). */
  trustCallerSampling: boolean;
  /** The instrumentation scope name, e.g. `@b2b/api`. */
  scope: string;
};

/**
 * Loads the OpenTelemetry SDK and starts it: a tracer provider with this service's name, the configured sampler, a
 * batch span processor exporting to the OTLP endpoint (the exporter reads the other standard OTEL_EXPORTER_OTLP_*
 * variables itself: headers, timeout, compression; the processor OTEL_BSP_*), W3C trace context, and the AsyncLocalStorage context that carries the current
 * span through awaits.
 */
export async function startTracing(settings: TracingSettings, options: StartTracingOptions): Promise<Tracing> {
  const [api, sdk, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const { context, propagation, SpanKind, SpanStatusCode, trace } = api;

  const ratioSampler = new sdk.TraceIdRatioBasedSampler(settings.samplerRatio);
  const rootSamplers: Record<TracesSampler, Sampler> = {
    always_on: new sdk.AlwaysOnSampler(),
    always_off: new sdk.AlwaysOffSampler(),
    traceidratio: ratioSampler,
    parentbased_always_on: new sdk.AlwaysOnSampler(),
    parentbased_always_off: new sdk.AlwaysOffSampler(),
    parentbased_traceidratio: ratioSampler,
  };
  const root = rootSamplers[settings.sampler];
  const sampler: Sampler = !settings.sampler.startsWith('parentbased_')
    ? root
    : new sdk.ParentBasedSampler({
        root,
        // A caller that is not trusted (a browser) gives the trace its id, never the decision to record it.
        ...(options.trustCallerSampling ? {} : { remoteParentSampled: root, remoteParentNotSampled: root }),
      });

  const provider = new sdk.NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler,
    spanProcessors: [new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url }))],
  });
  // Sets the global tracer provider, the W3C trace-context propagator and the AsyncLocalStorage context manager.
  provider.register();
  const tracer: Tracer = provider.getTracer(options.scope);

  const headerGetter = {
    keys: (carrier: IncomingHeaders) => Object.keys(carrier),
    get: (carrier: IncomingHeaders, key: string) => carrier[key],
  };
  const spanContexts = new WeakMap<RequestSpan, Context>();

  const markFailed = (span: Span, error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  };
  const endSpan = (span: Span, statusCode: number | undefined, error: unknown) => {
    if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
    if (error !== undefined) {
      markFailed(span, error);
    } else if (statusCode !== undefined && statusCode >= 500) {
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };

  /** Ends `span` when `work` settles, failed if it rejects; answers what `work` does. */
  const endWhenSettled = <T>(span: Span, work: Promise<T>): Promise<T> =>
    work.then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        endSpan(span, undefined, error);
        throw error;
      },
    );

  const sampledSpan = (): Span | undefined => {
    const span = trace.getActiveSpan();
    return span?.isRecording() ? span : undefined;
  };

  return {
    startRequestSpan(method, path, headers) {
      const parentContext = propagation.extract(context.active(), headers, headerGetter);
      const attributes: SpanAttributes = { 'http.request.method': method, 'url.path': path };
      const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes }, parentContext);
      const requestSpan: RequestSpan = {
        traceId: span.spanContext().traceId,
        setRoute(routeMethod, route) {
          span.updateName(`${routeMethod} ${route}`);
          span.setAttribute('http.route', route);
        },
        end: (statusCode, error) => endSpan(span, statusCode, error),
      };
      spanContexts.set(requestSpan, trace.setSpan(parentContext, span));
      return requestSpan;
    },
    runInSpan(span, work) {
      const spanContext = spanContexts.get(span);
      return spanContext ? context.with(spanContext, work) : work();
    },
    startOutgoingSpan(method, url, peerService) {
      // An unsampled request's calls carry its trace on too (flag 00), so the API follows the same decision.
      if (!trace.getActiveSpan()) return undefined;
      const span = tracer.startSpan(method, {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': method,
          'server.address': url.hostname,
          'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
          'url.full': `${url.origin}${url.pathname}`,
          'peer.service': peerService,
        },
      });
      const headers: Record<string, string> = {};
      propagation.inject(trace.setSpan(context.active(), span), headers);
      return { headers, end: (statusCode, error) => endSpan(span, statusCode, error) };
    },
    traceQuery(statement, run) {
      if (!sampledSpan()) return run();
      const operation = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'QUERY';
      return tracer.startActiveSpan(
        operation,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.operation.name': operation,
            'db.query.text': statement.slice(0, MAX_QUERY_TEXT_LENGTH),
          },
        },
        (span) => endWhenSettled(span, run()),
      );
    },
    traceBackground(name, attributes, work) {
      // A trace of its own even when started within a request's span: the work serves every request, not that one.
      return tracer.startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes, root: true }, (span) => {
        const handle: BackgroundSpan = {
          setAttributes: (more) => span.setAttributes(more),
          fail: (error) => markFailed(span, error),
        };
        return endWhenSettled(span, work(handle));
      });
    },
    currentTraceId: () => sampledSpan()?.spanContext().traceId,
    shutdown: () =>
      Promise.race([
        provider.shutdown(),
        new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_TIMEOUT_MS).unref()),
      ]),
  };
}
