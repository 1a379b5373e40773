/**
 * The back office is staff only (issue 28): every call with the policy `backoffice` answers 401 to anonymous
 * callers and 403 to buyers and sales reps, before it reads any input. The list is read from the contract, so a new
 * back-office call is covered the day it is defined.
 */
import { ALL_ENDPOINTS } from '@b2b/contract/endpoints/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError } from './support/endpoint-calls.ts';
import { type Buyer, createBuyer, createRep, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;
let rep: SignedInUser;

const BACKOFFICE_CALLS = ALL_ENDPOINTS.filter(({ endpoint }) => endpoint.policy === 'backoffice');

beforeAll(async () => {
  testApp = await createTestApp();
  buyer = await createBuyer(testApp, { username: 'bo-access-buyer' });
  rep = await createRep(testApp, [buyer.customerId], { username: 'bo-access-rep' });
});

afterAll(async () => {
  await testApp?.close();
});

/** A value for each `{name}` in the path: the policy answers before the parameter is read. */
function placeholderParams(path: string): Record<string, string> {
  return Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name as string, 'x']));
}

describe('back-office calls', () => {
  it('are all under /backoffice/api/', () => {
    expect(BACKOFFICE_CALLS.length).toBeGreaterThan(0);
    for (const { name, endpoint } of BACKOFFICE_CALLS) expect(endpoint.path, name).toMatch(/^\/backoffice\/api\//);
  });

  it.each(BACKOFFICE_CALLS)('$name: anonymous 401, buyer 403, sales rep 403', async ({ endpoint }) => {
    const params = placeholderParams(endpoint.path);
    const body = endpoint.method === 'GET' ? undefined : {};
    expectError(endpoint, await callEndpoint(testApp.app, endpoint, { params, body }), 401);
    expectError(endpoint, await callEndpoint(testApp.app, endpoint, { params, body, token: buyer.token }), 403);
    expectError(endpoint, await callEndpoint(testApp.app, endpoint, { params, body, token: rep.token }), 403);
  });
});
