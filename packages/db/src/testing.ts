/**
 * Test databases. `createTestDatabase()` gives every caller a fresh, migrated and seeded database:
 * - with `TEST_DATABASE_URL` set: a new database `test_<random>` on that PostgreSQL server, dropped by `close()`;
 * - otherwise: an in-memory PGlite. Creating PGlite from scratch (initdb) costs seconds, so the first call builds a
 *   migrated + seeded template, dumps it, and later calls load the dump (about 1 s). The dump is also cached on disk
 *   under node_modules/.cache, keyed by a hash of the migrations and seed sources, so other test files (other
 *   vitest workers) skip the template build too.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseHandle, fullSchema, REPO_ROOT } from './client.ts';
import { migrate } from './migrate.ts';
import { hashPassword } from './password.ts';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { seedDatabase } from './seed/seed-database.ts';
import { traceQueriesOfPglite } from './traced-clients.ts';

export type CreateTestDatabaseOptions = {
  /** Catalogue size (default 200). */
  products?: number;
  /** PRNG seed (default 1, the same data as `npm run db:seed`). */
  seed?: number;
  /** Migrated but with empty tables (for tests of the seed itself). */
  empty?: boolean;
};

/** Default catalogue size for tests: big enough for paging and facets, small enough to seed in well under a second. */
export const TEST_PRODUCT_COUNT = 200;

let demoPasswordHash: Promise<string> | undefined;
/** The demo password hashed once per process: argon2id is deliberately slow. */
function getDemoPasswordHash(): Promise<string> {
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  return demoPasswordHash;
}

async function migrateAndSeed(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  options: Required<CreateTestDatabaseOptions>,
) {
  await migrate(database);
  if (options.empty) return;
  await seedDatabase(database.db, {
    products: options.products,
    seed: options.seed,
    demoPasswordHash: await getDemoPasswordHash(),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

async function createPostgresTestDatabase(
  adminUrl: string,
  options: Required<CreateTestDatabaseOptions>,
): Promise<DatabaseHandle> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), maxConnections: 5 });
  const dropDatabase = async () => {
    await database.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await cleanup.end();
    }
  };
  try {
    await migrateAndSeed(database, options);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return { ...database, close: dropDatabase };
}

// ---------------------------------------------------------------------------------------------------------------
// PGlite

const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'b2b-db-test');
const templates = new Map<string, Promise<Blob>>();

/** Hash of everything that shapes the template: migrations, schema, seed code, options. */
function computeTemplateKey(options: Required<CreateTestDatabaseOptions>): string {
  const hash = createHash('sha256');
  const addFolder = (folder: string) => {
    const files = readdirSync(folder, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) {
      hash.update(path.relative(PACKAGE_ROOT, file));
      hash.update(readFileSync(file));
    }
  };
  addFolder(path.join(PACKAGE_ROOT, 'migrations'));
  addFolder(path.join(PACKAGE_ROOT, 'src', 'seed'));
  hash.update(readFileSync(path.join(PACKAGE_ROOT, 'src', 'schema.ts')));
  addFolder(path.join(PACKAGE_ROOT, 'src', 'schema'));
  hash.update(JSON.stringify(options));
  return hash.digest('hex').slice(0, 24);
}

async function buildPgliteTemplate(key: string, options: Required<CreateTestDatabaseOptions>): Promise<Blob> {
  const file = path.join(CACHE_DIR, `${key}.tar`);
  try {
    return new Blob([readFileSync(file)], { type: 'application/x-tar' });
  } catch {
    // Not cached yet: build it below.
  }
  const client = await PGlite.create();
  try {
    const db: Database = drizzlePglite({ client, schema: fullSchema });
    await migrateAndSeed({ db, kind: 'pglite' }, options);
    const dump = await client.dumpDataDir('none');
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      // Write then rename, so a parallel worker never reads half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } catch {
      // The disk cache is only an optimisation.
    }
    return dump;
  } finally {
    await client.close();
  }
}

async function createPgliteTestDatabase(options: Required<CreateTestDatabaseOptions>): Promise<DatabaseHandle> {
  const key = computeTemplateKey(options);
  let template = templates.get(key);
  if (!template) {
    template = buildPgliteTemplate(key, options);
    templates.set(key, template);
    template.catch(() => templates.delete(key));
  }
  const client = await PGlite.create({ loadDataDir: await template });
  const db: Database = drizzlePglite({ client, schema: fullSchema });
  // Cheap safety net: applies nothing when the template is current.
  await migrate({ db, kind: 'pglite' });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    traceQueries: (traceQuery) => traceQueriesOfPglite(client, traceQuery),
  };
}

/**
 * A fresh, migrated and seeded database for one test file (or test). Always call `close()` (e.g. in `afterAll`).
 * Seeded with the demo logins (password `demo`) and `products` products, unless `empty` is set.
 */
export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const resolved = {
    products: options.products ?? TEST_PRODUCT_COUNT,
    seed: options.seed ?? 1,
    empty: options.empty ?? false,
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresTestDatabase(adminUrl, resolved) : createPgliteTestDatabase(resolved);
}
