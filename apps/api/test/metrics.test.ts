/**
 * The API's Prometheus metrics (issue 30, ADR 039) on a real app and database, scraped from their own port and parsed
 * as a scraper parses them: a request in its route's histogram (the route pattern, never the raw URL), a cache hit on
 * the hit counter, the outbox gauges following a queued mail, the search index's size, and the endpoint nowhere on
 * the API's own listener.
 */
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import { mailOutbox } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Exposition, parsePrometheusText, samplesOf, sampleValue } from '../../../e2e/support/prometheus-text.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { callEndpoint, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type Buyer, createBuyer } from './support/signed-in-users.ts';
import { createTestApp, TEST_JWT_SECRET } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;

beforeAll(async () => {
  // Port 0: any free port, as a test needs; the host is the default, loopback.
  testApp = await createTestApp({ METRICS_PORT: '0' });
  await setVatRates(testApp.db, { eu: 2500, us: 0 });
  await createProduct(testApp.db, 'METRICS-1');
  await setPrice(testApp.db, { productId: 'METRICS-1', currencyCode: 'EUR', unitPriceMinor: 1000 });
  buyer = await createBuyer(testApp, { username: 'metrics-buyer', customer: { areaId: 'eu' } });
});

afterAll(async () => {
  await testApp?.close();
});

async function scrape(): Promise<Exposition> {
  const address = testApp.app.metricsAddress();
  if (address === null) throw new Error('the metrics do not listen');
  expect(address.address).toBe('127.0.0.1');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parsePrometheusText(await response.text());
}

const HEALTH = { method: 'GET', route: '/api/health', status_class: '2xx' };

describe('request metrics', () => {
  it("counts a request in its route's latency histogram, by route pattern and status class", async () => {
    const before = await scrape();
    expect(before.types.get('http_request_duration_seconds')).toBe('histogram');
    const countBefore = sampleValue(before, 'http_request_duration_seconds_count', HEALTH) ?? 0;

    expectOk(healthEndpoints.getHealth, await callEndpoint(testApp.app, healthEndpoints.getHealth));
    const after = await scrape();
    expect(sampleValue(after, 'http_request_duration_seconds_count', HEALTH)).toBe(countBefore + 1);
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...HEALTH, le: '+Inf' })).toBe(countBefore + 1);
    expect(sampleValue(after, 'http_request_duration_seconds_sum', HEALTH)).toBeGreaterThan(0);
  });

  it('labels an unmatched path "unmatched" and a route with a parameter by its pattern: the raw URL never shows', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/no-such-call/8c1f2a?token=abc' });
    await testApp.app.inject({ method: 'GET', url: '/images/raw/not-base64-at-all' });
    const text = await (await fetch(`http://127.0.0.1:${testApp.app.metricsAddress()?.port}/metrics`)).text();
    const exposition = parsePrometheusText(text);
    expect(
      sampleValue(exposition, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-call');
    expect(text).not.toContain('not-base64-at-all');
    const routes = new Set(samplesOf(exposition, 'http_request_duration_seconds_count').map((s) => s.labels.route));
    for (const route of routes) expect(route === 'unmatched' || route?.startsWith('/')).toBe(true);
  });
});

describe('what is read when scraped', () => {
  async function getPrice() {
    return expectOk(
      priceEndpoints.getPrices,
      await callEndpoint(testApp.app, priceEndpoints.getPrices, {
        token: buyer.token,
        body: { currencyCode: 'EUR', products: [{ productId: 'METRICS-1' }] },
      }),
    );
  }
  const priceLookups = (exposition: Exposition, result: 'hit' | 'miss') =>
    sampleValue(exposition, 'b2b_cache_lookups_total', { cache: 'price', result }) ?? 0;

  it("moves the cache's hit counter on a repeated price look-up, from the registry GetCacheUsage reads", async () => {
    await getPrice(); // a miss, then cached
    const before = await scrape();
    expect(before.types.get('b2b_cache_lookups_total')).toBe('counter');
    await getPrice();
    const after = await scrape();
    expect(priceLookups(after, 'hit')).toBe(priceLookups(before, 'hit') + 1);
    expect(priceLookups(after, 'miss')).toBe(priceLookups(before, 'miss'));
    expect(sampleValue(after, 'b2b_cache_entries', { cache: 'price' })).toBeGreaterThan(0);
    expect(sampleValue(after, 'b2b_cache_bytes', { cache: 'price' })).toBeGreaterThan(0);
    // every cache the instance registered, with both results
    const types = testApp.app.caches.read().map((cache) => cache.type);
    for (const type of types) {
      expect(sampleValue(after, 'b2b_cache_lookups_total', { cache: type, result: 'miss' })).toBeDefined();
    }
  });

  it('follows a queued mail in the outbox gauges, and lets it go once sent', async () => {
    const before = await scrape();
    const pendingBefore = sampleValue(before, 'b2b_mail_outbox_pending');
    expect(pendingBefore).toBeDefined();

    const writtenAt = new Date(Date.now() - 90_000);
    const [mail] = await testApp.db
      .insert(mailOutbox)
      .values({ toAddress: 'metrics@example.com', subject: 'Metrics', textBody: 'A mail', createdAt: writtenAt })
      .returning({ id: mailOutbox.id });
    const queued = await scrape();
    expect(sampleValue(queued, 'b2b_mail_outbox_pending')).toBe((pendingBefore ?? 0) + 1);
    expect(sampleValue(queued, 'b2b_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(90);

    await testApp.db
      .update(mailOutbox)
      .set({ sentAt: new Date() })
      .where(eq(mailOutbox.id, mail?.id ?? ''));
    const sent = await scrape();
    expect(sampleValue(sent, 'b2b_mail_outbox_pending')).toBe(pendingBefore);
    // Delivery is off here (no SMTP_URL): this instance sent, retried and gave up nothing.
    expect(sampleValue(sent, 'b2b_mail_delivery_total', { result: 'failed' })).toBe(0);
  });

  it("reports the search index's products and age, the database kind, and Node's event-loop delay and memory", async () => {
    const exposition = await scrape();
    expect(sampleValue(exposition, 'b2b_search_index_products')).toBe(testApp.app.searchIndex.catalogue.index.size);
    expect(sampleValue(exposition, 'b2b_search_index_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(exposition, 'b2b_database_info', { kind: testApp.database.kind })).toBe(1);
    // PGlite has no pool; on PostgreSQL (TEST_DATABASE_URL) the pool's connections are there.
    expect(sampleValue(exposition, 'b2b_db_pool_max_connections') !== undefined).toBe(
      testApp.database.kind === 'postgres',
    );
    expect(sampleValue(exposition, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(exposition, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('the PostgreSQL pool (TEST_DATABASE_URL; PGlite has none)', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "reports the pool's open, idle and waiting connections and its maximum",
    async () => {
      const exposition = await scrape();
      const connections = sampleValue(exposition, 'b2b_db_pool_connections') ?? 0;
      expect(connections).toBeGreaterThanOrEqual(1);
      expect(sampleValue(exposition, 'b2b_db_pool_idle_connections')).toBeLessThanOrEqual(connections);
      expect(sampleValue(exposition, 'b2b_db_pool_waiting_requests')).toBe(0);
      expect(sampleValue(exposition, 'b2b_db_pool_max_connections')).toBe(testApp.database.poolUsage?.().max);
    },
  );
});

describe('where the metrics are served', () => {
  it('not on the API listener: /metrics there is a 404 like any unknown path', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('on their own port only at GET /metrics', async () => {
    const port = testApp.app.metricsAddress()?.port;
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('nowhere without METRICS_PORT, and never on the API port', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.metricsAddress()).toBeNull();
    } finally {
      await plain.close();
    }
    const config = { NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET };
    expect(() => loadConfig({ ...config, API_PORT: '4100', METRICS_PORT: '4100' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...config, METRICS_PORT: '4000' })).toThrow('METRICS_PORT: must differ from API_PORT');
    expect(loadConfig({ ...config, METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
  });
});
