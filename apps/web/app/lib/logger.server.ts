/**
 * The web server's log (ADR 033): pino, in the API's JSON format (one object a line: `level` as a number, `time` in
 * epoch milliseconds, `pid`, `hostname`, `requestId`, `msg`, an error under `err`), so one request id finds a request
 * in both logs. Each request gets an id (an incoming X-Request-Id when it looks harmless, as the API takes one, else a
 * new UUID), kept in an AsyncLocalStorage for the request's whole handling: every line logged meanwhile carries it,
 * and lib/api.server.ts sends it to the API as X-Request-Id, which the API then logs under the same `requestId`.
 *
 * Two loggers share the output: `logger`, for what the server code has to say, throttled per message (spec §9,
 * lib/logger-throttle.ts), and the request log, one "incoming request" and one "request completed" line per request
 * as the API writes them, never throttled (every request is a line of its own). Lines at info and below go to
 * standard output, warnings and errors to standard error, so `npm start -- --quiet` (which hides the request log)
 * still shows them. LOG_LEVEL sets the level, as the API's does.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { format } from 'node:util';
import pino, { type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino';
import { webConfig } from './config.server.ts';
import { createLogThrottle, LOGGER_THROTTLE_WINDOW_MS, type LogThrottle } from './logger-throttle.ts';

/** The header the request id travels in, to the API (apps/api/src/app.ts reads the same) and back to the browser. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The API's rule (apps/api/src/app.ts): an incoming id is reused only when it cannot forge or break a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** The reset-password link carries its token in the query string: the logged URL masks it, as the API's does. */
const SECRET_QUERY_VALUE = /([?&]token=)[^&#]*/gi;

const requestIds = new AsyncLocalStorage<string>();

/** The current trace id, once tracing has started (lib/tracing.server.ts, ADR 043); unset: no trace id is logged. */
let currentTraceId: (() => string | undefined) | undefined;

/** From now on each log line of a traced request carries its `traceId`, so the log and the traces join. */
export function traceIdsInLog(read: () => string | undefined): void {
  currentTraceId = read;
}

/** The id of the request being handled, or undefined outside one (a timer of the process's own). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** Runs `work` as part of the request `requestId` (its log lines and API calls carry the id). */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return requestIds.run(requestId, work);
}

/** The incoming X-Request-Id when it is safe to reuse, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The URL as logged: the value of every `token` query parameter replaced by `***`. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_QUERY_VALUE, '$1***');
}

/** The text of a log call's arguments, as pino prints it: `(msg, ...args)` or `(object, msg, ...args)`. */
function messageOf(args: readonly unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first === 'string') return format(first, ...rest);
  const [message, ...values] = rest;
  return typeof message === 'string' ? format(message, ...values) : '';
}

export type LoggerSettings = {
  level: Level | 'silent';
  /** Where lines go; default: info and below to standard output, warnings and errors to standard error. */
  destination?: DestinationStream;
  throttle?: LogThrottle;
};

function defaultDestination(): DestinationStream {
  return pino.multistream(
    [
      { level: 'trace', stream: pino.destination({ dest: 1, sync: true }) },
      { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

export type Loggers = {
  /** For the server code: throttled per level and message text (spec §9). */
  logger: Logger;
  /** The request log: a line when a request comes in and one when it is answered. */
  requestLogger: Logger;
};

export function createLoggers(settings: LoggerSettings): Loggers {
  const destination = settings.destination ?? defaultDestination();
  const throttle = settings.throttle ?? createLogThrottle();
  const base: LoggerOptions = {
    level: settings.level,
    // the request being handled; a line's own `requestId` (the request log's) wins over it
    mixin: () => {
      const requestId = requestIds.getStore();
      const traceId = currentTraceId?.();
      if (traceId !== undefined) return { requestId, traceId };
      return requestId === undefined ? {} : { requestId };
    },
  };
  const logger = pino(
    {
      ...base,
      hooks: {
        logMethod(args, method, level) {
          const text = messageOf(args);
          const summarise = (leftOut: number) =>
            // not in the request whose repeat happened to start the window: the summary is about all of them
            requestIds.exit(() =>
              method.call(
                this,
                { repeated: leftOut },
                `%s (repeated ${leftOut} more times within ${LOGGER_THROTTLE_WINDOW_MS} ms, not logged)`,
                text,
              ),
            );
          if (throttle.shouldLog(`${level} ${text}`, summarise)) method.apply(this, args);
        },
      },
    },
    destination,
  );
  const requestLogger = pino(base, destination);
  return { logger, requestLogger };
}

/** The loggers of this server process, at LOG_LEVEL. */
export const { logger, requestLogger } = createLoggers({ level: webConfig.logLevel });

type LoggedRequest = IncomingMessage & { ip?: string | undefined; originalUrl?: string };
type Next = (error?: unknown) => void;

/**
 * The request log and request ids as one middleware (server.mjs puts it first): the id is answered in X-Request-Id,
 * so a user reporting a failure can quote it, and the rest of the request is handled within it.
 */
export function createRequestLogging(log: Logger = requestLogger) {
  return (request: LoggedRequest, response: ServerResponse, next: Next): void => {
    const requestId = requestIdFor(request.headers[REQUEST_ID_HEADER]);
    const started = performance.now();
    // Read here: the answer's `close` event comes outside the request's context.
    const traceId = currentTraceId?.();
    response.setHeader(REQUEST_ID_HEADER, requestId);
    log.info(
      {
        requestId,
        req: {
          method: request.method,
          url: loggedUrl(request.originalUrl ?? request.url ?? ''),
          host: request.headers.host,
          remoteAddress: request.ip ?? request.socket.remoteAddress,
          remotePort: request.socket.remotePort,
        },
      },
      'incoming request',
    );
    response.once('close', () => {
      const responseTime = performance.now() - started;
      const res = { statusCode: response.statusCode };
      if (response.writableFinished) log.info({ requestId, traceId, res, responseTime }, 'request completed');
      // the browser went away before the answer was sent
      else log.info({ requestId, traceId, res, responseTime }, 'request aborted');
    });
    requestIds.run(requestId, () => next());
  };
}

/**
 * The server code's `console.log/info/warn/error/debug` as lines of `logger` (at info, info, warn, error, debug): the
 * message is the arguments as console would print them, an Error among them goes to `err` with its stack. The
 * existing `console.error('[tag] … failed', error)` calls so become JSON lines with the request's id, and so do the
 * libraries'. New server code uses `logger` itself. In the server processes only: the browser's console stays.
 */
export function routeConsoleToLogger(log: Logger = logger): void {
  const write =
    (level: 'info' | 'warn' | 'error' | 'debug') =>
    (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      if (err === undefined) {
        log[level]('%s', format(...args));
        return;
      }
      const text = format(...args.filter((arg) => arg !== err));
      log[level]({ err }, '%s', text || (err as Error).message);
    };
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
  console.debug = write('debug');
}
