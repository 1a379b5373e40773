/**
 * `npm run bench:metrics --workspace apps/web`: what the storefront's request metrics (ADR 039) add to each request,
 * on the built app (`npm run build` first): the middleware server.mjs mounts with WEB_METRICS_PORT — the route
 * pattern of the path (compiled and ranked once) and one histogram observation — over the shop's paths in turn, a
 * catch-all content page (every pattern tried) among them, against the same loop without it. Written to
 * <repo>/bench/results/web-metrics.txt.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REQUESTS = 200_000;
const PATHS = [
  '/search',
  '/customer-center/orders/123',
  '/snowboards/burton-custom',
  '/',
  '/backoffice/orders/5',
  '/assets/root.js',
];

type Middleware = (request: object, response: EventEmitter, next: () => void) => void;

/** Microseconds a request for `REQUESTS` fake requests answered at once, with `middleware` or without. */
function timeRequests(middleware: Middleware | null): number {
  const startedAt = performance.now();
  for (let index = 0; index < REQUESTS; index++) {
    const response = Object.assign(new EventEmitter(), { statusCode: 200 });
    if (middleware) middleware({ method: 'GET', path: PATHS[index % PATHS.length] }, response, () => {});
    else response.once('finish', () => {});
    response.emit('finish');
  }
  return ((performance.now() - startedAt) / REQUESTS) * 1000;
}

const build = await import(new URL('../build/server/index.js', import.meta.url).href);
const middleware: Middleware = build.entry.module.createRequestMetrics(build.routes);
timeRequests(middleware); // warm-up
timeRequests(null);
const rounds = [0, 1, 2, 3, 4].map(() => ({ on: timeRequests(middleware), off: timeRequests(null) }));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const added = median(rounds.map((round) => round.on - round.off));
const lines = [
  `# Storefront request metrics cost (ADR 039), ${new Date().toISOString()}`,
  `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
  `${REQUESTS} requests a round over ${PATHS.length} paths, 5 rounds, each with and without the middleware`,
  `added a request (median of the rounds): ${added.toFixed(2)} µs`,
];
for (const line of lines) console.log(line);
const file = path.join(REPO_ROOT, 'bench', 'results', 'web-metrics.txt');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${lines.join('\n')}\n`);
process.exit(0);
