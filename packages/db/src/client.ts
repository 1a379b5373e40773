/**
 * One way to open the database: PostgreSQL when a URL is given (or DATABASE_URL is set), otherwise the embedded
 * PGlite persisted to a folder. Both return the same drizzle `Database` type, so callers never branch on the kind.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QueryTracer } from '@b2b/contract/tracing';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as tables from './schema.ts';
import { traceQueriesOfPglite, traceQueriesOfPool } from './traced-clients.ts';

/**
 * The tables, as drizzle is given them. No relations: the repositories join with the query builder
 * (`select().from(…).innerJoin(…)`), and nothing uses relational queries (`db.query.<table>`).
 */
export const fullSchema = { ...tables };
export type FullSchema = typeof fullSchema;

/** The drizzle database, the same type for PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, FullSchema>;
/** A transaction handle (`db.transaction(async (tx) => …)`); accepted wherever a `Database` is (see `Executor`). */
export type Transaction = PgTransaction<PgQueryResultHKT, FullSchema>;
/** Either a database or a transaction: use this for repository parameters. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** Ends the pool or closes PGlite (which flushes it to its data folder). */
  close(): Promise<void>;
  /**
   * The PostgreSQL pool's connections now (the API's metrics, ADR 039); undefined on PGlite, which has one connection
   * inside the process and no pool to wait for.
   */
  poolUsage?: () => PoolUsage;
  /**
   * From now on runs each statement through `traceQuery`, which makes it a span of the request it serves (the API's
   * traces, ADR 043). Never called when tracing is off: the driver's client stays as it is.
   */
  traceQueries?: (traceQuery: QueryTracer) => void;
};

/** A node-postgres pool's connections: open, idle among them, requests waiting for one, and the most it opens. */
export type PoolUsage = { total: number; idle: number; waiting: number; max: number };

export type CreateDatabaseOptions = {
  /** postgres:// URL; defaults to `process.env.DATABASE_URL`. When set, PostgreSQL is used. */
  url?: string | undefined;
  /** PGlite data folder, or 'memory' for a throwaway in-memory database (tests). */
  dataDir?: string | 'memory' | undefined;
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number | undefined;
  /**
   * A read replica's pool (ADR 042): every transaction read-only (a write is refused even by a server that is not a
   * standby), named `b2b-api-read-replica` in pg_stat_activity, and a connection attempt given up after 2 s so a
   * replica that is down sends reads to the primary quickly. PostgreSQL only.
   */
  readOnly?: boolean | undefined;
};

/** The application_name of a read replica's connections (ADR 042), as pg_stat_activity and the server's log show. */
export const READ_REPLICA_APPLICATION_NAME = 'b2b-api-read-replica';

/** The repository root (this file lives at packages/db/src/client.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The default PGlite folder: `PGLITE_DATA_DIR` or `<repo>/.data/pglite`. */
export function resolvePgliteDataDir(): string {
  return process.env.PGLITE_DATA_DIR || path.join(REPO_ROOT, '.data', 'pglite');
}

/**
 * PGlite's own start parameters plus a smaller buffer pool. PostgreSQL's default `shared_buffers` of 128 MB sits in
 * PGlite's WASM memory, touched at start, inside the API's process (issue 12: ≈ 100 MB of an idle API's resident
 * memory). 32 MB holds the demo catalogue many times over; PGlite reads what is not buffered from its data folder,
 * through the operating system's file cache. A PostgreSQL server keeps its own setting.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the database. PostgreSQL (node-postgres Pool) when `url` or `DATABASE_URL` is set, else PGlite in
 * `dataDir` (default {@link resolvePgliteDataDir}). Migrations are not applied here: call `migrate()`.
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url) {
    const max = options.maxConnections ?? 10;
    const pool = new pg.Pool({
      connectionString: url,
      max,
      ...(options.readOnly && {
        application_name: READ_REPLICA_APPLICATION_NAME,
        options: '-c default_transaction_read_only=on',
        connectionTimeoutMillis: 2000,
      }),
    });
    // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL client error:', error.message));
    const db = drizzleNodePg({ client: pool, schema: fullSchema }) satisfies Database;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      traceQueries: (traceQuery) => traceQueriesOfPool(pool, traceQuery),
    };
  }
  if (options.readOnly) throw new Error('A read replica is a PostgreSQL server: give its postgres:// URL.');
  const dataDir = options.dataDir ?? resolvePgliteDataDir();
  let client: PGlite;
  if (dataDir === 'memory') {
    client = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  } else {
    mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS });
  }
  const db = drizzlePglite({ client, schema: fullSchema }) satisfies Database;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
    traceQueries: (traceQuery) => traceQueriesOfPglite(client, traceQuery),
  };
}

/**
 * The rows of a `db.execute(sql…)` result. node-postgres returns a `QueryResult` and PGlite a `Results`; both carry
 * `rows`, but the drizzle type for the shared `Database` is opaque, hence this helper.
 */
export function rows<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] } | null)?.rows ?? []) as T[];
}

/** Runs raw SQL on either driver and returns its rows. */
export async function queryRows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  return rows<T>(await db.execute(query));
}
