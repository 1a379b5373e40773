/**
 * Applies the SQL migrations in ../migrations at start-up. Both drizzle migrators record applied migrations in
 * `drizzle.__drizzle_migrations`, so calling this again is a no-op (idempotent).
 */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DatabaseHandle } from './client.ts';

/** The committed migrations folder, found relative to this module so it works from any working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary constant key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_351_642_001;

/** Brings the database schema up to date. Safe to call on every start, and from several instances at once. */
export async function migrate(database: Pick<DatabaseHandle, 'db' | 'kind'>): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  // Several API instances may start at once; without a lock two of them would both try to CREATE the same tables.
  // The lock is per session, so the whole migration runs on one pooled connection.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: connection }), config);
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    connection.release();
  }
}
