/**
 * Makes the API instance one of the instances Debug/GetCacheUsage lists (ADR 030): it reports its caches every
 * CACHE_USAGE_REPORT_INTERVAL_MS, and empties a cache type whenever an invalidation appears in the database (polled
 * every CACHE_INVALIDATION_POLL_INTERVAL_MS), whichever instance it was requested on.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  CACHE_INVALIDATION_POLL_INTERVAL_MS,
  CACHE_TYPES,
  CACHE_USAGE_REPORT_INTERVAL_MS,
  type CacheType,
} from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAnonymousContext } from '../../context.ts';
import {
  type CacheInstance,
  findLastCacheInvalidation,
  findNewCacheInvalidations,
  removeCacheUsageReport,
  writeCacheUsageReport,
} from './cache-usage.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This API instance as GetCacheUsage lists it. */
    cacheInstance: CacheInstance;
  }
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(CACHE_TYPES);
/** A row written by a newer version may name a type this one does not know: it has no such cache to empty. */
const isKnownCacheType = (type: string): type is CacheType => KNOWN_TYPES.has(type);

export const cacheUsagePlugin = fp(
  async (fastify: FastifyInstance) => {
    const instance: CacheInstance = {
      instanceId: randomUUID(),
      app: 'api',
      hostname: hostname(),
      pid: process.pid,
      startedAt: new Date(),
    };
    fastify.decorate('cacheInstance', instance);
    const ctx = () => createAnonymousContext(fastify.database.db, 'cache-usage');
    let lastInvalidationId = await findLastCacheInvalidation(ctx());

    // One pass of each kind at a time; a slow database skips a tick rather than piling passes up.
    let polling: Promise<unknown> | null = null;
    const poll = () => {
      if (polling) return;
      polling = findNewCacheInvalidations(ctx(), { afterId: lastInvalidationId })
        .then((invalidations) => {
          for (const invalidation of invalidations) {
            if (isKnownCacheType(invalidation.cacheType)) fastify.caches.invalidate(invalidation.cacheType);
            lastInvalidationId = invalidation.id;
          }
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'polling cache invalidations failed'))
        .finally(() => {
          polling = null;
        });
    };
    let reporting: Promise<unknown> | null = null;
    const report = () => {
      if (reporting) return;
      reporting = writeCacheUsageReport(ctx(), { ...instance, caches: fastify.caches.read() })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'reporting cache usage failed'))
        .finally(() => {
          reporting = null;
        });
    };
    const pollTimer = setInterval(poll, CACHE_INVALIDATION_POLL_INTERVAL_MS);
    pollTimer.unref();
    const reportTimer = setInterval(report, CACHE_USAGE_REPORT_INTERVAL_MS);
    reportTimer.unref();
    fastify.addHook('onReady', async () => report());
    // Stop before the database closes (onClose hooks run in reverse order of registration), and leave the list.
    fastify.addHook('onClose', async () => {
      clearInterval(pollTimer);
      clearInterval(reportTimer);
      await Promise.all([polling, reporting]);
      await removeCacheUsageReport(ctx(), { instanceId: instance.instanceId }).catch((error: unknown) =>
        fastify.log.warn({ err: error }, 'removing the cache usage report failed'),
      );
    });
  },
  { name: 'cache-usage' },
);
