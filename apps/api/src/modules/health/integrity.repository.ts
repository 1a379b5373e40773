/** Queries of the integrity report: applied migrations and the mail outbox backlog. */
import { type Executor, queryRows } from '@b2b/db';
import { mailOutbox } from '@b2b/db/schema';
import { sql } from 'drizzle-orm';

/** Rows in drizzle's journal table (both migrators of packages/db/src/migrate.ts keep it there). */
export async function countAppliedMigrations(db: Executor): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row?.count ?? 0;
}

/** Mails neither sent nor given up, and the age of the oldest in seconds by the database's clock (0 when none). */
export async function findMailBacklog(db: Executor): Promise<{ waiting: number; oldestAgeSeconds: number }> {
  const [row] = await queryRows<{ waiting: number; oldestAgeSeconds: number }>(
    db,
    sql`select count(*)::int as waiting,
               coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8 as "oldestAgeSeconds"
          from ${mailOutbox}
         where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null`,
  );
  return { waiting: row?.waiting ?? 0, oldestAgeSeconds: row?.oldestAgeSeconds ?? 0 };
}
