import { errorResponseSchema } from '@b2b/contract';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const health = healthEndpoints.getHealth;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('the app', () => {
  it('answers unknown routes with 404 in the common error body', async () => {
    // No endpoint defines this path, so the request is raw; the answer must still be the shared error body.
    const response = await testApp.app.inject({ method: 'GET', url: '/api/Nope/Nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(errorResponseSchema.strict().parse(response.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      type: 'NotFoundException',
      message: 'Route GET /api/Nope/Nothing not found.',
      requestId: expect.any(String),
    });
  });

  it('gives every response a request id, reusing a sane incoming one', async () => {
    const generated = await callEndpoint(testApp.app, health);
    expectOk(health, generated);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const passed = await callEndpoint(testApp.app, health, { headers: { 'x-request-id': 'lb-123' } });
    expectOk(health, passed);
    expect(passed.headers['x-request-id']).toBe('lb-123');

    const hostile = await testApp.app.inject({
      method: 'GET',
      url: '/api/Nope',
      headers: { 'x-request-id': 'a b\u0000<script>' },
    });
    expect(hostile.headers['x-request-id']).not.toContain('script');
    expect(errorResponseSchema.parse(hostile.json()).requestId).toBe(hostile.headers['x-request-id']);
  });

  it('sends security headers, on refusals too', async () => {
    const ok = await callEndpoint(testApp.app, health);
    expectOk(health, ok);
    const refused = await callEndpoint(testApp.app, userEndpoints.getUser, { token: 'not-a-token' });
    expectError(userEndpoints.getUser, refused, 401);
    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/Nope/Nothing' });
    for (const response of [ok, refused, unknown]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('reports health without naming the database engine', async () => {
    const response = await callEndpoint(testApp.app, health);
    expect(expectOk(health, response)).toEqual({ status: 'ok' });
    // The schema would drop extra keys when parsing; the raw body must not carry them either.
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the API documentation at /api/docs, generated from the contract', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');

    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    const login = document.paths['/api/User/Login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['area', 'username', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(document.paths['/api/Price/GetPrices'].post.security).toEqual([{ bearerAuth: [] }]);
    // Public calls say so (an empty requirement) instead of leaving security undeclared.
    expect(document.paths['/api/User/Login'].post.security).toEqual([]);
    expect(login.operationId).toBe('User_Login');
    expect(
      document.paths['/api/Area/GetAreaById'].get.parameters.map((parameter: { name: string }) => parameter.name),
    ).toEqual(['AreaId', 'Language']);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });
});

describe('server errors', () => {
  it('answers 500 without internals', async () => {
    // A missing table makes the query fail inside the driver: an error no service anticipated.
    await testApp.db.execute(sql`alter table areas rename to areas_hidden`);
    try {
      const endpoint = areaEndpoints.getAreaById;
      const response = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'eu' } });
      expect(expectError(endpoint, response, 500)).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        type: 'InternalServerErrorException',
        message: 'An unexpected server error occurred.',
        requestId: expect.any(String),
      });
      expect(response.body).not.toMatch(/areas|relation|select|at .*\.(ts|js):\d+/);
    } finally {
      await testApp.db.execute(sql`alter table areas_hidden rename to areas`);
    }
  });
});
