/**
 * The read replica (issue 30, ADR 042), on a real streaming standby: a throwaway primary and a hot standby of it
 * (pg_basebackup -R, scripts/lib/postgres-cluster.mjs), the standby logging every statement with its application name.
 * Two API instances use DATABASE_URL = the primary and DATABASE_READ_URL = the standby. Replay on the standby is paused
 * (pg_wal_replay_pause) to make it visibly behind, which proves where a read was answered:
 * (a) a product read by a buyer returns the standby's older value while staff read the primary's; a buyer who then
 *     places an order reads their order and the product fresh, and another instance finds the new order too;
 * (b) a replica further behind than READ_REPLICA_MAX_LAG_MS is no longer read from;
 * (c) the search index is loaded from the standby once it has replayed the change that triggered the rebuild, and
 *     from the primary when the standby does not replay it within the allowed lag;
 * (d) nothing is written to the standby, and LISTEN stays on the primary;
 * (e) with the standby stopped, every read is answered by the primary and the metrics count the fallbacks.
 *
 * It needs PostgreSQL's server binaries (it starts clusters of its own), so it runs in `npm test`'s PostgreSQL phase.
 */
import { readFileSync } from 'node:fs';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import {
  createDatabase,
  type DatabaseHandle,
  hashPassword,
  migrate,
  READ_REPLICA_APPLICATION_NAME,
  seedDatabase,
} from '@b2b/db';
import { products } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { notifyProductChanges } from '../src/modules/search/search.repository.ts';
import { createCartWithLines, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type BuyerWithAddress, createBuyer, createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { EU_AREA, TEST_JWT_SECRET } from './support/test-app.ts';

type Cluster = { url: string; port: number; logFile: string; stop(): void };
type ClusterModule = {
  startThrowawayCluster(options: { binDir: string; firstPort?: number }): Promise<Cluster>;
  startStandbyCluster(options: {
    binDir: string;
    primaryPort: number;
    database?: string;
    serverOptions?: string[];
  }): Promise<Cluster>;
};
type SystemPackagesModule = { findPostgresBinDir(): string | undefined };

const { findPostgresBinDir } = (await import(
  new URL('../../../scripts/lib/system-packages.mjs', import.meta.url).href
)) as SystemPackagesModule;
const { startThrowawayCluster, startStandbyCluster } = (await import(
  new URL('../../../scripts/lib/postgres-cluster.mjs', import.meta.url).href
)) as ClusterModule;

const BIN_DIR = process.env.TEST_DATABASE_URL ? findPostgresBinDir() : undefined;
/** The test's allowed lag: long enough for a few requests while replay is paused on a busy machine. */
const MAX_LAG_MS = 8000;
const DATABASE_NAME = 'shop';
const PRODUCT_ID = 'R-100';
const VARIANT_ID = 'R-100-01';

/** Polls `check` until it returns true; fails with `what` after `timeoutMs`. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!BIN_DIR)('a read replica by DATABASE_READ_URL (needs PostgreSQL server binaries)', () => {
  let primaryCluster: Cluster;
  let standbyCluster: Cluster;
  let primary: DatabaseHandle;
  let standby: DatabaseHandle;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let buyer: BuyerWithAddress;
  let staff: SignedInUser;

  beforeAll(async () => {
    const binDir = BIN_DIR ?? '';
    primaryCluster = await startThrowawayCluster({ binDir, firstPort: Number(process.env.TEST_PG_PORT) || undefined });
    const primaryUrl = primaryCluster.url.replace(/\/postgres$/, `/${DATABASE_NAME}`);
    const admin = await createDatabase({ url: primaryCluster.url, maxConnections: 1 });
    await admin.db.execute(sql.raw(`CREATE DATABASE ${DATABASE_NAME}`));
    await admin.close();
    primary = await createDatabase({ url: primaryUrl, maxConnections: 2 });
    await migrate(primary);
    await seedDatabase(primary.db, { products: 30, seed: 1, demoPasswordHash: await hashPassword('demo') });
    await setVatRates(primary.db, { eu: 2500 });
    await createProduct(primary.db, PRODUCT_ID, [VARIANT_ID]);
    await primary.db.update(products).set({ name: 'Replica anvil' }).where(eq(products.id, PRODUCT_ID));
    await setPrice(primary.db, { productId: PRODUCT_ID, currencyCode: 'EUR', unitPriceMinor: 10_000 });
    await setStock(primary.db, VARIANT_ID, 100);

    // Every statement in the standby's log with the name of the connection that sent it (`<name>@`).
    standbyCluster = await startStandbyCluster({
      binDir,
      primaryPort: primaryCluster.port,
      database: DATABASE_NAME,
      serverOptions: ['log_statement=all', 'log_line_prefix=%a@'],
    });
    standby = await createDatabase({ url: standbyCluster.url, maxConnections: 1 });

    const start = () =>
      build(
        loadConfig({
          NODE_ENV: 'test',
          JWT_SECRET: TEST_JWT_SECRET,
          DATABASE_URL: primaryUrl,
          DATABASE_READ_URL: standbyCluster.url,
          READ_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
          METRICS_PORT: '0',
        }),
      );
    [first, second] = await Promise.all([start(), start()]);
    buyer = await createBuyer({ app: first, db: primary.db }, { username: 'replica-buyer', address: true });
    staff = await createStaff({ app: first, db: primary.db }, { username: 'replica-staff' });
    await eventually('both instances read from the standby', () =>
      [first, second].every((instance) => instance.readReplica?.state === 'up'),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await Promise.all([primary?.close(), standby?.close().catch(() => undefined)]);
    standbyCluster?.stop();
    primaryCluster?.stop();
  });

  const pauseReplay = () => standby.db.execute(sql`select pg_wal_replay_pause()`);
  const resumeReplay = () => standby.db.execute(sql`select pg_wal_replay_resume()`);

  async function productName(instance: FastifyInstance, token: string | null): Promise<string | undefined> {
    const response = await callEndpoint(instance, productEndpoints.getProductsByIds, {
      token,
      body: { area: EU_AREA, ids: [PRODUCT_ID] },
    });
    return expectOk(productEndpoints.getProductsByIds, response).items[PRODUCT_ID]?.name;
  }

  async function searchTotal(instance: FastifyInstance, text: string): Promise<number> {
    const response = await callEndpoint(instance, productEndpoints.getProductsBySearch, {
      body: { area: EU_AREA, search: text },
    });
    return expectOk(productEndpoints.getProductsBySearch, response).itemsTotal;
  }

  /** The instance's metrics page (METRICS_PORT=0: a port of its own). */
  async function scrape(instance: FastifyInstance): Promise<string> {
    const address = instance.metricsAddress();
    if (address === null) throw new Error('no metrics listener');
    return (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text();
  }

  function metricValue(page: string, series: string): number {
    const line = page.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
  }

  /** The statements the API's replica pool sent to the standby, one line each (continuation lines left out). */
  function replicaStatements(): string[] {
    return readFileSync(standbyCluster.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`${READ_REPLICA_APPLICATION_NAME}@`));
  }

  it("serves a buyer's product reads from the replica, staff and a buyer who just ordered from the primary", async () => {
    expect(await productName(first, buyer.token)).toBe('Replica anvil');
    const repliesBefore = first.readReplica?.totals.replica ?? 0;

    await pauseReplay();
    try {
      await primary.db.update(products).set({ name: 'Replica anvil heron' }).where(eq(products.id, PRODUCT_ID));
      // Announced: each instance's index rebuild waits for the standby to replay the rename, then reads the primary.
      await notifyProductChanges(primary.db);
      // The standby has not replayed the rename: a buyer (and an anonymous visitor) still reads the older name there.
      expect(await productName(first, buyer.token)).toBe('Replica anvil');
      expect(await productName(first, null)).toBe('Replica anvil');
      expect(await productName(second, null)).toBe('Replica anvil');
      expect(first.readReplica?.totals.replica).toBeGreaterThan(repliesBefore);
      // Staff edit the catalogue and always read the primary.
      expect(await productName(first, staff.token)).toBe('Replica anvil heron');

      // The buyer places an order: their next reads go to the primary, which has both the order and the rename.
      const cartId = await createCartWithLines(
        primary.db,
        { customerId: buyer.customerId, userId: buyer.userId },
        [{ productId: PRODUCT_ID, variantId: VARIANT_ID, quantity: 2 }],
        { shippingAddress: buyer.address, shippingMethodId: 'eu-standard' },
      );
      const placed = expectOk(
        orderEndpoints.createOrderByCartId,
        await callEndpoint(first, orderEndpoints.createOrderByCartId, {
          token: buyer.token,
          body: { area: EU_AREA, cartId },
        }),
        201,
      );
      const orderOn = async (instance: FastifyInstance) =>
        expectOk(
          orderEndpoints.getOrderByCartId,
          await callEndpoint(instance, orderEndpoints.getOrderByCartId, {
            token: buyer.token,
            body: { area: EU_AREA, cartId },
          }),
        ).order.orderId;
      expect(await orderOn(first)).toBe(placed.order.orderId);
      expect(await productName(first, buyer.token)).toBe('Replica anvil heron');
      const orders = expectOk(
        customerCenterEndpoints.getOrders,
        await callEndpoint(first, customerCenterEndpoints.getOrders, { token: buyer.token, body: { area: EU_AREA } }),
      );
      expect(orders.orders.map((order) => order.orderId)).toContain(placed.order.orderId);

      // The other instance knows nothing of the write: the standby misses the order, the primary has it.
      const notFoundBefore = second.readReplica?.totals.fallbacks.not_found ?? 0;
      expect(await orderOn(second)).toBe(placed.order.orderId);
      expect(second.readReplica?.totals.fallbacks.not_found).toBe(notFoundBefore + 1);

      // Paused for longer than the allowed lag, the standby is left alone: every read goes to the primary.
      await eventually('the first instance sees the standby lagging', () => first.readReplica?.state === 'lagging');
      expect(await productName(first, null)).toBe('Replica anvil heron');
      const page = await scrape(first);
      expect(metricValue(page, 'b2b_read_replica_up')).toBe(0);
      expect(metricValue(page, 'b2b_read_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_MS / 1000);
      expect(metricValue(page, 'b2b_read_replica_fallbacks_total{reason="lagging"}')).toBeGreaterThan(0);
      // The index was not built from the standby, which still has the old name.
      await eventually('the index, loaded from the primary, finds the new name', async () => {
        return (await searchTotal(first, 'heron')) === 1;
      });
    } finally {
      await resumeReplay();
    }
    await eventually('the standby is in use again', () => first.readReplica?.state === 'up');
    expect(await productName(first, null)).toBe('Replica anvil heron');
  }, 45_000);

  it('loads the search index from the standby once it has replayed the change that triggered the rebuild', async () => {
    // The catalogue's product chunks (search.repository.ts): a load reads at least one, and one more that finds none.
    const loads = () => replicaStatements().filter((line) => line.includes('string_agg(record, chr(30)')).length;
    // Each instance built its index at start from the standby.
    expect(loads()).toBeGreaterThanOrEqual(2 * 2);
    const loadsBefore = loads();
    await primary.db.update(products).set({ name: 'Replica kingfisher' }).where(eq(products.id, PRODUCT_ID));
    await notifyProductChanges(primary.db);
    await eventually('both instances find the renamed product', async () => {
      return (await searchTotal(first, 'kingfisher')) === 1 && (await searchTotal(second, 'kingfisher')) === 1;
    });
    expect(loads()).toBeGreaterThan(loadsBefore);
  });

  it('writes nothing to the standby and listens on the primary', async () => {
    const statements = replicaStatements();
    expect(statements.length).toBeGreaterThan(0);
    const log = readFileSync(standbyCluster.logFile, 'utf8');
    expect(log).not.toMatch(/read-only transaction|during recovery|recovery is in progress/);
    const writes = statements.filter((line) =>
      /:\s*(insert|update|delete|listen|notify|select pg_notify)\b/i.test(line),
    );
    expect(writes).toEqual([]);
    const listeners = await primary.db.execute(
      sql`select count(*)::int as count from pg_stat_activity where datname = ${DATABASE_NAME} and query like 'LISTEN%'`,
    );
    expect((listeners as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(2);
  });

  it('answers every read from the primary when the standby is stopped, and counts it', async () => {
    await standby.close();
    standbyCluster.stop();
    expect(await productName(first, null)).toBe('Replica kingfisher');
    expect(await productName(second, buyer.token)).toBe('Replica kingfisher');
    expect(await searchTotal(first, 'kingfisher')).toBe(1);
    const orders = expectOk(
      customerCenterEndpoints.getOrders,
      await callEndpoint(second, customerCenterEndpoints.getOrders, { token: buyer.token, body: { area: EU_AREA } }),
    );
    expect(orders.orders).toHaveLength(1);
    await eventually('the instance sees the standby unavailable', () => first.readReplica?.state === 'unavailable');
    expect(await productName(first, null)).toBe('Replica kingfisher');
    const page = await scrape(first);
    expect(metricValue(page, 'b2b_read_replica_up')).toBe(0);
    const fallbacks =
      metricValue(page, 'b2b_read_replica_fallbacks_total{reason="error"}') +
      metricValue(page, 'b2b_read_replica_fallbacks_total{reason="unavailable"}');
    expect(fallbacks).toBeGreaterThanOrEqual(2);
    // The cart still works: a write never touched the replica anyway.
    expectOk(
      cartEndpoints.getOrCreateCart,
      await callEndpoint(first, cartEndpoints.getOrCreateCart, { token: buyer.token, body: { area: EU_AREA } }),
    );
  });
});
