/**
 * Debug/GetCacheUsage and InvalidateCacheByType (spec §7, issue 28, ADR 030) on a real app and database: the API's
 * caches with numbers that move, emptying one type, the storefront's report round trip with the shared secret, and
 * the audit entry written with the invalidation.
 */
import { randomUUID } from 'node:crypto';
import { CACHE_TYPES, type CacheUsage, INTERNAL_API_SECRET_HEADER, type ReportedCacheInstance } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { debugEndpoints } from '@b2b/contract/endpoints/debug';
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import { auditEntries, cacheInvalidations, redirects } from '@b2b/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type Buyer, createBuyer, createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

const INTERNAL_API_SECRET = 'internal-secret-internal-secret-0123456789';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let staff: SignedInUser;
let buyer: Buyer;

beforeAll(async () => {
  testApp = await createTestApp({ INTERNAL_API_SECRET });
  await setVatRates(testApp.db, { eu: 2500, us: 0 });
  await createProduct(testApp.db, 'CACHE-1');
  await setPrice(testApp.db, { productId: 'CACHE-1', currencyCode: 'EUR', unitPriceMinor: 1000 });
  staff = await createStaff(testApp, { username: 'cache-staff' });
  buyer = await createBuyer(testApp, { username: 'cache-buyer', customer: { areaId: 'eu' } });
});

afterAll(async () => {
  await testApp?.close();
});

async function cacheUsage() {
  return expectOk(
    debugEndpoints.getCacheUsage,
    await callEndpoint(testApp.app, debugEndpoints.getCacheUsage, { token: staff.token }),
  );
}

function cacheOf(instance: ReportedCacheInstance | undefined, type: CacheUsage['type']): CacheUsage {
  const cache = instance?.caches.find((candidate) => candidate.type === type);
  if (cache === undefined) throw new Error(`no ${type} cache reported`);
  return cache;
}

async function apiPriceCache(): Promise<CacheUsage> {
  const { instances } = await cacheUsage();
  return cacheOf(
    instances.find((instance) => instance.instanceId === testApp.app.cacheInstance.instanceId),
    'price',
  );
}

async function getPrice() {
  return expectOk(
    priceEndpoints.getPrices,
    await callEndpoint(testApp.app, priceEndpoints.getPrices, {
      token: buyer.token,
      body: { currencyCode: 'EUR', products: [{ productId: 'CACHE-1' }] },
    }),
  );
}

describe('GET /backoffice/api/Debug/GetCacheUsage', () => {
  it('lists this API instance with its caches, whose numbers move: a price entry, then a hit on repeat', async () => {
    const { instances } = await cacheUsage();
    const current = instances.find((instance) => instance.instanceId === testApp.app.cacheInstance.instanceId);
    expect(current).toMatchObject({ app: 'api', pid: process.pid });
    expect(current?.caches.map((cache) => cache.type)).toEqual(
      expect.arrayContaining(['price', 'product', 'search-facets', 'principal']),
    );

    const before = await apiPriceCache();
    await getPrice();
    const afterFirst = await apiPriceCache();
    expect(afterFirst.entries).toBeGreaterThan(before.entries);
    expect(afterFirst.misses).toBe(before.misses + 1);
    expect(afterFirst.bytes).toBeGreaterThan(0);
    expect(afterFirst.oldestEntryAt).not.toBeNull();

    await getPrice();
    const afterRepeat = await apiPriceCache();
    expect(afterRepeat.hits).toBe(afterFirst.hits + 1);
    expect(afterRepeat.misses).toBe(afterFirst.misses);
  });
});

describe('the redirect map (GetRedirectByUrl) as the `redirects` type', () => {
  async function redirectCache(): Promise<CacheUsage> {
    const { instances } = await cacheUsage();
    return cacheOf(
      instances.find((instance) => instance.instanceId === testApp.app.cacheInstance.instanceId),
      'redirects',
    );
  }

  async function lookUp(url: string): Promise<number> {
    const response = await callEndpoint(testApp.app, contentEndpoints.getRedirectByUrl, {
      query: { 'Area.AreaId': 'eu', 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR', Url: url },
    });
    return response.statusCode;
  }

  it('holds every stored redirect, counts look-ups answered from memory as hits, and reloads on its invalidation', async () => {
    const before = await redirectCache();
    expect(await lookUp('/cache-test-no-redirect')).toBe(404);
    expect(await lookUp('/cache-test-no-redirect')).toBe(404);
    const after = await redirectCache();
    // Only a look-up before the first load is a miss: it waits for the load.
    expect(after.hits + after.misses).toBe(before.hits + before.misses + 2);
    expect(after.hits).toBeGreaterThanOrEqual(before.hits + 1);
    expect(after.entries).toBe((await testApp.db.select().from(redirects)).length);

    // Written by hand, as another instance would: unseen until the invalidation.
    await testApp.db
      .insert(redirects)
      .values({ areaId: 'eu', fromPath: '/cache-test-no-redirect', toUrl: '/snow', status: 301 });
    expect(await lookUp('/cache-test-no-redirect')).toBe(404);
    expectOk(
      debugEndpoints.invalidateCacheByType,
      await callEndpoint(testApp.app, debugEndpoints.invalidateCacheByType, {
        token: staff.token,
        body: { type: 'redirects' },
      }),
    );
    // The old map answers while the new one loads.
    const invalidatedAt = Date.now();
    while ((await lookUp('/cache-test-no-redirect')) !== 200) {
      expect(Date.now() - invalidatedAt).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await redirectCache()).entries).toBe(after.entries + 1);
  });
});

describe('POST /backoffice/api/Debug/InvalidateCacheByType', () => {
  it('empties the type (the next look-up misses) and writes the audit entry with the invalidation', async () => {
    await getPrice();
    expect((await apiPriceCache()).entries).toBeGreaterThan(0);

    const answer = expectOk(
      debugEndpoints.invalidateCacheByType,
      await callEndpoint(testApp.app, debugEndpoints.invalidateCacheByType, {
        token: staff.token,
        body: { type: 'price' },
      }),
    );
    expect(answer.type).toBe('price');
    const emptied = await apiPriceCache();
    expect(emptied.entries).toBe(0);
    expect(emptied.oldestEntryAt).toBeNull();

    await getPrice();
    const refilled = await apiPriceCache();
    expect(refilled.misses).toBe(emptied.misses + 1);
    expect(refilled.hits).toBe(emptied.hits);

    const [row] = await testApp.db
      .select()
      .from(cacheInvalidations)
      .where(eq(cacheInvalidations.id, answer.invalidationId));
    expect(row).toMatchObject({ cacheType: 'price', requestedByUserId: staff.userId });
    const audit = await testApp.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, 'cache'), eq(auditEntries.objectId, 'price')));
    expect(audit).toEqual([
      expect.objectContaining({
        objectId: 'price',
        action: 'invalidate',
        actorUsername: 'cache-staff',
        after: { invalidationId: answer.invalidationId, type: 'price' },
      }),
    ]);
  });

  it('records two invalidations requested at the same moment, each with its own id and audit entry', async () => {
    const requests = (['content', 'area'] as const).map((type) =>
      callEndpoint(testApp.app, debugEndpoints.invalidateCacheByType, { token: staff.token, body: { type } }),
    );
    const answers = (await Promise.all(requests)).map((response) =>
      expectOk(debugEndpoints.invalidateCacheByType, response),
    );
    expect(new Set(answers.map((answer) => answer.invalidationId)).size).toBe(2);
    const audit = await testApp.db.select().from(auditEntries).where(eq(auditEntries.objectType, 'cache'));
    expect(audit.map((entry) => entry.objectId)).toEqual(expect.arrayContaining(['content', 'area']));
  });

  it('refuses an unknown type with a 400 naming the known ones, and writes nothing', async () => {
    const invalidationsBefore = await testApp.db.select().from(cacheInvalidations);
    const error = expectError(
      debugEndpoints.invalidateCacheByType,
      await callEndpoint(testApp.app, debugEndpoints.invalidateCacheByType, {
        token: staff.token,
        body: { type: 'everything' },
      }),
      400,
      'ValidationException',
    );
    expect(error.errors?.[0]?.field).toBe('type');
    for (const type of CACHE_TYPES) expect(error.message).toContain(type);
    expect(await testApp.db.select().from(cacheInvalidations)).toEqual(invalidationsBefore);
  });

  it('refuses an unknown field, naming it', async () => {
    const error = expectError(
      debugEndpoints.invalidateCacheByType,
      await callEndpoint(testApp.app, debugEndpoints.invalidateCacheByType, {
        token: staff.token,
        body: { type: 'price', everywhere: true },
      }),
      400,
    );
    expect(JSON.stringify(error)).toContain('everywhere');
  });
});

describe('POST /internal/api/Debug/ReportWebCacheUsage', () => {
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const instance = {
    instanceId: randomUUID(),
    app: 'web' as const,
    hostname: 'web-host-1',
    pid: 4242,
    startedAt,
    caches: [{ type: 'page' as const, entries: 3, bytes: 330_000, hits: 7, misses: 3, oldestEntryAt: startedAt }],
  };

  function report(body: unknown, secret: string | null = INTERNAL_API_SECRET) {
    return callEndpoint(testApp.app, debugEndpoints.reportWebCacheUsage, {
      body,
      headers: secret === null ? {} : { [INTERNAL_API_SECRET_HEADER]: secret },
    });
  }

  it('refuses a caller without the shared secret, or with another (a browser, a buyer)', async () => {
    const body = { instance, afterInvalidationId: null };
    expectError(debugEndpoints.reportWebCacheUsage, await report(body, null), 401);
    expectError(debugEndpoints.reportWebCacheUsage, await report(body, `${INTERNAL_API_SECRET}x`), 401);
    const asBuyer = await callEndpoint(testApp.app, debugEndpoints.reportWebCacheUsage, { body, token: buyer.token });
    expectError(debugEndpoints.reportWebCacheUsage, asBuyer, 401);
    const { instances } = await cacheUsage();
    expect(instances.some((candidate) => candidate.instanceId === instance.instanceId)).toBe(false);
  });

  it("stores the storefront's report for GetCacheUsage and answers the invalidations it has not applied", async () => {
    const first = expectOk(debugEndpoints.reportWebCacheUsage, await report({ instance, afterInvalidationId: null }));
    const { instances } = await cacheUsage();
    const listed = instances.find((candidate) => candidate.instanceId === instance.instanceId);
    expect(listed).toMatchObject({ app: 'web', hostname: 'web-host-1', pid: 4242 });
    expect(cacheOf(listed, 'page')).toEqual(instance.caches[0]);

    const invalidation = expectOk(
      debugEndpoints.invalidateCacheByType,
      await callEndpoint(testApp.app, debugEndpoints.invalidateCacheByType, {
        token: staff.token,
        body: { type: 'page' },
      }),
    );
    const next = expectOk(
      debugEndpoints.reportWebCacheUsage,
      await report({ instance, afterInvalidationId: first.lastInvalidationId }),
    );
    expect(next.invalidations).toEqual([{ id: invalidation.invalidationId, type: 'page' }]);
    expect(next.lastInvalidationId).toBe(invalidation.invalidationId);
    const after = expectOk(
      debugEndpoints.reportWebCacheUsage,
      await report({ instance, afterInvalidationId: next.lastInvalidationId }),
    );
    expect(after).toEqual({ invalidations: [], lastInvalidationId: invalidation.invalidationId });
  });

  it('keeps one report of a process whose two reports arrive at once', async () => {
    const racing = { ...instance, instanceId: randomUUID() };
    const answers = await Promise.all([1, 2].map(() => report({ instance: racing, afterInvalidationId: null })));
    for (const answer of answers) expectOk(debugEndpoints.reportWebCacheUsage, answer);
    const { instances } = await cacheUsage();
    expect(instances.filter((candidate) => candidate.instanceId === racing.instanceId)).toHaveLength(1);
  });

  it('refuses a report in the name of an API instance', async () => {
    expectError(
      debugEndpoints.reportWebCacheUsage,
      await report({ instance: { ...instance, app: 'api' }, afterInvalidationId: null }),
      400,
    );
  });
});
