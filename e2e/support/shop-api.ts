/**
 * Calls to the e2e shop's API straight from a test, by the endpoints' contract definitions (path, method, response
 * schema), for what a test must compare the pages with or set up the same way on every run. The API listens on
 * loopback beside the web (playwright.config.ts), one per worker (shops.ts).
 */
import type { AreaInfo } from '@b2b/contract';
import { type EndpointDefinition, type EndpointResponse, fillPath } from '@b2b/contract/endpoint';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { type APIRequestContext, expect } from '@playwright/test';
import { WORKER_SHOP } from './shops.ts';

/** The API of the worker's own shop (shops.ts). */
export const E2E_API_URL = WORKER_SHOP.apiUrl;
/** The e2e shop's INTEGRITY_CHECK_TOKEN (playwright.config.ts): a monitor's key to /integrity/Check's detail. */
export const E2E_INTEGRITY_CHECK_TOKEN = 'e2e-monitor-token-0123456789';

/**
 * Sends one call; fails the test unless the answer has the endpoint's success status and a body its response schema
 * accepts, and returns that body.
 */
export async function callApi<E extends EndpointDefinition>(
  request: APIRequestContext,
  endpoint: E,
  input: { body?: unknown; token?: string; query?: Record<string, string> } = {},
): Promise<EndpointResponse<E>> {
  const response = await request.fetch(`${E2E_API_URL}${fillPath(endpoint.path, undefined)}`, {
    method: endpoint.method,
    headers: input.token ? { authorization: `Bearer ${input.token}` } : {},
    ...(input.query === undefined ? {} : { params: input.query }),
    ...(input.body === undefined ? {} : { data: input.body }),
  });
  const text = await response.text();
  expect(response.status(), `${endpoint.method} ${endpoint.path}: ${text.slice(0, 500)}`).toBe(
    endpoint.successStatus ?? 200,
  );
  return endpoint.response.parse(JSON.parse(text)) as EndpointResponse<E>;
}

/** Logs in through the API (a session of its own beside the browser's) and returns the access token. */
export async function logInToApi(
  request: APIRequestContext,
  credentials: { username: string; password: string },
  area: AreaInfo,
): Promise<string> {
  const tokens = await callApi(request, userEndpoints.login, { body: { area, ...credentials } });
  return tokens.accessToken;
}
