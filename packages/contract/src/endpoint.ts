/**
 * One definition per API call (architecture "One definition per endpoint"). An endpoint is a value: method, path,
 * who may call it, the schemas of its parameters, query, body and answers, and the words of its documentation.
 *
 * - The API registers its routes from these values (`apps/api/src/plugins/endpoints.ts`), so the path, the policy,
 *   the validation and the OpenAPI document cannot drift apart.
 * - The web's server-side client (`apps/web/app/lib/api.server.ts`) is typed by them: `api.call(endpoint, input)`
 *   takes the endpoint's input type and returns its answer type; no string paths, no casts.
 * - API tests read answers through them (`expectOk(endpoint, response)`), so every API test is a contract test.
 *
 * Definitions live in `endpoints/<module>.ts`, one object per module; `endpoints/all.ts` lists the modules.
 */
import type { z } from 'zod';
import { errorResponseSchema } from './errors.ts';

/**
 * Who may call an endpoint (spec §6):
 * - `public`: anyone, with or without a token;
 * - `customer`: any logged-in user (services that need a customer answer 403 to users without one);
 * - `sales`: a logged-in user with the role `impersonation`;
 * - `backoffice`: a logged-in user with the role `backoffice`.
 */
export const POLICIES = ['public', 'customer', 'sales', 'backoffice'] as const;
export type Policy = (typeof POLICIES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Error statuses an endpoint may answer besides the ones every endpoint of its kind has (see `errorStatusesOf`).
 * 401 is implied for non-public calls; a public call lists it when it checks a credential of its body (Login's
 * password, a refresh token, a recovery token), and 403 when it refuses some callers what it answers others
 * (GetContentByUrl's pages for logged-in users only).
 */
export type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503;

/** The schema of a request part that arrives as an object of named values (path parameters, query string). */
type NamedValuesSchema = z.ZodObject | z.ZodType<Record<string, unknown>>;

export type EndpointDefinition = {
  /** Method of the spec; a second method at the same path (spec: VerifyPayment answers GET and POST) in `alsoMethods`. */
  method: HttpMethod;
  alsoMethods?: readonly HttpMethod[];
  /** Path as the spec names it, parameters in braces: `/api/Payment/VerifyPayment/{area}/{paymentId}`. */
  path: string;
  policy: Policy;
  /** OpenAPI tag: the spec's section, e.g. `Cart`. */
  tag: string;
  /** One line, shown in the API documentation's list. */
  summary: string;
  /** Rules a caller needs beyond the summary: limits, error types, spec references. */
  description?: string;
  params?: NamedValuesSchema;
  query?: NamedValuesSchema;
  /** Request headers the call reads (e.g. CreateOrderByCartId's Idempotency-Key); validated and documented. */
  headers?: NamedValuesSchema;
  body?: z.ZodType;
  /** Status of a successful answer; 200 unless the call answers 204 (no content) or redirects (302). */
  successStatus?: 200 | 201 | 204 | 302;
  /** Schema of the successful answer; for 204 and 302 `z.null()`. */
  response: z.ZodType;
  /** Content type of the successful answer when it is not JSON (e.g. a file). */
  responseContentType?: string;
  /**
   * Further answers that are not errors, e.g. 304 Not Modified of a cached file, or the 200 of an idempotent replay
   * when a new resource answers 201.
   */
  otherResponses?: Partial<Record<200 | 304, z.ZodType>>;
  /** Error statuses beyond the ones implied by the definition (see `errorStatusesOf`). */
  errors?: readonly ErrorStatus[];
  /**
   * Shorter paths that answer the spec §5 "must be defined" 400 when a path parameter is left empty, instead of a
   * bare 404 (e.g. `/api/Payment/VerifyPayment`); not in the OpenAPI document.
   */
  missingParameterPaths?: readonly string[];
  /** Largest request body in bytes, when the call takes more than the API's default (a file, e.g. ValidateUpload). */
  bodyLimit?: number;
};

/** Freezes a definition and keeps its literal type, so clients and routes infer their input and answer types. */
export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return Object.freeze(definition);
}

/**
 * The error statuses an endpoint answers: 400 when it reads any input, 401 and 403 when it is not public, 500
 * always, plus those it names. One rule for all endpoints instead of a map copied into each route module.
 */
export function errorStatusesOf(endpoint: EndpointDefinition): number[] {
  const statuses = new Set<number>();
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers) statuses.add(400);
  if (endpoint.policy !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  for (const status of endpoint.errors ?? []) statuses.add(status);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

/** Every answer of an endpoint by status: the success schema, other non-errors, and the shared error body. */
export function responsesOf(endpoint: EndpointDefinition): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = { [endpoint.successStatus ?? 200]: endpoint.response };
  for (const [status, schema] of Object.entries(endpoint.otherResponses ?? {})) {
    if (schema) responses[Number(status)] = schema;
  }
  for (const status of errorStatusesOf(endpoint)) responses[status] = errorResponseSchema;
  return responses;
}

/**
 * The OpenAPI operationId: the path's words after `/api`, joined by underscores, e.g. `Cart_AddOrUpdateLines`,
 * `Backoffice_Area_GetAreas`; a second method adds its name (`Payment_VerifyPayment_post`).
 */
export function operationIdOf(endpoint: EndpointDefinition, method: HttpMethod = endpoint.method): string {
  const words = endpoint.path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && !segment.startsWith('{'))
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1));
  const base = words.join('_');
  return method === endpoint.method ? base : `${base}_${method.toLowerCase()}`;
}

/** The names of the path's parameters, in order: `{area}/{paymentId}` → `['area', 'paymentId']`. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string);
}

/** A path with its parameters filled in, each URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Path parameter ${name} of ${path} is missing.`);
    return encodeURIComponent(String(value));
  });
}

type Output<S> = S extends z.ZodType ? z.output<S> : never;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller sends: `{ params?, query?, body? }`, each present exactly when the endpoint reads it. */
export type EndpointInput<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: Input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: never });

/** What a caller receives on success (the answer after the API's serialisation). */
export type EndpointResponse<E extends EndpointDefinition> = Output<E['response']>;

/** What a route handler has once the request passed validation. */
export type EndpointParsedInput<E extends EndpointDefinition> = {
  params: E['params'] extends z.ZodType ? Output<E['params']> : Record<string, never>;
  query: E['query'] extends z.ZodType ? Output<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? Output<E['body']> : undefined;
};

/** What a route handler returns: the answer before serialisation. */
export type EndpointHandlerResult<E extends EndpointDefinition> = Input<E['response']>;
