/**
 * Several API instances on one PostgreSQL database, as production runs them (docs/operations.md): each instance is
 * a real app built by `build()` from a config whose DATABASE_URL names the same database, so each has its own pool,
 * its own search index and its own mail worker. What they share must hold across them:
 * (a) a catalogue change made through one instance reaches the other's search index (NOTIFY product_changes);
 * (b) instances starting at the same time on an empty database migrate it once (advisory lock);
 * (c) two mail workers on one outbox send each mail once (claims);
 * (d) the LISTEN connection comes back after it dropped, even when the database refused connections for a while;
 * (e) a cache invalidation and a redirect written through one instance reach the other within 5 s (ADR 030, 037).
 *
 * PGlite lives inside one process, so none of this can happen there: the file runs only with TEST_DATABASE_URL
 * (`.ci/run` and `npm test` set it when PostgreSQL is at hand).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { debugEndpoints } from '@b2b/contract/endpoints/debug';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { redirectsEndpoints } from '@b2b/contract/endpoints/redirects';
import { createDatabase, type DatabaseHandle, hashPassword, MIGRATIONS_FOLDER, migrate, seedDatabase } from '@b2b/db';
import { mailOutbox, products } from '@b2b/db/schema';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { sendMail } from '../src/modules/mail/mail.ts';
import { notifyProductChanges, PRODUCT_CHANGES_CHANNEL } from '../src/modules/search/search.repository.ts';
import { callEndpoint, expectOk } from './support/endpoint-calls.ts';
import { type SmtpTestServer, startSmtpTestServer } from './support/smtp-test-server.ts';
import { EU_AREA, login, TEST_JWT_SECRET } from './support/test-app.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/** Polls `check` until it returns true; fails with `what` after `timeoutMs`. */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs one statement on the server named by TEST_DATABASE_URL (its maintenance database), outside the test database. */
async function runOnServer(statement: string): Promise<void> {
  const admin = await createDatabase({ url: ADMIN_URL, maxConnections: 1 });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

/** A new empty database on the test server; `drop()` removes it (and ends every connection to it). */
async function createEmptyDatabase() {
  const name = `test_multi_${randomBytes(6).toString('hex')}`;
  await runOnServer(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL ?? '');
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runOnServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** One API instance on the database at `databaseUrl`, as `npm start` would build it with DATABASE_URL set. */
function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return build(loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: databaseUrl, ...env }));
}

/** Migrations the repository holds (drizzle's journal), so the count follows new migrations. */
function committedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

describe.skipIf(!ADMIN_URL)('two API instances on one PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  describe('start-up', () => {
    let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
    const instances: FastifyInstance[] = [];
    beforeAll(async () => {
      database = await createEmptyDatabase();
    });
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await database?.drop();
    });

    it('migrates an empty database once when three instances start at the same time', async () => {
      const started = await Promise.allSettled([1, 2, 3].map(() => startInstance(database.url)));
      for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const inspector = await createDatabase({ url: database.url, maxConnections: 1 });
      const applied = await inspector.db
        .select({ hash: sql<string>`hash` })
        .from(sql`drizzle.__drizzle_migrations`)
        .then((rows) => rows.map((row) => row.hash))
        .finally(() => inspector.close());
      // Each migration recorded once: a second run of one would have failed on CREATE TABLE or recorded it twice.
      expect(applied).toHaveLength(committedMigrationCount());
      expect(new Set(applied).size).toBe(applied.length);
    });
  });

  describe('running side by side', () => {
    let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
    let seeded: DatabaseHandle;
    let smtp: SmtpTestServer;
    let first: FastifyInstance;
    let second: FastifyInstance;

    beforeAll(async () => {
      database = await createEmptyDatabase();
      seeded = await createDatabase({ url: database.url, maxConnections: 2 });
      await migrate(seeded);
      await seedDatabase(seeded.db, { products: 50, seed: 1, demoPasswordHash: await hashPassword('demo') });
      smtp = await startSmtpTestServer();
      // Both instances deliver mail every 100 ms (the shortest allowed) to the same SMTP server: their passes overlap all the time.
      const mailEnv = { SMTP_URL: smtp.url, MAIL_DELIVERY_INTERVAL_MS: '100' };
      [first, second] = await Promise.all([startInstance(database.url, mailEnv), startInstance(database.url, mailEnv)]);
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
      await seeded?.close();
      await smtp?.close();
      await database?.drop();
    });

    /** Products the instance's search finds for `text` (its in-process index, through the public endpoint). */
    async function searchTotal(instance: FastifyInstance, text: string): Promise<number> {
      const response = await callEndpoint(instance, productEndpoints.getProductsBySearch, {
        body: { area: EU_AREA, search: text },
      });
      return expectOk(productEndpoints.getProductsBySearch, response).itemsTotal;
    }

    /** Renames a product through `instance`'s own database pool and tells every listener, as a catalogue writer does. */
    async function renameProduct(instance: FastifyInstance, name: string): Promise<void> {
      const db = instance.database.db;
      const [product] = await db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
      if (!product) throw new Error('the seeded catalogue is empty');
      await db.update(products).set({ name }).where(eq(products.id, product.id));
      await notifyProductChanges(db);
    }

    /** Backends of the test database that LISTEN on the catalogue channel (one per instance). */
    async function listeningBackends(): Promise<number[]> {
      const rows = await seeded.db
        .select({ pid: sql<number>`pid` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() and query = ${`LISTEN ${PRODUCT_CHANGES_CHANNEL}`}`);
      return rows.map((row) => row.pid);
    }

    it('sees a catalogue change made through the other instance in its search index', async () => {
      expect(await searchTotal(second, 'quasarboard')).toBe(0);
      await renameProduct(first, 'Quasarboard Pro');
      await eventually('the second instance finds the renamed product', async () => {
        return (await searchTotal(second, 'quasarboard')) === 1;
      });
      expect(await searchTotal(first, 'quasarboard')).toBe(1);
    });

    it("empties the other instance's cache within 5 s when an invalidation is requested on one (issue 28)", async () => {
      const facetsOf = (instance: FastifyInstance) =>
        instance.caches.read().find((cache) => cache.type === 'search-facets')?.entries ?? 0;
      await searchTotal(second, 'board');
      expect(facetsOf(second)).toBeGreaterThan(0);
      const { accessToken } = await login(first, 'backoffice', 'demo');

      // The first instance lists the second with its caches (each reports when ready and every 5 s).
      const usage = expectOk(
        debugEndpoints.getCacheUsage,
        await callEndpoint(first, debugEndpoints.getCacheUsage, { token: accessToken }),
      );
      expect(usage.instances.map((instance) => instance.instanceId)).toEqual(
        expect.arrayContaining([first.cacheInstance.instanceId, second.cacheInstance.instanceId]),
      );

      const requestedAt = Date.now();
      expectOk(
        debugEndpoints.invalidateCacheByType,
        await callEndpoint(first, debugEndpoints.invalidateCacheByType, {
          token: accessToken,
          body: { type: 'search-facets' },
        }),
      );
      await eventually("the second instance's facet counts are emptied", async () => facetsOf(second) === 0, 5_000);
      expect(Date.now() - requestedAt).toBeLessThan(5_000);
    });

    it('follows a redirect written through one instance on the other within 5 s (issues 28, 29; ADR 037)', async () => {
      const redirectOf = async (instance: FastifyInstance, url: string) => {
        const response = await callEndpoint(instance, contentEndpoints.getRedirectByUrl, {
          query: { 'Area.AreaId': 'eu', 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'EUR', Url: url },
        });
        return response.statusCode === 404 ? null : expectOk(contentEndpoints.getRedirectByUrl, response).redirectUrl;
      };
      // Both maps loaded before the change, as on instances that have served pages.
      expect(await redirectOf(second, '/multi-instance-old')).toBeNull();
      expect(await redirectOf(first, '/multi-instance-old')).toBeNull();
      const { accessToken } = await login(first, 'backoffice', 'demo');

      const writtenAt = Date.now();
      expectOk(
        redirectsEndpoints.updateRedirect,
        await callEndpoint(first, redirectsEndpoints.updateRedirect, {
          token: accessToken,
          body: { area: 'eu', fromPath: '/multi-instance-old', toUrl: '/snow', status: 301 },
        }),
      );
      // The writing instance at once; the other once it has seen the invalidation.
      expect(await redirectOf(first, '/multi-instance-old')).toBe('/snow');
      await eventually(
        'the second instance follows the new redirect',
        async () => (await redirectOf(second, '/multi-instance-old')) === '/snow',
        5_000,
      );
      expect(Date.now() - writtenAt).toBeLessThan(5_000);
    });

    it('sends every mail of the shared outbox once, though both instances deliver it', async () => {
      const subjects = Array.from({ length: 30 }, (_, index) => `Multi-instance mail ${index + 1}`);
      // One transaction: every mail becomes due at the same moment, for both workers.
      await seeded.db.transaction(async (tx) => {
        for (const subject of subjects) {
          await sendMail(tx, { to: 'buyer@example.test', subject, text: subject, kind: 'multi-instance-test' });
        }
      });
      await eventually('every mail is marked sent', async () => {
        const [row] = await seeded.db
          .select({ unsent: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(isNull(mailOutbox.sentAt));
        return row?.unsent === 0;
      });
      const receivedSubjects = smtp.received.map((mail) => mail.subject).sort();
      expect(receivedSubjects).toEqual([...subjects].sort());
    });

    it('listens again after the LISTEN connection dropped while the database refused connections', async () => {
      const dropped = await listeningBackends();
      expect(dropped).toHaveLength(2);
      // A failover or restart as the instances see it: every connection to the database ends, and for a while no new
      // one is accepted (longer than one reconnect delay, so a single retry is not enough).
      await runOnServer(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS false`);
      await runOnServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}'`);
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      await runOnServer(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);

      await eventually(
        'both instances listen again on new connections',
        async () => {
          const now = await listeningBackends().catch(() => []);
          return now.length === 2 && now.every((pid) => !dropped.includes(pid));
        },
        30_000,
      );
      // The rebuild that follows a reconnect (changes may have been missed) must not be what finds the change below.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await renameProduct(first, 'Nebulaboard Pro');
      await eventually('the second instance finds the product renamed after the reconnect', async () => {
        return (await searchTotal(second, 'nebulaboard')) === 1;
      });
    }, 60_000);
  });
});
