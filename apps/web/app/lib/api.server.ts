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
import { shouldRetry } from './retry-policy.ts';

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

  /** Status text of spec §8 ("Unauthorized", "Client Error", …). */
  get statusText(): string {
    return this.body?.error ?? STATUS_TEXTS[this.status] ?? 'Error';
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

function buildUrl(path: string, query?: QueryParams): string {
  const url = new URL(getApiUrl() + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  return url.toString();
}

async function readErrorBody(response: Response): Promise<ErrorResponse | null> {
  try {
    const parsed = errorResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function sendOnce(request: ApiRequest): Promise<Response> {
  // a file call (fetchFile) names the content type it accepts; JSON otherwise
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.clientAddress) headers['x-forwarded-for'] = request.clientAddress;
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  try {
    return await fetch(buildUrl(request.path, request.query), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) {
      throw new ApiError(504, 'TimeoutError', UNEXPECTED_SERVER_ERROR_MESSAGE, null);
    }
    if (request.signal?.aborted) throw error;
    throw new ApiError(503, 'NetworkError', UNEXPECTED_SERVER_ERROR_MESSAGE, null);
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
async function sendWithRetries(request: ApiRequest): Promise<Response> {
  let retriesDone = 0;
  for (;;) {
    const response = await sendOnce(request);
    if (isAnsweredStatus(response.status, request.successStatus)) return response;
    if (shouldRetry({ method: request.method, status: response.status, retriesDone })) {
      retriesDone += 1;
      await response.body?.cancel().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      continue;
    }
    const body = await readErrorBody(response);
    if (body?.type) throw new ApiError(response.status, body.type, body.message, body);
    throw new ApiError(response.status, 'UnexpectedServerError', UNEXPECTED_SERVER_ERROR_MESSAGE, body);
  }
}

/** One JSON call: 200 → parsed JSON, 204 → undefined, any other status → ApiError (sendWithRetries). */
async function requestApi<T>(request: ApiRequest): Promise<T> {
  const response = await sendWithRetries(request);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
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
 * spec §8: a 401 whose type is not InvalidCredentialsException marks the session for reset; the session
 * middleware then clears the cookies and redirects to `/`. A refused impersonation token is dropped alone
 * (handleRefusedToken). The ApiError is still thrown to the caller.
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
        ),
      ),
  };
}
