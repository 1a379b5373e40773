import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import {
  type ErrorResponse,
  errorResponseSchema,
  HTTP_TIMEOUT_MS,
  STATUS_TEXTS,
  UNEXPECTED_SERVER_ERROR_MESSAGE,
} from '@b2b/contract';
import {
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResponse,
  fillPath,
  type HttpMethod,
} from '@b2b/contract/endpoint';
import type { RouterContextProvider } from 'react-router';
import { type AuthState, authStateContext, handleRefusedToken } from './auth-state.server.ts';
import { webConfig } from './config.server.ts';
import { currentRequestId, REQUEST_ID_HEADER } from './logger.server.ts';
import { shouldRetry } from './retry-policy.ts';
import { startApiCallSpan } from './tracing.server.ts';

/** Base address of the API (spec §7); server-side only, the browser never calls the API. */
export function getApiUrl(): string {
  return webConfig.apiUrl;
}

/** Pause before the one retry spec §9 allows for non-idempotent requests. */
const RETRY_DELAY_MS = 150;

/**
 * An API call that did not end in 2xx (or did not reach the API at all).
 * `type` is the exception type of the error body (spec §8), or `UnexpectedServerError` when the body has none,
 * `NetworkError` when the API could not be reached, `TimeoutError` after HTTP_TIMEOUT_MS.
 */
export class ApiError extends Error {
  status: number;
  type: string;
  body: ErrorResponse | null;

  constructor(status: number, type: string, message: string, body: ErrorResponse | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.body = body;
  }

  /** Status text of spec §8 ("Unauthorized", "Client Error", …); HTTP's own for a status the spec does not name. */
  get statusText(): string {
    return this.body?.error ?? STATUS_TEXTS[this.status] ?? http.STATUS_CODES[this.status] ?? 'Error';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryParams = Record<string, string | number | undefined>;

export type ApiRequest = {
  method: HttpMethod;
  path: string;
  query?: QueryParams | undefined;
  body?: unknown;
  /** Raw JWT sent as `Authorization: Bearer <token>`; none for public calls. */
  token?: string | null | undefined;
  /** The browser's address, sent as X-Forwarded-For (see client-address.server.ts). */
  clientAddress?: string | undefined;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /** The success status the contract declares for the endpoint when it is not 200 (e.g. 201 of CreateOrderByCartId). */
  successStatus?: number | undefined;
};

function buildUrl(path: string, query?: QueryParams): URL {
  const url = new URL(getApiUrl() + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  return url;
}

/**
 * Connections to the API are kept open between calls: a page makes several calls, one after another and at once.
 * node:http rather than fetch: fetch cost about three times the CPU a call (issue 12 profile: its WHATWG streams,
 * signals and Response objects, for an answer that is read whole anyway).
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
} as const;

/** The API's answer: its status and headers, the body still to be read (`text`) or dropped (`discard`). */
type ApiAnswer = {
  status: number;
  message: IncomingMessage;
  text(): Promise<string>;
  discard(): void;
};

/**
 * One exchange with the API, within HTTP_TIMEOUT_MS from sending to the body's last byte (spec §9). A timeout is
 * ApiError TimeoutError (504), an API that cannot be reached NetworkError (503); the caller's own abort (the browser
 * went away) rejects with the abort's reason.
 */
function sendOnce(request: ApiRequest): Promise<ApiAnswer> {
  const url = buildUrl(request.path, request.query);
  // a file call (fetchFile) names the content type it accepts; JSON otherwise
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.clientAddress) headers['x-forwarded-for'] = request.clientAddress;
  // The request this call is made for: the API logs it under the same id (ADR 033).
  const requestId = currentRequestId();
  if (requestId !== undefined) headers[REQUEST_ID_HEADER] = requestId;
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(signal.reason);
  // The call's span, and `traceparent` to continue its trace in the API (ADR 043); undefined when tracing is off.
  const span = startApiCallSpan(request.method, url);
  if (span) Object.assign(headers, span.headers);

  return new Promise<ApiAnswer>((resolve, reject) => {
    let timedOut = false;
    const toError = (error: unknown) => {
      if (signal?.aborted) return signal.reason;
      if (timedOut) return new ApiError(504, 'TimeoutError', UNEXPECTED_SERVER_ERROR_MESSAGE, null);
      return error instanceof ApiError
        ? error
        : new ApiError(503, 'NetworkError', UNEXPECTED_SERVER_ERROR_MESSAGE, null);
    };
    const onAbort = () => outgoing.destroy();
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const outgoing = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: request.method, headers, agent: AGENTS[url.protocol as keyof typeof AGENTS] },
      (message) => {
        span?.end(message.statusCode);
        message.once('close', finish);
        resolve({
          status: message.statusCode ?? 0,
          message,
          text: () =>
            new Promise<string>((resolveText, rejectText) => {
              const chunks: Buffer[] = [];
              message.on('data', (chunk: Buffer) => chunks.push(chunk));
              message.once('end', () => resolveText(Buffer.concat(chunks).toString('utf8')));
              message.once('error', (error) => rejectText(toError(error)));
              message.once('aborted', () => rejectText(toError(null)));
            }),
          discard: () => {
            message.resume();
          },
        });
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      outgoing.destroy();
    }, HTTP_TIMEOUT_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.once('error', (error) => {
      finish();
      span?.end(undefined, error);
      reject(toError(error));
    });
    outgoing.end(body);
  });
}

async function readErrorBody(answer: ApiAnswer): Promise<ErrorResponse | null> {
  try {
    const parsed = errorResponseSchema.safeParse(JSON.parse(await answer.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * spec §8: the API client accepts 200 and 204, and the one success status the contract declares for the endpoint
 * (a 201 Created of CreateOrderByCartId or SendForm); any other status is "An unexpected server error occurred."
 * with the status, unless the error body names its own type and message.
 */
export function isAnsweredStatus(status: number, declaredSuccessStatus = 200): boolean {
  return status === 200 || status === 204 || status === declaredSuccessStatus;
}

/**
 * One API call with the spec §9 timeout and retry rules: the 200 or 204 response with its body unread, or ApiError
 * for anything else (isAnsweredStatus).
 */
async function sendWithRetries(request: ApiRequest): Promise<ApiAnswer> {
  let retriesDone = 0;
  for (;;) {
    const answer = await sendOnce(request);
    if (isAnsweredStatus(answer.status, request.successStatus)) return answer;
    if (shouldRetry({ method: request.method, status: answer.status, retriesDone })) {
      retriesDone += 1;
      answer.discard();
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      continue;
    }
    const body = await readErrorBody(answer);
    if (body?.type) throw new ApiError(answer.status, body.type, body.message, body);
    throw new ApiError(answer.status, 'UnexpectedServerError', UNEXPECTED_SERVER_ERROR_MESSAGE, body);
  }
}

/** A file's answer as a web Response, its body streamed on as it comes (the API sends it uncompressed). */
function toResponse(answer: ApiAnswer): Response {
  const headers = new Headers();
  const raw = answer.message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] ?? '', raw[index + 1] ?? '');
  const body = answer.status === 204 ? null : (Readable.toWeb(answer.message) as ReadableStream<Uint8Array>);
  if (!body) answer.discard();
  return new Response(body, { status: answer.status, headers });
}

/** One JSON call: 200 → parsed JSON, 204 → undefined, any other status → ApiError (sendWithRetries). */
async function requestApi<T>(request: ApiRequest): Promise<T> {
  const answer = await sendWithRetries(request);
  if (answer.status === 204) {
    answer.discard();
    return undefined as T;
  }
  const text = await answer.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function toApiRequest<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E>,
  request: Omit<ApiRequest, 'method' | 'path' | 'query' | 'body'>,
): ApiRequest {
  return {
    ...request,
    method: endpoint.method,
    path: fillPath(endpoint.path, input.params as Record<string, unknown> | undefined),
    query: input.query as QueryParams | undefined,
    body: input.body,
    successStatus: endpoint.successStatus,
  };
}

/** One call of a contract endpoint outside a request's session (token refresh, the session's own GetUser). */
export function requestEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E>,
  request: Omit<ApiRequest, 'method' | 'path' | 'query' | 'body'> = {},
): Promise<EndpointResponse<E>> {
  return requestApi<EndpointResponse<E>>(toApiRequest(endpoint, input, request));
}

export type ApiCallOptions = {
  /**
   * Which token authorises the call. `auto` (default): the impersonation token when held, else the access
   * token (spec §7). `access`: always the user's own token (the Impersonate call, spec §6). `none`: anonymous.
   */
  auth?: 'auto' | 'access' | 'none';
  /** Forward the browser's address: for calls the API rate-limits per client (Login, ChangePassword). */
  clientAddress?: string | undefined;
  /** Extra request headers, e.g. the Idempotency-Key of CreateOrderByCartId. */
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal;
};

export type ApiClient = {
  /**
   * Calls an endpoint of the contract (`@b2b/contract/endpoints/<module>`): its method and path, the input it
   * takes (`params`, `query`, `body` as the definition has them), typed answer.
   */
  call<E extends EndpointDefinition>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: ApiCallOptions,
  ): Promise<EndpointResponse<E>>;
  /**
   * Calls an endpoint whose answer is a file (its `responseContentType`, e.g. a PDF), not JSON: the response with
   * its body unread, for the caller to stream on or read. Errors as `call`.
   */
  fetchFile<E extends EndpointDefinition>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: ApiCallOptions,
  ): Promise<Response>;
};

function pickToken(auth: AuthState | null, mode: ApiCallOptions['auth']): string | null {
  if (!auth || mode === 'none') return null;
  if (mode === 'access') return auth.accessToken;
  return auth.impersonationToken ?? auth.accessToken;
}

function readAuthState(context: Readonly<RouterContextProvider>): AuthState | null {
  try {
    return context.get(authStateContext);
  } catch {
    return null; // outside the session middleware (e.g. a unit test): anonymous calls only
  }
}

/**
 * The server-side API client for one request: calls API_URL with the caller's token.
 * spec §8: a 401 whose type is not InvalidCredentialsException is counted, and the second within the window marks
 * the session for reset (ADR 032); the session middleware then clears the cookies and redirects to `/`. A refused
 * impersonation token is dropped alone (handleRefusedToken). The ApiError is still thrown to the caller.
 */
export function getApi(context: Readonly<RouterContextProvider>): ApiClient {
  const auth = readAuthState(context);
  async function send<T>(
    options: ApiCallOptions | undefined,
    sendWithToken: (request: Omit<ApiRequest, 'method' | 'path' | 'query' | 'body'>) => Promise<T>,
  ): Promise<T> {
    const token = pickToken(auth, options?.auth);
    try {
      return await sendWithToken({
        token,
        clientAddress: options?.clientAddress,
        headers: options?.headers,
        signal: options?.signal,
      });
    } catch (error) {
      if (
        auth &&
        token &&
        error instanceof ApiError &&
        error.status === 401 &&
        error.type !== 'InvalidCredentialsException'
      ) {
        handleRefusedToken(auth, token);
      }
      throw error;
    }
  }
  return {
    call: (endpoint, input, options) => send(options, (request) => requestEndpoint(endpoint, input, request)),
    fetchFile: (endpoint, input, options) =>
      send(options, (request) =>
        sendWithRetries(
          toApiRequest(endpoint, input, {
            ...request,
            headers: { accept: endpoint.responseContentType ?? '*/*', ...request.headers },
          }),
        ).then(toResponse),
      ),
  };
}
