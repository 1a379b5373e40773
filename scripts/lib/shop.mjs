/**
 * Shared by scripts/start.mjs and scripts/dev.mjs: prepare the database, run the API and the web as two child
 * processes, wait until both answer, print where the shop is, and keep the pair together (a signal reaches both;
 * when one dies the other is stopped and the script exits).
 *
 * Plain JavaScript on purpose: `node scripts/start.mjs` must work before anything is built and Node 20 cannot run
 * TypeScript itself. TypeScript modules (the demo logins) are read by a short-lived process with tsx's loader.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiEntry } from './api-entry.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const API_DIR = path.join(REPO_ROOT, 'apps', 'api');
export const WEB_DIR = path.join(REPO_ROOT, 'apps', 'web');
export const WEB_SERVER_BUILD = path.join(WEB_DIR, 'build', 'server', 'index.js');

/**
 * How an API and a web instance are started (the arguments after Node itself, and the folder): read by
 * scripts/start.mjs and by the scale-out test (scripts/scale-out.mjs), so a change of how they run is made here once.
 * Node itself runs the API, the build when it is current, else tsx as its loader (api-entry.mjs, ADR 038): the tsx
 * command would run a second Node process (≈ 50 MB resident) only to pass signals on (issue 12).
 */
const API_ENTRY = apiEntry();
export const API_START = { args: API_ENTRY.args, cwd: API_DIR };
/** Why the API runs from source although a build exists (the build is older than its sources); else undefined. */
export const API_START_NOTE = API_ENTRY.note;
export const WEB_START = { args: ['server.mjs'], cwd: WEB_DIR };

/** Listed when packages/db does not export DEMO_LOGINS (all share the password `demo`). */
const FALLBACK_DEMO_LOGINS = [
  { username: 'eu-buyer', password: 'demo', description: 'customer in the EU area (EUR)' },
  { username: 'us-buyer', password: 'demo', description: 'customer in the US area (USD)' },
  { username: 'nok-buyer', password: 'demo', description: 'customer with its own currency (NOK)' },
  { username: 'sales-rep', password: 'demo', description: 'sales person acting for customers 10001, 10002' },
  { username: 'backoffice', password: 'demo', description: 'back-office staff' },
];

const COLORS = { api: '\x1b[36m', web: '\x1b[35m', db: '\x1b[33m', shop: '\x1b[32m' };
const RESET = '\x1b[0m';
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/** Prints a line with a coloured `[name]` prefix. */
export function log(name, message) {
  const prefix = useColor ? `${COLORS[name] ?? ''}[${name}]${RESET}` : `[${name}]`;
  process.stdout.write(`${prefix} ${message}\n`);
}

/** The resolved configuration of the pair, from the environment (README.md, "Configuration"). */
export function readShopConfig(env = process.env) {
  const apiPort = Number(env.API_PORT || 4000);
  const webPort = Number(env.PORT || 3000);
  const apiUrl = env.API_URL || `http://${checkHost(env.API_HOST)}:${apiPort}`;
  const pgliteDataDir = path.resolve(REPO_ROOT, env.PGLITE_DATA_DIR || path.join('.data', 'pglite'));
  return {
    apiPort,
    webPort,
    apiUrl,
    apiCheckHost: checkHost(env.API_HOST),
    webCheckHost: checkHost(env.HOST),
    pgliteDataDir,
    databaseUrl: env.DATABASE_URL || undefined,
  };
}

/** Where this script asks a server: the interface it listens on, or loopback when it listens on all of them. */
function checkHost(listenHost) {
  const host = !listenHost || ['0.0.0.0', '::', '[::]'].includes(listenHost) ? '127.0.0.1' : listenHost;
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Finds an executable installed by npm, in the workspace first and then at the root. */
export function bin(name, workspaceDir) {
  for (const dir of [workspaceDir, REPO_ROOT]) {
    if (!dir) continue;
    const candidate = path.join(dir, 'node_modules', '.bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`Cannot find the "${name}" executable: run "npm install" first.`);
}

/** Runs a command to completion with prefixed output; rejects on a non-zero exit. */
export function run(name, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnPrefixed(name, command, args, options);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${name}: "${[command, ...args].join(' ')}" failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** A child's line, prefixed with its name unless it already carries that prefix (the db scripts print `[db] …`). */
function logChildLine(name, line) {
  if (line.startsWith(`[${name}]`)) process.stdout.write(`${line}\n`);
  else log(name, line);
}

/** Spawns a child whose stdout and stderr lines are prefixed with its name. */
export function spawnPrefixed(name, command, args, { cwd = REPO_ROOT, env = process.env, quietStdout = false } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', quietStdout ? 'ignore' : 'pipe', 'pipe'] });
  for (const stream of quietStdout ? [child.stderr] : [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) logChildLine(name, line);
    });
    stream.on('end', () => {
      if (pending) logChildLine(name, pending);
    });
  }
  return child;
}

/**
 * Applies the migrations and seeds the demo catalogue when the database is empty. Runs before the API starts, one
 * step after the other: PGlite allows a single process on its data folder.
 */
export async function prepareDatabase(config, { fresh = false } = {}) {
  if (fresh && !config.databaseUrl) {
    const dataRoot = path.join(REPO_ROOT, '.data') + path.sep;
    if (!config.pgliteDataDir.startsWith(dataRoot)) {
      throw new Error(`--fresh only deletes folders under ${dataRoot}, not ${config.pgliteDataDir}`);
    }
    log('db', `removing ${path.relative(REPO_ROOT, config.pgliteDataDir)} (--fresh)`);
    rmSync(config.pgliteDataDir, { recursive: true, force: true });
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.pgliteDataDir}`;
  log('db', `migrating ${where} and seeding the demo catalogue if it is empty`);
  const env = { ...process.env, PGLITE_DATA_DIR: config.pgliteDataDir };
  // `db:seed` applies the migrations before it looks for products, so one process (one PGlite start-up) does both.
  await run('db', 'npm', ['run', '--silent', 'db:seed', '--workspace', '@b2b/db', '--', '--if-empty'], { env });
}

/** Resolves whether nothing listens on the port yet (checked on all interfaces, as the servers bind them). */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** Exits with a readable message when a port the pair needs is taken. */
export async function assertPortsFree(config) {
  for (const [variable, port] of [
    ['API_PORT', config.apiPort],
    ['PORT', config.webPort],
  ]) {
    if (!(await isPortFree(port))) {
      log('shop', `port ${port} is in use: stop what listens there or choose another with ${variable}=…`);
      process.exit(1);
    }
  }
}

/**
 * The status of a GET of `url` (redirects not followed). node:http, not `fetch`: loading fetch's implementation
 * would keep ≈ 12 MB in this process for as long as the shop runs (issue 25).
 */
function requestStatus(url, timeoutMs) {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('no answer within the timeout')));
    request.on('error', reject);
  });
}

/** Polls a URL until it answers with a status below 500 (any page, redirect or 404 means the server is up). */
export async function waitForUrl(url, { timeoutMs, isAlive }) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`stopped before ${url} answered`);
    try {
      const status = await requestStatus(url, 5000);
      if (status < 500) return;
      lastProblem = `status ${status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? (error.code ?? error.message) : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s (${lastProblem})`);
}

/**
 * The demo logins from packages/db's seed (DEMO_LOGINS), else the documented list. Read by a short-lived Node process
 * of its own: importing the TypeScript module here, through tsx's loader, kept ≈ 40 MB in this process for as long as
 * the shop ran (issue 25).
 */
export async function loadDemoLogins() {
  const file = path.join(REPO_ROOT, 'packages', 'db', 'src', 'seed', 'demo-accounts.ts');
  if (!existsSync(file)) return FALLBACK_DEMO_LOGINS;
  const source = `const { DEMO_LOGINS } = await import(${JSON.stringify(pathToFileURL(file).href)});
process.stdout.write(JSON.stringify(DEMO_LOGINS ?? []));`;
  try {
    const output = await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', source],
        { cwd: REPO_ROOT, timeout: 30_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    const logins = JSON.parse(output);
    if (Array.isArray(logins) && logins.length > 0) return logins;
  } catch {
    // The seed module may not load (a broken checkout, no tsx): the documented list is the fallback.
  }
  return FALLBACK_DEMO_LOGINS;
}

function describeLogin(login) {
  return login.description ?? login.role ?? login.customerNumber ?? '';
}

/**
 * Starts the API and the web, waits until both answer, prints the URL and the demo logins, and ties the two
 * together. Resolves never; exits the process when one child ends or on SIGINT/SIGTERM.
 */
export async function runPair({ config, api, web, readyTimeoutMs, quiet = false }) {
  const startedAt = performance.now();
  const children = new Map();
  let shuttingDown = false;

  const stopAll = (signal) => {
    for (const child of children.values()) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    }
  };

  const shutdown = (reason, exitCode) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('shop', `${reason}; stopping`);
    stopAll('SIGTERM');
    const forceTimer = setTimeout(() => stopAll('SIGKILL'), 10_000);
    forceTimer.unref();
    const waitForChildren = [...children.values()].map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve();
          else child.once('exit', resolve);
        }),
    );
    Promise.all(waitForChildren).then(() => process.exit(exitCode));
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => shutdown(`received ${signal}`, signal === 'SIGINT' ? 130 : 143));
  }

  // The secret of the web's internal calls to the API (ADR 030): the operator's, or one made for this run, so the two
  // share it without setup and nothing readable in the source ever opens the call.
  const internalApiSecret = process.env.INTERNAL_API_SECRET || randomBytes(32).toString('base64url');
  for (const [name, spec] of [
    ['api', api],
    ['web', web],
  ]) {
    const child = spawnPrefixed(name, spec.command, spec.args, {
      cwd: spec.cwd,
      env: { ...spec.env, INTERNAL_API_SECRET: internalApiSecret },
      quietStdout: quiet && name === 'web',
    });
    children.set(name, child);
    child.on('error', (error) => shutdown(`${name} could not start: ${error.message}`, 1));
    child.on('exit', (code, signal) => {
      if (!shuttingDown) shutdown(`${name} exited (${signal ?? `code ${code}`})`, code || 1);
    });
  }

  const isAlive = () => !shuttingDown;
  try {
    // The API first: the web's pages call it, so asking the web earlier would only log failed page loads.
    const deadline = Date.now() + readyTimeoutMs;
    await waitForUrl(`http://${config.apiCheckHost}:${config.apiPort}/api/Area/GetAreaById?AreaId=eu`, {
      timeoutMs: readyTimeoutMs,
      isAlive,
    });
    await waitForUrl(`http://${config.webCheckHost}:${config.webPort}/`, {
      timeoutMs: Math.max(deadline - Date.now(), 5000),
      isAlive,
    });
  } catch (error) {
    shutdown(error instanceof Error ? error.message : String(error), 1);
    return;
  }

  const logins = await loadDemoLogins();
  const width = Math.max(...logins.map((login) => login.username.length));
  const lines = [
    '',
    `Shop is ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s: http://localhost:${config.webPort}  (API: http://localhost:${config.apiPort}, docs at /api/docs)`,
    'Demo logins:',
    ...logins.map(
      (login) => `  ${login.username.padEnd(width)}  password: ${login.password ?? 'demo'}  ${describeLogin(login)}`,
    ),
    'Press Ctrl+C to stop.',
    '',
  ];
  for (const line of lines) log('shop', line);
}
