/**
 * The database side of the traces (ADR 043) on the driver the tests run on (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): once `traceQueries` is called, every statement drizzle sends, in a transaction too, passes
 * through the tracer exactly once, with its text, and its result or error comes back unchanged.
 */
import type { QueryTracer } from '@b2b/contract/tracing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { users } from './schema.ts';
import { createTestDatabase } from './testing.ts';

let database: DatabaseHandle;
const traced: string[] = [];
const recordingTracer: QueryTracer = (statement, run) => {
  traced.push(statement);
  return run();
};

beforeAll(async () => {
  database = await createTestDatabase({ products: 0 });
  database.traceQueries?.(recordingTracer);
});

afterAll(async () => {
  await database?.close();
});

it('passes each statement through the tracer once, with its text, and its rows back', async () => {
  traced.length = 0;
  const rows = await database.db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} = 'eu-buyer'`);
  expect(rows).toEqual([{ username: 'eu-buyer' }]);
  expect(traced).toHaveLength(1);
  expect(traced[0]).toMatch(/^select "username" from "users" where/);
});

it("traces a transaction's statements, which run on a client of their own", async () => {
  traced.length = 0;
  const count = await database.db.transaction(async (tx) => {
    const [row] = await tx.select({ value: sql<number>`count(*)::int` }).from(users);
    return row?.value;
  });
  expect(count).toBeGreaterThan(0);
  expect(traced.some((statement) => /^select count\(\*\)::int from "users"/.test(statement))).toBe(true);
});

it("lets a failing statement's error through unchanged", async () => {
  traced.length = 0;
  await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
  expect(traced).toEqual(['select * from no_such_table']);
});
