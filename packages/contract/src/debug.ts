/** Back office Debug calls (spec §7, issue 28): the caches of every instance, and emptying one type everywhere. */
import { z } from 'zod';
import { CACHE_TYPES } from './constants.ts';

export const cacheTypeSchema = z.enum(CACHE_TYPES).describe(`A cache type: one of ${CACHE_TYPES.join(', ')}.`);

export const cacheUsageSchema = z
  .object({
    type: cacheTypeSchema,
    entries: z.number().int().min(0).describe('Entries held now.'),
    bytes: z
      .number()
      .int()
      .min(0)
      .describe(
        'Estimated size of the data: the mean JSON length of up to 32 entries at 2 bytes a character, times the ' +
          "entries (V8's object overhead not included); the page and image caches report the bytes they weigh.",
      ),
    hits: z.number().int().min(0).describe('Look-ups answered from the cache since the instance started.'),
    misses: z.number().int().min(0).describe('Look-ups the cache could not answer since the instance started.'),
    oldestEntryAt: z.iso
      .datetime()
      .nullable()
      .describe('When the entry written longest ago was written; null when the cache keeps no write times.'),
  })
  .strict();
export type CacheUsage = z.infer<typeof cacheUsageSchema>;

export const CACHE_INSTANCE_APPS = ['api', 'web'] as const;

/** One running process with its caches: an API instance, or one storefront process (one per core, ADR 022). */
export const cacheInstanceSchema = z
  .object({
    instanceId: z.string().min(1).max(100).describe('Chosen by the instance at start: unique per process.'),
    app: z.enum(CACHE_INSTANCE_APPS).describe('`api` or `web` (a storefront process).'),
    hostname: z.string().min(1).max(255),
    pid: z.number().int().min(0),
    startedAt: z.iso.datetime().describe('When the process started.'),
    caches: z.array(cacheUsageSchema).max(CACHE_TYPES.length),
  })
  .strict();

export const reportedCacheInstanceSchema = cacheInstanceSchema
  .extend({ reportedAt: z.iso.datetime().describe('When the instance last reported.') })
  .strict();
export type ReportedCacheInstance = z.infer<typeof reportedCacheInstanceSchema>;

export const getCacheUsageResponse = z.object({
  instances: z
    .array(reportedCacheInstanceSchema)
    .describe('Every instance that reported in the last 15 s, API instances first, then by host and start.'),
});
export type GetCacheUsageResponse = z.infer<typeof getCacheUsageResponse>;

export const invalidateCacheByTypeBody = z
  .object({ type: cacheTypeSchema.describe(`The cache type to empty: one of ${CACHE_TYPES.join(', ')}.`) })
  .strict();

export const invalidateCacheByTypeResponse = z.object({
  type: cacheTypeSchema,
  invalidationId: z.number().int().describe('The invalidation, in the order instances apply them.'),
  requestedAt: z.iso.datetime(),
});
export type InvalidateCacheByTypeResponse = z.infer<typeof invalidateCacheByTypeResponse>;

/** The header that carries the secret the API and the storefront share (INTERNAL_API_SECRET). */
export const INTERNAL_API_SECRET_HEADER = 'x-internal-api-secret';
export const MIN_INTERNAL_API_SECRET_LENGTH = 32;
export const MAX_INTERNAL_API_SECRET_LENGTH = 200;

export const internalApiHeaders = z.looseObject({
  [INTERNAL_API_SECRET_HEADER]: z
    .string()
    .max(MAX_INTERNAL_API_SECRET_LENGTH)
    .optional()
    .describe('The secret the API and the storefront share (INTERNAL_API_SECRET).'),
});

export const reportWebCacheUsageBody = z
  .object({
    instance: cacheInstanceSchema.describe('The storefront process and its caches now.'),
    afterInvalidationId: z
      .number()
      .int()
      .min(0)
      .nullable()
      .describe('The last invalidation the process applied; null on its first report (then those since its start).'),
  })
  .strict();

export const reportWebCacheUsageResponse = z.object({
  invalidations: z
    .array(z.object({ id: z.number().int(), type: cacheTypeSchema }))
    .describe('Invalidations after `afterInvalidationId`, oldest first: the process empties these types.'),
  lastInvalidationId: z.number().int().min(0).describe('Send it as `afterInvalidationId` next time.'),
});
export type ReportWebCacheUsageResponse = z.infer<typeof reportWebCacheUsageResponse>;
