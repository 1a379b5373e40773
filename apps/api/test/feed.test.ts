/**
 * POST /api/feed/PerfionFeed/GetEntries (spec §7, issue 10 §3): the partner's product-information feed, guarded by
 * PERFION_FEED_TOKEN, paged, changes since a date; discontinued products included and flagged.
 */
import { MAX_FEED_TAKE } from '@b2b/contract';
import { feedEndpoints } from '@b2b/contract/endpoints/feed';
import { categories, products, productVariants } from '@b2b/db/schema';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp, TEST_JWT_SECRET } from './support/test-app.ts';

const endpoint = feedEndpoints.getPerfionFeedEntries;
const FEED_TOKEN = 'partner-feed-token-0123456789';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** The same database, with the feed switched off (no PERFION_FEED_TOKEN). */
let feedOffApp: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({ PERFION_FEED_TOKEN: FEED_TOKEN });
  feedOffApp = await build(loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET }), {
    database: testApp.database,
  });
});
afterAll(async () => {
  await feedOffApp?.close();
  await testApp?.close();
});

type FeedQuery = Record<string, string | number | undefined>;

function feedQuery(overrides: FeedQuery = {}): FeedQuery {
  return { areaId: 'eu', contentType: 'product', skip: 0, take: 10, token: FEED_TOKEN, ...overrides };
}

function getEntries(overrides: FeedQuery = {}, app = testApp.app) {
  return callEndpoint(app, endpoint, { query: feedQuery(overrides) });
}

async function entriesOk(overrides: FeedQuery = {}) {
  return expectOk(endpoint, await getEntries(overrides));
}

describe('PerfionFeed GetEntries: the token', () => {
  it('answers 401 to a wrong token, also one that differs only at the end or in length', async () => {
    for (const token of ['wrong-token', `${FEED_TOKEN.slice(0, -1)}X`, `${FEED_TOKEN}0`]) {
      expectError(endpoint, await getEntries({ token }), 401, 'UnauthorizedException');
    }
  });

  it('answers 401 "switched off" to every call when PERFION_FEED_TOKEN is not configured', async () => {
    const off = expectError(endpoint, await getEntries({}, feedOffApp), 401, 'UnauthorizedException');
    expect(off.message).toBe('The feed is switched off.');
  });

  it('refuses a missing token naming the field', async () => {
    const response = await getEntries({ token: undefined });
    expect(expectError(endpoint, response, 400).errors?.[0]?.field).toBe('token');
  });
});

describe('PerfionFeed GetEntries: products', () => {
  it('lists every product with brand, category path, specifications, variants and images, oldest change first', async () => {
    const [total] = await testApp.db.select({ value: count() }).from(products);
    const page = await entriesOk({ take: 5 });
    expect(page).toMatchObject({ total: total?.value, skip: 0, take: 5 });
    expect(page.entries).toHaveLength(5);
    // The seed gives every product the same change time: the order falls back to the id.
    const ids = page.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort());

    const [entry] = page.entries;
    const [stored] = await testApp.db
      .select()
      .from(products)
      .where(eq(products.id, entry?.id ?? ''));
    const variants = await testApp.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, entry?.id ?? ''))
      .orderBy(asc(productVariants.sortOrder));
    const [root] = await testApp.db
      .select()
      .from(categories)
      .where(eq(categories.id, entry?.categoryIds[0] ?? ''));
    expect(entry).toMatchObject({
      contentType: 'product',
      name: stored?.name,
      description: stored?.description,
      url: stored?.url,
      discontinued: false,
      updatedAt: stored?.updatedAt.toISOString(),
      variantIds: variants.map((variant) => variant.id),
      imageUrls: stored?.media.map((media) => media.url),
    });
    expect(entry?.brand).toEqual(expect.any(String));
    // From the root category down to the product's own.
    expect(entry?.categoryIds.at(-1)).toBe(stored?.categoryId);
    expect(entry?.categoryIds.length).toBeGreaterThan(1);
    expect(root?.parentId).toBeNull();
    expect(entry?.specifications).not.toHaveProperty('$meta');
    expect(entry?.specifications).toMatchObject({ material: stored?.specifications.material });
  });

  it('pages with skip and take without gaps or repeats', async () => {
    const firstTen = (await entriesOk({ take: 10 })).entries.map((entry) => entry.id);
    const secondFive = (await entriesOk({ skip: 5, take: 5 })).entries.map((entry) => entry.id);
    expect(secondFive).toEqual(firstTen.slice(5));
    const beyond = await entriesOk({ skip: 100_000, take: 10 });
    expect(beyond.entries).toEqual([]);
    expect(beyond.total).toBeGreaterThan(0);
  });

  it('lists only products changed after newerThan, discontinued ones flagged', async () => {
    const [first, second] = (await entriesOk({ take: 2 })).entries;
    const changedAt = new Date('2026-11-20T10:00:00Z');
    await testApp.db
      .update(products)
      .set({ updatedAt: changedAt })
      .where(eq(products.id, first?.id ?? ''));
    await testApp.db
      .update(products)
      .set({ updatedAt: new Date('2026-11-21T10:00:00Z'), discontinuedAt: new Date('2026-11-21T10:00:00Z') })
      .where(eq(products.id, second?.id ?? ''));

    const changed = await entriesOk({ newerThan: '2026-11-15T00:00:00Z' });
    expect(changed.total).toBe(2);
    expect(changed.entries.map((entry) => [entry.id, entry.discontinued, entry.updatedAt])).toEqual([
      [first?.id, false, '2026-11-20T10:00:00.000Z'],
      [second?.id, true, '2026-11-21T10:00:00.000Z'],
    ]);
    // Strictly after: the first product's own change time leaves only the second; an offset is honoured.
    expect((await entriesOk({ newerThan: '2026-11-20T10:00:00.000Z' })).entries.map((entry) => entry.id)).toEqual([
      second?.id,
    ]);
    expect((await entriesOk({ newerThan: '2026-11-20T11:30:00+01:00' })).total).toBe(1);
    expect((await entriesOk({ newerThan: '2026-11-22T00:00:00Z' })).total).toBe(0);
  });

  it('refuses skip and take out of bounds, a malformed newerThan and an unknown content type, naming each', async () => {
    expect(MAX_FEED_TAKE).toBe(1000);
    const cases: Array<[FeedQuery, string]> = [
      [{ take: 0 }, 'take'],
      [{ take: 1001 }, 'take'],
      [{ take: 'ten' }, 'take'],
      [{ skip: -1 }, 'skip'],
      [{ skip: 1.5 }, 'skip'],
      [{ newerThan: 'yesterday' }, 'newerThan'],
      [{ newerThan: '2026-11-20' }, 'newerThan'],
      [{ contentType: 'brand' }, 'contentType'],
      [{ areaId: 'mars' }, 'areaId'],
    ];
    for (const [overrides, field] of cases) {
      const body = expectError(endpoint, await getEntries(overrides), 400, 'ValidationException');
      expect(body.errors?.[0]?.field, JSON.stringify(overrides)).toBe(field);
    }
    expect((await entriesOk({ take: 1000 })).entries.length).toBeGreaterThan(10);
  });

  it('refuses unknown query parameters', async () => {
    expectError(endpoint, await getEntries({ debug: 'true' }), 400, 'ValidationException');
  });
});

describe('PerfionFeed GetEntries: categories', () => {
  it('lists every category with its path, paged; without a change time, newerThan does not narrow it', async () => {
    const stored = await testApp.db.select().from(categories).orderBy(asc(categories.id));
    const page = await entriesOk({ contentType: 'category', take: 1000, newerThan: '2030-01-01T00:00:00Z' });
    expect(page.total).toBe(stored.length);
    expect(page.entries.map((entry) => entry.id)).toEqual(stored.map((category) => category.id));
    const child = stored.find((category) => category.parentId !== null);
    const entry = page.entries.find((candidate) => candidate.id === child?.id);
    expect(entry).toMatchObject({
      contentType: 'category',
      name: child?.name,
      url: child?.url,
      parentId: child?.parentId,
      brand: null,
      variantIds: [],
      discontinued: false,
      updatedAt: '1970-01-01T00:00:00.000Z',
    });
    expect(entry?.categoryIds.slice(-2)).toEqual([child?.parentId, child?.id]);
    const second = await entriesOk({ contentType: 'category', skip: 1, take: 2 });
    expect(second.entries.map((candidate) => candidate.id)).toEqual(stored.slice(1, 3).map((category) => category.id));
  });

  it('needs the token for categories too', async () => {
    expectError(endpoint, await getEntries({ contentType: 'category', token: 'nope' }), 401);
  });
});
