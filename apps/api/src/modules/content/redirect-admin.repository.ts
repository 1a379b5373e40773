/** Drizzle queries of the back office's redirects (issue 28): the table, the CSV, single and bulk writes. */
import { type Executor, queryRows } from '@b2b/db';
import { redirects } from '@b2b/db/schema';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { RedirectRow } from './redirect.repository.ts';

export type RedirectSearch = {
  areaId: string;
  text: string | undefined;
  status: number | undefined;
  offset: number;
  limit: number;
  sort: 'fromPath' | 'toUrl' | 'status' | 'updatedAt';
  descending: boolean;
};

const SORT_COLUMNS = {
  fromPath: redirects.fromPath,
  toUrl: redirects.toUrl,
  status: redirects.status,
  updatedAt: redirects.updatedAt,
} as const;

/** `%`, `_` and `\` typed by the editor match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of an area's redirects and how many match in all. */
export async function searchRedirects(
  db: Executor,
  search: RedirectSearch,
): Promise<{ rows: RedirectRow[]; totalCount: number }> {
  const conditions: SQL[] = [eq(redirects.areaId, search.areaId)];
  if (search.text) {
    const pattern = containsPattern(search.text);
    const textCondition = or(ilike(redirects.fromPath, pattern), ilike(redirects.toUrl, pattern));
    if (textCondition) conditions.push(textCondition);
  }
  if (search.status !== undefined) conditions.push(eq(redirects.status, search.status));
  const where = and(...conditions);
  const column = SORT_COLUMNS[search.sort];
  const rows = await db
    .select()
    .from(redirects)
    .where(where)
    // The from-path breaks ties, so pages never share or skip a row.
    .orderBy(search.descending ? desc(column) : asc(column), asc(redirects.fromPath))
    .limit(search.limit)
    .offset(search.offset);
  const [total] = await db.select({ value: count() }).from(redirects).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/**
 * Serialises the writes to an area's redirects until the transaction ends: an import and an edit at once cannot each
 * check against the redirects before the other's and together make a chain.
 */
export async function lockRedirectsOfArea(db: Executor, areaId: string): Promise<void> {
  await queryRows(db, sql`select pg_advisory_xact_lock(hashtextextended(${`redirects:${areaId}`}, 0))`);
}

/** Every redirect of an area, by from-path (the CSV export). */
export async function listRedirectsOfArea(db: Executor, areaId: string): Promise<RedirectRow[]> {
  return db.select().from(redirects).where(eq(redirects.areaId, areaId)).orderBy(asc(redirects.fromPath));
}

/** The area's redirects as from-path → target and status: the import compares with and checks against these. */
export async function listRedirectTargets(
  db: Executor,
  areaId: string,
): Promise<Array<{ fromPath: string; toUrl: string; status: number }>> {
  return db
    .select({ fromPath: redirects.fromPath, toUrl: redirects.toUrl, status: redirects.status })
    .from(redirects)
    .where(eq(redirects.areaId, areaId));
}

export async function findRedirectById(db: Executor, areaId: string, id: string): Promise<RedirectRow | null> {
  const [row] = await db
    .select()
    .from(redirects)
    .where(and(eq(redirects.areaId, areaId), eq(redirects.id, id)))
    .limit(1);
  return row ?? null;
}

/** A new redirect; null when the area has one from this path already (the unique index decides, also in a race). */
export async function insertRedirect(
  db: Executor,
  values: { areaId: string; fromPath: string; toUrl: string; status: number },
): Promise<RedirectRow | null> {
  const [row] = await db.insert(redirects).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Changes a redirect only if it is still as the editor read it: `updated_at` to the millisecond (the precision the
 * API answers it with). Null when another save came first (or the redirect is gone).
 */
export async function updateRedirectIfUnchanged(
  db: Executor,
  areaId: string,
  id: string,
  expectedUpdatedAt: Date,
  values: { fromPath: string; toUrl: string; status: number },
): Promise<RedirectRow | null> {
  const [row] = await db
    .update(redirects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(redirects.areaId, areaId),
        eq(redirects.id, id),
        sql`date_trunc('milliseconds', ${redirects.updatedAt}) = ${expectedUpdatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Creates or changes the area's redirects of these from-paths in one `insert … on conflict do update`; the rows go
 * as three array parameters (a parameter per value would make 200,000 of them, which PGlite parses slowly). Call it
 * inside the import's transaction.
 */
export async function upsertRedirects(
  db: Executor,
  areaId: string,
  rows: ReadonlyArray<{ fromPath: string; toUrl: string; status: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  await queryRows(
    db,
    sql`insert into ${redirects} (area_id, from_path, to_url, status)
        select ${areaId}, r.from_path, r.to_url, r.status
        from unnest(${sql.param(rows.map((row) => row.fromPath))}::text[],
                    ${sql.param(rows.map((row) => row.toUrl))}::text[],
                    ${sql.param(rows.map((row) => row.status))}::smallint[]) as r(from_path, to_url, status)
        on conflict (area_id, from_path)
        do update set to_url = excluded.to_url, status = excluded.status, updated_at = now()`,
  );
}

/** Deletes the area's redirects with these ids or from-paths; answers the rows deleted. */
export async function deleteRedirectsByIdsOrPaths(
  db: Executor,
  areaId: string,
  ids: readonly string[],
  fromPaths: readonly string[],
): Promise<RedirectRow[]> {
  const matches: SQL[] = [];
  if (ids.length > 0) matches.push(inArray(redirects.id, [...ids]));
  if (fromPaths.length > 0) matches.push(inArray(redirects.fromPath, [...fromPaths]));
  return db
    .delete(redirects)
    .where(and(eq(redirects.areaId, areaId), or(...matches)))
    .returning();
}

/** Deletes every redirect of an area; answers how many. */
export async function deleteRedirectsOfArea(db: Executor, areaId: string): Promise<number> {
  const deleted = await db.delete(redirects).where(eq(redirects.areaId, areaId)).returning({ id: redirects.id });
  return deleted.length;
}
