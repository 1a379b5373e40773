/**
 * Debug calls (spec §7 back office; issue 28, ADR 030): the caches of every API and storefront instance, and
 * emptying one type of them everywhere; plus the storefront's own report, which carries its caches to the API.
 */
import { CACHE_TYPES } from '../constants.ts';
import {
  getCacheUsageResponse,
  internalApiHeaders,
  invalidateCacheByTypeBody,
  invalidateCacheByTypeResponse,
  reportWebCacheUsageBody,
  reportWebCacheUsageResponse,
} from '../debug.ts';
import { defineEndpoint } from '../endpoint.ts';

export const debugEndpoints = {
  getCacheUsage: defineEndpoint({
    method: 'GET',
    path: '/backoffice/api/Debug/GetCacheUsage',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'The caches of every API and storefront instance: entries, bytes, hits, misses, oldest entry',
    description:
      'Each instance reports every 5 s; instances silent for 15 s are left out. The answering API instance reads its ' +
      'own caches at the time of the call.',
    response: getCacheUsageResponse,
  }),
  invalidateCacheByType: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Debug/InvalidateCacheByType',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Empties one type of cache on every API and storefront instance (within 5 s)',
    description:
      `The type is one of ${CACHE_TYPES.join(', ')}; another answers 400 naming these. The answering instance ` +
      'empties its cache at once, every other instance within 2 s (they poll for invalidations), and the request is ' +
      'written to the audit log.',
    body: invalidateCacheByTypeBody,
    response: invalidateCacheByTypeResponse,
  }),
  reportWebCacheUsage: defineEndpoint({
    method: 'POST',
    path: '/internal/api/Debug/ReportWebCacheUsage',
    // Not a user's call: a storefront process sends it every 2 s with the secret both apps share (INTERNAL_API_SECRET).
    // Without that secret, or when the API has none configured, it answers 401 (ADR 030).
    policy: 'public',
    tag: 'Operations',
    summary: "A storefront process's cache usage in, the cache invalidations it has not applied out",
    description:
      'Requires the X-Internal-Api-Secret header holding INTERNAL_API_SECRET (401 otherwise, also when the API has ' +
      'none). Stores the report (GetCacheUsage lists it) and answers the invalidations after `afterInvalidationId`.',
    headers: internalApiHeaders,
    body: reportWebCacheUsageBody,
    response: reportWebCacheUsageResponse,
    errors: [401],
  }),
};
