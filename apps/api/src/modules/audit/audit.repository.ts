/** Drizzle queries of the audit log (issue 28). */
import type { Executor } from '@b2b/db';
import { auditEntries } from '@b2b/db/schema';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';

export type NewAuditEntry = typeof auditEntries.$inferInsert;
export type AuditEntryRow = typeof auditEntries.$inferSelect;

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditEntries).values(entry);
}

export type AuditEntryFilter = {
  /** Compared case-insensitively: usernames are stored lower-case, a search may be typed otherwise. */
  actorUsername?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
  text?: string | undefined;
};

function entryConditions(filter: AuditEntryFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actorUsername)
    conditions.push(sql`lower(${auditEntries.actorUsername}) = ${filter.actorUsername.toLowerCase()}`);
  if (filter.objectType) conditions.push(eq(auditEntries.objectType, filter.objectType));
  if (filter.objectId) conditions.push(eq(auditEntries.objectId, filter.objectId));
  if (filter.action) conditions.push(eq(auditEntries.action, filter.action));
  if (filter.from) conditions.push(gte(auditEntries.occurredAt, filter.from));
  if (filter.before) conditions.push(lt(auditEntries.occurredAt, filter.before));
  if (filter.text) conditions.push(sql`${auditEntries.summary} ilike ${containsPattern(filter.text)}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The matching entries, newest first (`limit` from `offset`), and how many match in all. */
export async function searchAuditEntries(
  db: Executor,
  filter: AuditEntryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const where = entryConditions(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.occurredAt), desc(auditEntries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditEntries).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
