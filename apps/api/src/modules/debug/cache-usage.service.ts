/**
 * Debug/GetCacheUsage and InvalidateCacheByType (spec §7, issue 28, ADR 030). Every instance writes what its caches
 * hold to cache_usage_reports every few seconds (API instances themselves, storefront processes through
 * ReportWebCacheUsage); an invalidation is a row of cache_invalidations that every instance applies when it polls.
 */
import {
  CACHE_TYPES,
  CACHE_USAGE_REPORT_MAX_AGE_MS,
  type CacheType,
  type GetCacheUsageResponse,
  type InvalidateCacheByTypeResponse,
  type ReportedCacheInstance,
  type ReportWebCacheUsageResponse,
} from '@b2b/contract';
import type { CacheUsageReading } from '@b2b/contract/cache-registry';
import { inTransaction, type RequestContext, requireUser } from '../../context.ts';
import { validationError } from '../../errors.ts';
import { requireInternalApiSecret } from '../../lib/secret-comparison.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import {
  type CacheInvalidationRow,
  type CacheUsageReportRow,
  deleteCacheUsageReport,
  deleteCacheUsageReportsBefore,
  findCacheInvalidationsAfter,
  findCacheInvalidationsSince,
  findCacheUsageReportsSince,
  findLastCacheInvalidationId,
  insertCacheInvalidation,
  upsertCacheUsageReport,
} from './cache-usage.repository.ts';

/** Reports of instances silent this long are deleted (they stopped without saying so, e.g. a crash). */
const STALE_REPORT_RETENTION_MS = 60 * 60_000;

/** A running process with caches: an API instance or a storefront process. */
export type CacheInstance = {
  instanceId: string;
  app: 'api' | 'web';
  hostname: string;
  pid: number;
  startedAt: Date;
};

export type CacheInstanceReport = CacheInstance & { caches: CacheUsageReading[] };

function toReportedInstance(row: CacheUsageReportRow): ReportedCacheInstance {
  return {
    instanceId: row.instanceId,
    app: row.app as ReportedCacheInstance['app'],
    hostname: row.hostname,
    pid: row.pid,
    startedAt: row.startedAt.toISOString(),
    reportedAt: row.reportedAt.toISOString(),
    caches: row.caches as CacheUsageReading[],
  };
}

/**
 * GET /backoffice/api/Debug/GetCacheUsage (backoffice): every instance that reported within
 * CACHE_USAGE_REPORT_MAX_AGE_MS; the answering instance (`current`) as it is now rather than as last reported.
 */
export async function getCacheUsage(
  ctx: RequestContext,
  input: { current: CacheInstanceReport; now?: Date },
): Promise<GetCacheUsageResponse> {
  const now = input.now ?? new Date();
  const rows = await findCacheUsageReportsSince(ctx.db, new Date(now.getTime() - CACHE_USAGE_REPORT_MAX_AGE_MS));
  const others = rows.filter((row) => row.instanceId !== input.current.instanceId).map(toReportedInstance);
  const current: ReportedCacheInstance = {
    ...input.current,
    startedAt: input.current.startedAt.toISOString(),
    reportedAt: now.toISOString(),
  };
  const instances = [current, ...others].sort(
    (a, b) =>
      a.app.localeCompare(b.app) ||
      a.hostname.localeCompare(b.hostname) ||
      a.startedAt.localeCompare(b.startedAt) ||
      a.pid - b.pid,
  );
  return { instances };
}

/**
 * POST /backoffice/api/Debug/InvalidateCacheByType (backoffice): records the invalidation with its audit entry in
 * one transaction. The caller empties its own instance's cache; every instance (that one too) applies it when it
 * next polls.
 */
export async function invalidateCacheByType(
  ctx: RequestContext,
  input: { type: CacheType },
): Promise<InvalidateCacheByTypeResponse> {
  const user = requireUser(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const row = await insertCacheInvalidation(txCtx.db, { cacheType: input.type, requestedByUserId: user.id });
    await recordAuditEntry(txCtx, {
      objectType: 'cache',
      objectId: input.type,
      action: 'invalidate',
      summary: `Cache "${input.type}" emptied on every instance`,
      after: { invalidationId: row.id, type: input.type },
    });
    return { type: input.type, invalidationId: row.id, requestedAt: row.requestedAt.toISOString() };
  });
}

/**
 * Asks every instance to empty one type of cache, in the caller's transaction, as part of a change that makes its
 * entries wrong (a campaign edit empties the storefront's campaign lists, which it otherwise keeps for minutes). The
 * change's own audit entry says what happened; this adds none.
 */
export async function requestCacheInvalidation(ctx: RequestContext, input: { type: CacheType }): Promise<void> {
  const user = requireUser(ctx);
  await insertCacheInvalidation(ctx.db, { cacheType: input.type, requestedByUserId: user.id });
}

/** Writes an instance's report and deletes the reports of instances long silent. */
export async function writeCacheUsageReport(ctx: RequestContext, report: CacheInstanceReport): Promise<void> {
  const now = new Date();
  await upsertCacheUsageReport(ctx.db, { ...report, reportedAt: now });
  await deleteCacheUsageReportsBefore(ctx.db, new Date(now.getTime() - STALE_REPORT_RETENTION_MS));
}

/** Removes a stopping instance's report, so it leaves the list at once rather than after 15 s. */
export async function removeCacheUsageReport(ctx: RequestContext, input: { instanceId: string }): Promise<void> {
  await deleteCacheUsageReport(ctx.db, input.instanceId);
}

/** The id an instance starts polling after: invalidations before its start concern caches it never filled. */
export async function findLastCacheInvalidation(ctx: RequestContext): Promise<number> {
  return findLastCacheInvalidationId(ctx.db);
}

/** Invalidations after `afterId`, oldest first. */
export async function findNewCacheInvalidations(
  ctx: RequestContext,
  input: { afterId: number },
): Promise<CacheInvalidationRow[]> {
  return findCacheInvalidationsAfter(ctx.db, input.afterId);
}

/**
 * POST /internal/api/Debug/ReportWebCacheUsage: a storefront process's report in, the invalidations it has not seen
 * out. Only with the secret both apps share (ADR 030); without one configured, nobody may call it.
 */
export async function reportWebCacheUsage(
  ctx: RequestContext,
  input: {
    instance: Omit<CacheInstanceReport, 'startedAt'> & { startedAt: string };
    afterInvalidationId: number | null;
    givenSecret: string | undefined;
    configuredSecret: string | undefined;
  },
): Promise<ReportWebCacheUsageResponse> {
  requireInternalApiSecret(input.givenSecret, input.configuredSecret);
  if (input.instance.app !== 'web') throw validationError('instance.app', 'must be web');
  const startedAt = new Date(input.instance.startedAt);
  await writeCacheUsageReport(ctx, { ...input.instance, startedAt });
  const invalidations =
    input.afterInvalidationId === null
      ? await findCacheInvalidationsSince(ctx.db, startedAt)
      : await findCacheInvalidationsAfter(ctx.db, input.afterInvalidationId);
  const last = invalidations.at(-1)?.id ?? input.afterInvalidationId ?? (await findLastCacheInvalidationId(ctx.db));
  return {
    // a type this version does not know (written by a newer one) names no cache the storefront has
    invalidations: invalidations.flatMap((row) =>
      (CACHE_TYPES as readonly string[]).includes(row.cacheType)
        ? [{ id: row.id, type: row.cacheType as CacheType }]
        : [],
    ),
    lastInvalidationId: last,
  };
}
