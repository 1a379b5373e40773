/**
 * The storefront's Prometheus metrics (issue 30, ADR 039), kept only when WEB_METRICS_PORT is set: each request's
 * duration by method, route pattern and status class, this process's caches (read from `webCaches`, the registry
 * Debug/GetCacheUsage reads, ADR 030), and Node's own (event-loop delay, memory, CPU, GC) from prom-client's defaults.
 *
 * server.mjs serves them on their own port (server-metrics.mjs): a process running alone serves `readMetrics()`; under
 * the supervisor (ADR 022) each server process hands it to the supervisor at each scrape, and the supervisor answers
 * all of them, each labelled with its process's pid: one scrape target a host, whatever WEB_PROCESSES is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { registerCacheMetrics } from '@b2b/contract/cache-metrics';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { webCaches } from './web-caches.server.ts';

/**
 * Seconds. A cached page answers in a millisecond or two, a rendered listing in tens of milliseconds, a first image
 * resize in about a second; 10 s is where the storefront gives up on the API.
 */
const REQUEST_DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Served by server.mjs before React Router: one label each, whatever file is asked for. */
const STATIC_PREFIXES = ['/assets/', '/builds/'] as const;
/** The route label of a path no route matches. */
const UNMATCHED_ROUTE = 'unmatched';

/** A route of React Router's server build (`build.routes`): flat, each naming its parent. */
export type BuildRoute = { id: string; parentId?: string | undefined; path?: string | undefined; index?: boolean };

const registry = new Registry();
let isCollecting = false;

/** Starts collecting (once): Node's default metrics and the caches; the request histogram fills through the middleware. */
function startCollecting(): void {
  if (isCollecting) return;
  isCollecting = true;
  collectDefaultMetrics({ register: registry });
  registerCacheMetrics(registry, webCaches);
}

/** React Router's ranking of route paths (its `computeScore`): static segments beat parameters, a splat comes last. */
function routeScore(pattern: string, isIndex: boolean): number {
  const segments = pattern.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (isIndex ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** A route pattern as a regular expression, matched as React Router matches (case-insensitive, a trailing `/` allowed). */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/*$`, 'i');
}

/**
 * The route pattern a path is answered by, e.g. `/customer-center/orders/:orderId`: the label of its requests, never
 * the path itself (ids and search words would make a series per URL). Static files are `/assets/*` and `/builds/*`;
 * content and product pages, which the catch-all route answers, are all `/*`. React Router's own `matchRoutes` ranks
 * and compiles every route on each call (≈ 2 ms for the shop's routes); the patterns are compiled and ranked once
 * here, and metrics.server.test.ts checks the answers against `matchRoutes`.
 */
export function createRoutePatternResolver(routes: Record<string, BuildRoute | undefined>): (path: string) => string {
  const fullPattern = (route: BuildRoute): string => {
    const segments: string[] = [];
    for (let current: BuildRoute | undefined = route; current; current = routes[current.parentId ?? '']) {
      if (current.path) segments.unshift(current.path.replace(/^\/+|\/+$/g, ''));
    }
    return `/${segments.filter((segment) => segment !== '').join('/')}`;
  };
  const candidates = Object.values(routes)
    .filter((route): route is BuildRoute => route !== undefined && (route.path !== undefined || route.index === true))
    .map((route) => {
      const pattern = fullPattern(route);
      return { pattern, regExp: patternRegExp(pattern), score: routeScore(pattern, route.index === true) };
    })
    .sort((a, b) => b.score - a.score);
  return (path) => {
    const prefix = STATIC_PREFIXES.find((candidate) => path.startsWith(candidate));
    if (prefix !== undefined) return `${prefix}*`;
    return candidates.find((candidate) => candidate.regExp.test(path))?.pattern ?? UNMATCHED_ROUTE;
  };
}

/** `2xx`, `4xx`, …: the class is what alerts need, and it keeps the label to five values. */
function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * Express middleware (Express gives the request its `path`) timing each request from its arrival to the last byte handed to the connection, labelled by
 * method, route pattern and status class. Mounted first, so refusals, static files and cached pages count too. A
 * request whose connection closes before its answer is finished is not counted.
 */
export function createRequestMetrics(routes: Record<string, BuildRoute | undefined>) {
  startCollecting();
  const routePattern = createRoutePatternResolver(routes);
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_DURATION_BUCKETS,
    registers: [registry],
  });
  return (request: IncomingMessage & { path?: string }, response: ServerResponse, next: () => void) => {
    const startedAt = performance.now();
    response.once('finish', () => {
      requestDuration.observe(
        {
          method: request.method,
          route: routePattern(request.path ?? new URL(request.url ?? '/', 'http://localhost').pathname),
          status_class: statusClass(response.statusCode),
        },
        (performance.now() - startedAt) / 1000,
      );
    });
    next();
  };
}

/** This process's metrics in the text format (server-metrics.mjs serves them, labelled with the process's pid). */
export async function readMetrics(): Promise<string> {
  startCollecting();
  return registry.metrics();
}
