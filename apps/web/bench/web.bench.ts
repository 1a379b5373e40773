/**
 * `npm run bench:web` (issue 12): the storefront's pages over HTTP against the built shop, as a browser asks for them
 * (`accept-encoding: gzip`), with React Router's own floor for a page of the same size in the same run.
 *
 * Starts its own shop (`npm start`: scripts/start.mjs with the built web and the API) on bench ports with its own
 * PGlite folder (seeded with the demo catalogue on first use), prints the memory (RSS) of every process the shop runs,
 * npm's own included, logs in as eu-buyer through the login form, has every server process render every page a few
 * times, then loads each page with autocannon after a short warm-up: /search logged in and anonymous, a product page of the demo
 * (the first result of /search, logged in), `/` anonymous and logged in. Anonymous pages come from the page cache
 * (app/lib/page-cache.server.ts) but for its first render every 5 s; the "rendered" rows ask for the same anonymous
 * pages as a hard reload (`Cache-Control: no-cache`), which the cache renders for each request. Each page is checked
 * before and after its run (status 200, its product or heading, logged in or not): a run that measured error pages
 * or a lost session stops the bench. After each page, bench/floor-server.tsx (React Router alone, no API call, the same compression)
 * serves a page of the same HTML size at the same concurrency. Last, the memory of the shop's processes again, and the
 * pages the web rendered twice (its one-pass render fell back, app/lib/render-fallbacks.server.ts) during the
 * measured runs, which must be none: the bench fails otherwise. Output also goes to bench/results/web.txt.
 *
 * `npm run bench:web -- --soak`: c=50 for 5 minutes over the same pages in turn, the web's RSS (and the API's)
 * sampled every 10 s; the web's RSS at the end within 1.3× of its RSS after the first minute
 * (bench/results/web-soak.txt).
 *
 * Environment: BENCH_CONNECTIONS (16; soak 50), BENCH_DURATION seconds (20; soak 300), BENCH_WARMUP seconds (3),
 * BENCH_WEB_PORT (3200), BENCH_API_PORT (4200), BENCH_FLOOR_PORT (3201), BENCH_WEB_DATA_DIR (<repo>/.data/bench-web),
 * WEB_PROCESSES (the web's server processes, and the floor's: one per core, server.mjs's default).
 * Needs the web built (`npm run build --workspace @b2b/web`). Run it on a quiet machine: the load generator, the web,
 * the API and the floor share its cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { childPids } from '../../../e2e/support/processes.ts';
import { RENDER_FALLBACK_LOG_PREFIX } from '../app/lib/render-fallbacks.server.ts';

const isSoak = process.argv.includes('--soak');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (isSoak ? 50 : 16));
const DURATION_S = Number(process.env.BENCH_DURATION ?? (isSoak ? 300 : 20));
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3200);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4200);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3201);
/** Server processes of the web (server.mjs's WEB_PROCESSES) and of the floor alike, so the two stay comparable. */
const WEB_PROCESSES = Number(process.env.WEB_PROCESSES || os.availableParallelism());
const RSS_SAMPLE_MS = 10_000;
/** Rounds of requests each page gets, two per server process at once, before any page is measured. */
const WARM_UP_ROUNDS = 4;
const SOAK_FIRST_MINUTE_MS = 60_000;
const SOAK_MAX_GROWTH = 1.3;

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WEB_DIR = path.join(REPO_ROOT, 'apps', 'web');
const DATA_DIR = process.env.BENCH_WEB_DATA_DIR || path.join(REPO_ROOT, '.data', 'bench-web');
const WEB = `http://127.0.0.1:${WEB_PORT}`;
const FLOOR = `http://127.0.0.1:${FLOOR_PORT}`;
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};
const LOGGED_IN = /\bLog out\b/;
const ANONYMOUS = /\bLog in\b/;

type Target = { perSecond: number; p95Ms?: number };
type Page = {
  name: string;
  path: string;
  loggedIn: boolean;
  /** Asked for as a hard reload (`Cache-Control: no-cache`): rendered for each request, past the page cache. */
  rendered?: boolean;
  /** The issue's target; none for the rendered rows, which show what a page the cache does not hold costs. */
  target: Target | null;
  mustContain: string;
};
type Load = {
  perSecond: number;
  /** CPU ms a response, per process asked for (same order as `cpuOf`). */
  cpuPerResponse: number[];
  p50: number;
  p95: number;
  p99: number;
  responses: number;
  failed: number;
  bytesPerAnswer: number;
};

// --- Report ---------------------------------------------------------------------------------------------------------

const lines: string[] = [];
function print(line = ''): void {
  console.log(line);
  lines.push(line);
}
function machineLine(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${load}`;
}
function saveReport(name: string): void {
  const file = path.join(REPO_ROOT, 'bench', 'results', `${name}.txt`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`\n[bench] written to ${path.relative(process.cwd(), file)}`);
}
const log = (message: string) => console.error(`[bench] ${message}`);

// --- Processes ------------------------------------------------------------------------------------------------------

const started: ChildProcess[] = [];

/** Starts a child and resolves once a line of its output matches `ready`; rejects when it ends first. */
function startChild(
  name: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; command?: string; onLine?: (line: string) => void },
) {
  const { cwd, env, ready, command = process.execPath } = options;
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const output: string[] = [];
  return new Promise<ChildProcess>((resolve, reject) => {
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        options.onLine?.(line);
        output.push(line);
        if (output.length > 40) output.shift();
        if (ready.test(line)) resolve(child);
      }
    };
    child.stdout?.on('data', onLine);
    child.stderr?.on('data', onLine);
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} ended (${signal ?? `code ${code}`}) before it was ready:\n${output.join('\n')}`)),
    );
  });
}

/**
 * Stops what this bench started, by PID. npm passes SIGTERM on to its script, which is the start script itself
 * (`exec` in the root package.json), and the start script stops the API and the web.
 */
async function stopChildren(): Promise<void> {
  await Promise.all(
    started.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}
/** VmRSS of a process in MB (0 once it has ended). */
function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}
/**
 * CPU time a process (all its threads) has used so far, in ms (`/proc/<pid>/stat` utime + stime, in USER_HZ ticks
 * of 10 ms). Per request, it shows where a page's time goes even when the load generator and the other processes
 * make the req/s noisy.
 */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // after "pid (comm) ", utime and stime are the 12th and 13th fields
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
const treeCpuMs = (pid: number) => [pid, ...descendants(pid)].reduce((sum, each) => sum + cpuMs(each), 0);
const treeRssMb = (pid: number) => [pid, ...descendants(pid)].reduce((sum, each) => sum + rssMb(each), 0);

/** The API's entry: the build (ADR 038) or the source with tsx (ADR 004), as scripts/lib/api-entry.mjs picks. */
const API_ENTRIES = ['dist/server.js', 'src/server.ts'];
const apiEntryOf = (pid: number) => API_ENTRIES.find((entry) => commandLine(pid).includes(entry));

/**
 * The web (server.mjs: its supervisor, whose children are its server processes) and the API (dist/server.js or
 * src/server.ts, with what it starts) among the processes `npm start` runs.
 */
function shopProcesses(shop: ChildProcess): { web: number; api: number } {
  const processes = descendants(shop.pid ?? 0);
  const web = processes.find((pid) => commandLine(pid).includes('server.mjs'));
  const api = processes.find((pid) => apiEntryOf(pid) !== undefined);
  if (!web || !api) throw new Error(`cannot find the web and the API among ${processes.join(', ')}`);
  return { web, api };
}

/** What each process of the shop is, by its command line (the web's server processes run server.mjs too). */
function roleOf(pid: number, web: number, api: number): string {
  const command = commandLine(pid);
  if (pid === web) return 'web supervisor (server.mjs)';
  if (pid === api) return `API (${apiEntryOf(pid)})`;
  if (command.includes('server.mjs')) return 'web server process';
  if (command.includes('scripts/start.mjs')) return 'start script (scripts/start.mjs)';
  if (/\besbuild\b/.test(command)) return "esbuild (the API's TypeScript loader)";
  if (/\bnpm\b/.test(command)) return 'npm';
  if (/^\S*\bsh -c/.test(command)) return "npm's shell";
  return command.slice(0, 60);
}

/**
 * The RSS of every process the shop runs, `npm start` and its descendants, by role: the figure an operator's `ps`
 * shows for the whole shop, wrappers included.
 */
function shopMemoryLine(shop: ChildProcess, label: string): string {
  const { web, api } = shopProcesses(shop);
  const processes = [shop.pid ?? 0, ...descendants(shop.pid ?? 0)];
  const byRole = new Map<string, { count: number; mb: number }>();
  for (const pid of processes) {
    const role = roleOf(pid, web, api);
    const entry = byRole.get(role) ?? { count: 0, mb: 0 };
    byRole.set(role, { count: entry.count + 1, mb: entry.mb + rssMb(pid) });
  }
  const total = [...byRole.values()].reduce((sum, entry) => sum + entry.mb, 0);
  const parts = [...byRole].map(([role, { count, mb }]) => `${role}${count > 1 ? ` × ${count}` : ''} ${mb.toFixed(0)}`);
  return `shop RSS ${label}: ${total.toFixed(0)} MB in ${processes.length} processes (${parts.join(', ')} MB)`;
}

/** Lines of the web's log: it logs each page its one-pass render gave up on (RENDER_FALLBACK_LOG_PREFIX). */
const renderFallbacks: string[] = [];

async function startShop(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(WEB_PORT),
    API_PORT: String(API_PORT),
    PGLITE_DATA_DIR: DATA_DIR,
    WEB_PROCESSES: String(WEB_PROCESSES),
    // The API's request log would cost CPU on the cores the load shares; its warnings and errors still show.
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'API_URL', 'HOST', 'API_HOST']) delete env[name];
  log(`starting the shop with npm start on ${WEB} (API port ${API_PORT}, PGlite ${DATA_DIR})…`);
  return startChild('shop', ['start', '--', '--quiet'], {
    command: 'npm',
    cwd: REPO_ROOT,
    env,
    ready: /Shop is ready/,
    onLine: (line) => {
      if (line.includes(RENDER_FALLBACK_LOG_PREFIX)) renderFallbacks.push(line);
    },
  });
}

function startFloor(): Promise<ChildProcess> {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(FLOOR_PORT),
    WEB_PROCESSES: String(WEB_PROCESSES),
  };
  // From apps/web, so tsx compiles the JSX with the web's tsconfig.
  return startChild('floor', ['--import', 'tsx', 'bench/floor-server.tsx'], {
    cwd: WEB_DIR,
    env,
    ready: /\[floor\] ready/,
  });
}

// --- HTTP -----------------------------------------------------------------------------------------------------------

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/**
 * One request without decoding (node:http): the bytes on the wire, to size the page as sent. On a connection of its
 * own, so that successive requests reach the web's server processes in turn (node:cluster hands out connections).
 */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Logs in as eu-buyer through the storefront's login form (the POST /login action) and returns its cookies. */
async function logIn(): Promise<string> {
  const response = await fetch(`${WEB}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_HEADERS['user-agent'] },
    body: new URLSearchParams({ username: 'eu-buyer', password: 'demo', redirect: '/' }),
  });
  await response.body?.cancel();
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='));
  if (response.status !== 302 || !cookies.some((pair) => pair.startsWith('accessToken='))) {
    throw new Error(`logging in as eu-buyer failed: status ${response.status}`);
  }
  return cookies.join('; ');
}

function headersFor(page: Pick<Page, 'loggedIn' | 'rendered'>, cookie: string): Record<string, string> {
  const headers: Record<string, string> = page.rendered
    ? { ...BROWSER_HEADERS, 'cache-control': 'no-cache' }
    : { ...BROWSER_HEADERS };
  return page.loggedIn ? { ...headers, cookie } : headers;
}

/** The page as HTML (uncompressed) after checking it is the real page, plus its gzip size as sent. */
async function checkedPage(page: Page, cookie: string): Promise<{ html: string; gzipBytes: number }> {
  const answer = await get(`${WEB}${page.path}`, headersFor(page, cookie));
  if (answer.status !== 200) throw new Error(`${page.name}: status ${answer.status}`);
  if (answer.headers['content-encoding'] !== 'gzip') throw new Error(`${page.name}: not gzip-compressed`);
  const html = gunzipSync(answer.body).toString('utf8');
  const problem = !html.includes(page.mustContain)
    ? `does not contain "${page.mustContain}"`
    : page.loggedIn !== LOGGED_IN.test(html) || (!page.loggedIn && !ANONYMOUS.test(html))
      ? `is not ${page.loggedIn ? 'logged in' : 'anonymous'}`
      : null;
  if (problem) throw new Error(`${page.name}: the page ${problem}`);
  return { html, gzipBytes: answer.body.byteLength };
}

// --- Load -----------------------------------------------------------------------------------------------------------

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
}

/**
 * Loads `url` (or the `requests` in turn) with autocannon for `seconds`; latencies are taken from every answer
 * (autocannon's own summary has no p95). `onSecond` runs once a second while the load runs.
 */
async function load(
  options: {
    url: string;
    headers?: Record<string, string>;
    requests?: { path: string; headers: Record<string, string> }[];
  },
  seconds: number,
  connections: number,
  cpuOf: number[] = [],
): Promise<Load> {
  const latencies: number[] = [];
  const cpuBefore = cpuOf.map(treeCpuMs);
  let failed = 0;
  let bytes = 0;
  const instance = autocannon({ ...options, connections, duration: seconds });
  instance.on('response', (_client: unknown, status: number, resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += resBytes;
    if (status < 200 || status > 299) failed += 1;
  });
  const result = await instance;
  const cpuPerResponse = cpuOf.map((pid, index) => (treeCpuMs(pid) - (cpuBefore[index] ?? 0)) / latencies.length);
  const sorted = Float64Array.from(latencies).sort();
  return {
    perSecond: latencies.length / result.duration,
    cpuPerResponse,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    responses: latencies.length,
    failed: failed + result.errors + result.timeouts,
    bytesPerAnswer: latencies.length ? bytes / latencies.length : 0,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => value.toFixed(1);

function verdict(page: Page, result: Load): string {
  if (!page.target) return '—';
  const { perSecond, p95Ms } = page.target;
  const met = result.perSecond >= perSecond && (p95Ms === undefined || result.p95 <= p95Ms);
  return `≥ ${perSecond}${p95Ms === undefined ? '' : `, p95 ≤ ${p95Ms}`} ${met ? 'met' : 'MISSED'}`;
}

// --- Runs -----------------------------------------------------------------------------------------------------------

async function definePages(cookie: string): Promise<Page[]> {
  const listing = (await get(`${WEB}/search`, { ...BROWSER_HEADERS, cookie })).body;
  const firstProduct = /href="(\/p\/[^"]+)"/.exec(gunzipSync(listing).toString('utf8'))?.[1];
  if (!firstProduct) throw new Error('/search shows no product: is the demo catalogue seeded?');
  const productHtml = gunzipSync((await get(`${WEB}${firstProduct}`, { ...BROWSER_HEADERS, cookie })).body).toString();
  const productName = /<h1[^>]*>([^<]+)</.exec(productHtml)?.[1];
  const homeHtml = gunzipSync((await get(`${WEB}/`, BROWSER_HEADERS)).body).toString();
  const homeHeading = /<h1[^>]*>([^<]+)</.exec(homeHtml)?.[1];
  if (!productName || !homeHeading) throw new Error(`no heading on ${firstProduct} or /`);
  return [
    { name: '/search, logged in', path: '/search', loggedIn: true, target: { perSecond: 200, p95Ms: 100 } },
    { name: '/search, anonymous', path: '/search', loggedIn: false, target: { perSecond: 250 } },
    { name: '/search, rendered', path: '/search', loggedIn: false, rendered: true, target: null },
    { name: 'product, logged in', path: firstProduct, loggedIn: true, target: { perSecond: 300 } },
    { name: '/, anonymous', path: '/', loggedIn: false, target: { perSecond: 300 } },
    { name: '/, rendered', path: '/', loggedIn: false, rendered: true, target: null },
    { name: '/, logged in', path: '/', loggedIn: true, target: { perSecond: 300 } },
  ].map((page) => ({
    ...page,
    mustContain: page.path === '/search' ? firstProduct : page.path === '/' ? homeHeading : productName,
  }));
}

function pad(cells: string[], widths: number[]): string {
  return cells
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
    .join('  ');
}

async function runPages(shop: ChildProcess): Promise<void> {
  const { web, api } = shopProcesses(shop);
  const idleMemory = shopMemoryLine(shop, 'idle after the start');
  const floor = await startFloor();
  const cookie = await logIn();
  const pages = await definePages(cookie);
  print(`web bench ${new Date().toISOString()} — ${machineLine()}`);
  print(
    `shop: built web + API (npm start, LOG_LEVEL=warn), demo catalogue in ${DATA_DIR.startsWith(REPO_ROOT) ? path.relative(REPO_ROOT, DATA_DIR) : DATA_DIR}; autocannon c=${CONNECTIONS}, ${DURATION_S} s a page after ${WARMUP_S} s warm-up, accept-encoding: gzip`,
  );
  print(
    `floor: React Router alone (bench/floor-server.tsx, no API call, same compression) for a page of the same HTML size`,
  );
  print(`web and floor: ${WEB_PROCESSES} server processes each (WEB_PROCESSES; server.mjs's default is one per core)`);
  print(`product page: ${pages.find((page) => page.name.startsWith('product'))?.path}`);
  print(
    'anonymous pages come from the page cache (5 s per process); "rendered": the same anonymous page asked for as a hard reload (Cache-Control: no-cache), rendered for each request',
  );
  print(
    'web ms, API ms, floor ms: CPU time a request of the web, the API and the floor (all their processes and threads)',
  );
  print(idleMemory);
  print();
  const header = [
    'page',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'non-2xx',
    'HTML kB',
    'gzip kB',
    'floor kB',
    'floor req/s',
    'page/floor',
    'web ms',
    'API ms',
    'floor ms',
    'target (req/s, ms)',
  ];
  const widths = [18, 6, 7, 7, 7, 7, 8, 8, 8, 11, 10, 6, 6, 8, 24];
  // Every server process renders every page a few times first: a lazy part's first use in a process is rendered
  // twice (ADR 020), which is not what the measured runs are about and must not happen in them. Each round sends
  // as many requests at once, on connections of their own, as there are processes, so that every process gets some
  // (node:cluster hands a new connection to a process that is not busy accepting one), and waits for their answers:
  // none is left in a queue to be rendered during a measured run.
  log(`warming up: each page ${WARM_UP_ROUNDS} × ${2 * WEB_PROCESSES} times on connections of their own…`);
  for (const page of pages) {
    const headers = { ...headersFor(page, page.loggedIn ? cookie : ''), 'cache-control': 'no-cache' };
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      await Promise.all(Array.from({ length: 2 * WEB_PROCESSES }, () => get(`${WEB}${page.path}`, headers)));
    }
  }
  print(pad(header, widths));
  print(widths.map((width) => '-'.repeat(width)).join('  '));
  const failures: string[] = [];
  let measuredFallbacks = 0;
  for (const page of pages) {
    const pageCookie = page.loggedIn ? await logIn() : '';
    const { html, gzipBytes } = await checkedPage(page, pageCookie);
    const htmlBytes = Buffer.byteLength(html);
    const target = { url: `${WEB}${page.path}`, headers: headersFor(page, pageCookie) };
    log(`${page.name}: warm-up ${WARMUP_S} s, then ${DURATION_S} s at c=${CONNECTIONS}…`);
    await load(target, WARMUP_S, CONNECTIONS);
    const fallbacksBefore = renderFallbacks.length;
    const result = await load(target, DURATION_S, CONNECTIONS, [web, api]);
    const fallbacks = renderFallbacks.slice(fallbacksBefore);
    measuredFallbacks += fallbacks.length;
    if (fallbacks.length > 0) failures.push(`${page.name}: rendered twice after warm-up:\n  ${fallbacks.join('\n  ')}`);
    // The session and the page must have held for the whole run, and the answers must have been the page's size.
    await checkedPage(page, pageCookie);
    if (result.failed > 0) failures.push(`${page.name}: ${result.failed} answers not 2xx or failed`);
    if (result.bytesPerAnswer < gzipBytes * 0.8) failures.push(`${page.name}: answers smaller than the page`);

    const floorTarget = { url: `${FLOOR}/listing?bytes=${htmlBytes}`, headers: BROWSER_HEADERS };
    const floorPage = await get(floorTarget.url, { ...BROWSER_HEADERS, 'accept-encoding': 'identity' });
    await load(floorTarget, WARMUP_S, CONNECTIONS);
    const floorResult = await load(floorTarget, DURATION_S, CONNECTIONS, [floor.pid ?? 0]);
    if (floorResult.failed > 0) failures.push(`floor for ${page.name}: ${floorResult.failed} answers not 2xx`);
    print(
      pad(
        [
          page.name,
          result.perSecond.toFixed(0),
          ms(result.p50),
          ms(result.p95),
          ms(result.p99),
          String(result.failed),
          kb(htmlBytes),
          kb(gzipBytes),
          kb(floorPage.body.byteLength),
          floorResult.perSecond.toFixed(0),
          (result.perSecond / floorResult.perSecond).toFixed(2),
          ms(result.cpuPerResponse[0] ?? 0),
          ms(result.cpuPerResponse[1] ?? 0),
          ms(floorResult.cpuPerResponse[0] ?? 0),
          verdict(page, result),
        ],
        widths,
      ),
    );
  }
  print();
  print(shopMemoryLine(shop, 'after the run'));
  print(
    `pages rendered twice (the one-pass render fell back to streaming): ${renderFallbacks.length} since the start, ${measuredFallbacks} in the measured runs (must be 0)`,
  );
  print(`after the run: ${machineLine()}`);
  if (failures.length > 0) {
    for (const failure of failures) print(`FAILED: ${failure}`);
    process.exitCode = 1;
  }
  saveReport('web');
}

async function runSoak(shop: ChildProcess): Promise<void> {
  const { web, api } = shopProcesses(shop);
  const cookie = await logIn();
  const pages = await definePages(cookie);
  for (const page of pages) await checkedPage(page, cookie);
  print(`web soak ${new Date().toISOString()} — ${machineLine()}`);
  print(
    `shop: built web + API (npm start, LOG_LEVEL=warn), demo catalogue; autocannon c=${CONNECTIONS} for ${DURATION_S} s over ${pages.length} pages in turn (${pages.map((page) => page.name).join('; ')}), accept-encoding: gzip`,
  );
  const rssLine = (label: string) => {
    print(
      `${label.padEnd(12)} web RSS ${treeRssMb(web).toFixed(0)} MB (${WEB_PROCESSES} server processes and their supervisor), API RSS ${treeRssMb(api).toFixed(0)} MB (API process ${rssMb(api).toFixed(0)} MB), load ${os.loadavg()[0]?.toFixed(2)}`,
    );
  };
  rssLine('idle');
  print(shopMemoryLine(shop, 'idle'));
  const startedAt = performance.now();
  const samples: { seconds: number; web: number; api: number }[] = [];
  const sampler = setInterval(() => {
    const seconds = Math.round((performance.now() - startedAt) / 1000);
    samples.push({ seconds, web: treeRssMb(web), api: treeRssMb(api) });
    rssLine(`${seconds} s`);
  }, RSS_SAMPLE_MS);
  const requests = pages.map((page) => ({ path: page.path, headers: headersFor(page, cookie) }));
  const result = await load({ url: WEB, requests }, DURATION_S, CONNECTIONS);
  clearInterval(sampler);
  for (const page of pages) await checkedPage(page, cookie);
  rssLine('end');
  print(shopMemoryLine(shop, 'at the end'));
  const afterMinute = samples.find((sample) => sample.seconds * 1000 >= SOAK_FIRST_MINUTE_MS) ?? samples[0];
  const end = treeRssMb(web);
  print();
  print(
    `all pages: ${result.perSecond.toFixed(0)} req/s, p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, p99 ${ms(result.p99)} ms, non-2xx or failed ${result.failed}`,
  );
  if (afterMinute) {
    const growth = end / afterMinute.web;
    print(
      `web RSS after ${afterMinute.seconds} s ${afterMinute.web.toFixed(0)} MB, at the end ${end.toFixed(0)} MB: ×${growth.toFixed(2)} (target ≤ ${SOAK_MAX_GROWTH}) ${growth <= SOAK_MAX_GROWTH ? 'met' : 'MISSED'}`,
    );
  }
  print(`after the run: ${machineLine()}`);
  if (result.failed > 0) {
    print(`FAILED: ${result.failed} answers not 2xx or failed`);
    process.exitCode = 1;
  }
  saveReport('web-soak');
}

if (!existsSync(path.join(WEB_DIR, 'build', 'server', 'index.js'))) {
  console.error('[bench] apps/web/build is missing: run "npm run build --workspace @b2b/web" first.');
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopChildren().then(() => process.exit(130));
  });
}
try {
  const shop = await startShop();
  if (isSoak) await runSoak(shop);
  else await runPages(shop);
} catch (error) {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopChildren();
}
