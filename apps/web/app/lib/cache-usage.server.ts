/**
 * This storefront process's caches as Debug/GetCacheUsage lists them (ADR 030). Each cache registers with
 * `webCaches` (web-caches.server.ts) under its type and counts its look-ups; `startCacheUsageReporting` (called by server.mjs once the
 * process listens) sends the registry's reading to the API every CACHE_INVALIDATION_POLL_INTERVAL_MS and empties the
 * types the API answers as invalidated since the last call. The storefront has no database: the API stores the report
 * and keeps the invalidations. The call carries INTERNAL_API_SECRET; without it the process reports nothing.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { CACHE_INVALIDATION_POLL_INTERVAL_MS, INTERNAL_API_SECRET_HEADER } from '@b2b/contract';
import { debugEndpoints } from '@b2b/contract/endpoints/debug';
import { isApiError, requestEndpoint } from './api.server.ts';
import { webConfig } from './config.server.ts';
import { webCaches } from './web-caches.server.ts';

const instance = {
  instanceId: randomUUID(),
  app: 'web' as const,
  hostname: hostname(),
  pid: process.pid,
  startedAt: new Date().toISOString(),
};

/** Sends one report and applies the invalidations answered; returns the last invalidation seen. */
async function reportOnce(secret: string, afterInvalidationId: number | null): Promise<number | null> {
  const answer = await requestEndpoint(
    debugEndpoints.reportWebCacheUsage,
    { body: { instance: { ...instance, caches: webCaches.read() }, afterInvalidationId } },
    { headers: { [INTERNAL_API_SECRET_HEADER]: secret } },
  );
  for (const invalidation of answer.invalidations) webCaches.invalidate(invalidation.type);
  return answer.lastInvalidationId;
}

let started = false;

/** Starts the reports of this process (once); a failed report is logged and the next one tries again. */
export function startCacheUsageReporting(): void {
  if (started) return;
  started = true;
  const secret = webConfig.internalApiSecret;
  if (secret === undefined) {
    console.warn(
      '[web] INTERNAL_API_SECRET is not set: this process reports no cache usage and applies no invalidations',
    );
    return;
  }
  let afterInvalidationId: number | null = null;
  let isReporting = false;
  let hasReported = false;
  let hasLoggedFailure = false;
  const timer = setInterval(() => {
    if (isReporting) return;
    isReporting = true;
    reportOnce(secret, afterInvalidationId)
      .then((last) => {
        afterInvalidationId = last;
        hasReported = true;
        hasLoggedFailure = false;
      })
      .catch((error: unknown) => {
        // An API still starting is no failure; an outage or a refused secret is logged once, not every 2 s.
        const isApiStarting = !hasReported && isApiError(error) && error.type === 'NetworkError';
        if (!isApiStarting && !hasLoggedFailure) {
          console.error(`[web] reporting cache usage failed: ${error instanceof Error ? error.message : error}`);
          hasLoggedFailure = true;
        }
      })
      .finally(() => {
        isReporting = false;
      });
  }, CACHE_INVALIDATION_POLL_INTERVAL_MS);
  timer.unref();
}
