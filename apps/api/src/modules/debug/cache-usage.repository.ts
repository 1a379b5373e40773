/** Drizzle queries of the caches' reports and invalidations (issue 28, ADR 030). */
import type { Executor } from '@b2b/db';
import { cacheInvalidations, cacheUsageReports } from '@b2b/db/schema';
import { asc, eq, gt, gte, lt, max } from 'drizzle-orm';

export type CacheUsageReportRow = typeof cacheUsageReports.$inferSelect;
export type CacheInvalidationRow = typeof cacheInvalidations.$inferSelect;

/** Writes an instance's report, replacing its previous one. */
export async function upsertCacheUsageReport(
  db: Executor,
  report: Omit<CacheUsageReportRow, 'reportedAt'> & { reportedAt: Date },
): Promise<void> {
  await db
    .insert(cacheUsageReports)
    .values(report)
    .onConflictDoUpdate({
      target: cacheUsageReports.instanceId,
      set: { caches: report.caches, reportedAt: report.reportedAt },
    });
}

export async function findCacheUsageReportsSince(db: Executor, since: Date): Promise<CacheUsageReportRow[]> {
  return db.select().from(cacheUsageReports).where(gte(cacheUsageReports.reportedAt, since));
}

export async function deleteCacheUsageReportsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(cacheUsageReports).where(lt(cacheUsageReports.reportedAt, before));
}

export async function deleteCacheUsageReport(db: Executor, instanceId: string): Promise<void> {
  await db.delete(cacheUsageReports).where(eq(cacheUsageReports.instanceId, instanceId));
}

export async function insertCacheInvalidation(
  db: Executor,
  invalidation: { cacheType: string; requestedByUserId: string },
): Promise<CacheInvalidationRow> {
  const [row] = await db.insert(cacheInvalidations).values(invalidation).returning();
  if (row === undefined) throw new Error('The cache invalidation was not written.');
  return row;
}

/** The id of the latest invalidation; 0 when there is none. */
export async function findLastCacheInvalidationId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(cacheInvalidations.id) }).from(cacheInvalidations);
  return row?.id ?? 0;
}

/** Invalidations after `afterId`, oldest first. */
export async function findCacheInvalidationsAfter(db: Executor, afterId: number): Promise<CacheInvalidationRow[]> {
  return db
    .select()
    .from(cacheInvalidations)
    .where(gt(cacheInvalidations.id, afterId))
    .orderBy(asc(cacheInvalidations.id));
}

/** Invalidations requested at or after `since`, oldest first (a process's first report: those since it started). */
export async function findCacheInvalidationsSince(db: Executor, since: Date): Promise<CacheInvalidationRow[]> {
  return db
    .select()
    .from(cacheInvalidations)
    .where(gte(cacheInvalidations.requestedAt, since))
    .orderBy(asc(cacheInvalidations.id));
}
