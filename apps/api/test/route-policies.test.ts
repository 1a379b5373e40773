/**
 * Every route declares who may call it (architecture "Authorisation"). This test prints the full table and fails
 * when a route has no policy, when a back-office route is not back-office only, or when one of the user, area and
 * price routes changes its policy.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCS_PREFIX,
  listRoutePolicies,
  MissingPolicyError,
  POLICIES,
  registerPolicies,
} from '../src/plugins/policy.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

describe('route policies', () => {
  it('lists every route with its policy', () => {
    const routes = listRoutePolicies(testApp.app);
    console.table(routes);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(POLICIES, `${route.method} ${route.url}`).toContain(route.policy);
      if (route.url.startsWith('/backoffice/')) expect(route.policy, `${route.method} ${route.url}`).toBe('backoffice');
      if (route.url.startsWith(DOCS_PREFIX)) expect(route.policy).toBe('public');
    }
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/health', policy: 'public' },
        { method: 'POST', url: '/api/User/Login', policy: 'public' },
        { method: 'GET', url: '/api/User/GetUser', policy: 'customer' },
        { method: 'POST', url: '/api/User/GetAccessToken', policy: 'public' },
        { method: 'POST', url: '/api/User/GenerateNotLoggedInToken', policy: 'public' },
        { method: 'POST', url: '/api/User/ChangePassword', policy: 'customer' },
        { method: 'GET', url: '/api/Area/GetAreaById', policy: 'public' },
        { method: 'GET', url: '/backoffice/api/Area/GetAreas', policy: 'backoffice' },
        { method: 'POST', url: '/api/Price/GetPrices', policy: 'customer' },
        { method: 'POST', url: '/api/CustomerCenter/GetOrders', policy: 'customer' },
        { method: 'POST', url: '/api/CustomerCenter/GetOrdersWithPagination', policy: 'customer' },
        { method: 'POST', url: '/api/CustomerCenter/GetOrder', policy: 'customer' },
        { method: 'GET', url: DOCS_PREFIX, policy: 'public' },
      ]),
    );
  });

  it('lists exactly the routes Fastify serves', () => {
    for (const route of listRoutePolicies(testApp.app)) {
      expect(
        testApp.app.hasRoute({ method: route.method as 'GET', url: route.url }),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });

  it('stops start-up when a route has no policy', async () => {
    const app = Fastify();
    registerPolicies(app);
    app.register(async (child) => {
      child.get('/api/Forgotten/Route', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(MissingPolicyError);
    await expect(app.ready()).rejects.toThrow('Route GET /api/Forgotten/Route has no valid config.policy');
  });

  it('stops start-up for an unknown policy', async () => {
    const app = Fastify();
    registerPolicies(app);
    app.register(async (child) => {
      child.get('/api/Odd/Route', { config: { policy: 'everyone' as 'public' } }, async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(MissingPolicyError);
  });
});
