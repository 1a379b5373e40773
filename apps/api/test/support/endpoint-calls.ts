/**
 * API tests call endpoints by their contract definition and read every answer through it, so each API test is a
 * contract test as well: `expectOk` fails when the status is not the endpoint's success status or the body does not
 * match its response schema; `expectError` fails when the status is not one the endpoint declares or the body is not
 * the shared error body.
 */
import { type ErrorResponse, errorResponseSchema } from '@b2b/contract';
import {
  type EndpointDefinition,
  type EndpointResponse,
  fillPath,
  type HttpMethod,
  responsesOf,
} from '@b2b/contract/endpoint';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type EndpointCall = {
  /** Path parameters; a missing one fails the test before the request (use a raw inject to test that). */
  params?: Record<string, unknown>;
  query?: Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>;
  /** Any JSON: bad-input tests send what the schema refuses. */
  body?: unknown;
  /** Bearer token; none for anonymous calls. */
  token?: string | null;
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** One of the endpoint's `alsoMethods` instead of its main method. */
  method?: HttpMethod;
};

/** The URL of an endpoint with its path parameters and query string. */
export function endpointUrl(endpoint: EndpointDefinition, call: Pick<EndpointCall, 'params' | 'query'> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const query = search.toString();
  return fillPath(endpoint.path, call.params) + (query ? `?${query}` : '');
}

/**
 * Sends one request to the endpoint through `app.inject`, and returns the answer once the work the request handed to
 * `app.backgroundWork` is done too (e.g. RecoverPassword's mail), as a client would find it a moment later.
 */
export async function callEndpoint(
  app: FastifyInstance,
  endpoint: EndpointDefinition,
  call: EndpointCall = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const response = await app.inject({
    method: call.method ?? endpoint.method,
    url: endpointUrl(endpoint, call),
    headers,
    ...(call.body !== undefined ? { payload: call.body as Record<string, unknown> } : {}),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
  await app.backgroundWork.settled();
  return response;
}

/**
 * Asserts the endpoint's success status and parses the body with its response schema (typed by the endpoint).
 * `status` names another non-error answer the endpoint declares instead (e.g. the 200 of an idempotent replay).
 */
export function expectOk<E extends EndpointDefinition>(
  endpoint: E,
  response: LightMyRequestResponse,
  status: number = endpoint.successStatus ?? 200,
): EndpointResponse<E> {
  const schema =
    status === (endpoint.successStatus ?? 200)
      ? endpoint.response
      : endpoint.otherResponses?.[status as keyof NonNullable<EndpointDefinition['otherResponses']>];
  if (!schema) throw new Error(`${endpoint.path} declares no answer ${status}`);
  expect(response.statusCode, `${endpoint.method} ${endpoint.path}: ${response.body.slice(0, 500)}`).toBe(status);
  if (status === 204 || status === 302 || status === 304) return null as EndpointResponse<E>;
  const parsed = schema.safeParse(response.json());
  if (!parsed.success) {
    throw new Error(`${endpoint.path} answered a body its response schema refuses: ${parsed.error.message}`);
  }
  return parsed.data as EndpointResponse<E>;
}

/**
 * Asserts an error answer the endpoint declares (status among its responses, the shared error body, and the type
 * when given) and returns the body.
 */
export function expectError(
  endpoint: EndpointDefinition,
  response: LightMyRequestResponse,
  status: number,
  type?: string,
): ErrorResponse {
  expect(response.statusCode, `${endpoint.method} ${endpoint.path}: ${response.body.slice(0, 500)}`).toBe(status);
  expect(Object.keys(responsesOf(endpoint)), `${endpoint.path} does not declare ${status}`).toContain(String(status));
  const body = errorResponseSchema.parse(response.json());
  if (type !== undefined) expect(body.type).toBe(type);
  return body;
}
