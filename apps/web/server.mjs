/**
 * The storefront's production server: React Router's Express adapter with compression, static assets and a
 * request log, as `react-router-serve` has, plus what it lacks: the browser's address, the security headers, and the
 * refusal of requests no route may see (a target that is not a path, a state-changing request from another site).
 *
 * The API rate-limits logins per client address (ADR 006). Every login reaches the API from this server, so the
 * server records the socket address (or, behind a load balancer, the address `TRUST_PROXY` allows it to read
 * from X-Forwarded-For) in the `x-client-address` request header, always overwriting what the browser sent, and
 * the login and change-password actions forward it to the API as X-Forwarded-For.
 *
 * One process per core (`WEB_PROCESSES`, default: the cores Node may use): a server process renders pages on one
 * thread, so on a machine of n cores one process leaves n − 1 of them to the API and idle (issue 12: `/search`
 * saturated one core at ≈ 40 req/s with the other half idle). This process then only supervises: it starts the
 * server processes (node:cluster; they share the port, and it hands each new connection to the next one), starts
 * another when one ends unexpectedly, and stops them all on SIGINT or SIGTERM. Each process keeps its own short-lived
 * caches (area, menus, content), as separate hosts behind a load balancer do (docs/operations.md). The supervisor
 * imports node:cluster and node:os only: the app, React and Express load in the server processes (`startServer`), so
 * it stays at Node's own memory, ≤ 50 MB (ADR 022; e2e/server-processes.spec.ts checks it).
 *
 * Its log is the app's (app/lib/logger.server.ts, ADR 033): JSON lines in the API's format, each request with an id
 * that its API calls carry too. The supervisor, which does not load the app, writes its few lines in the same format
 * itself (`logLine`).
 *
 * Plain JavaScript: it starts the built app with Node alone (`node server.mjs`).
 */
// Set before React loads (imports below are dynamic for that reason): React picks its build from NODE_ENV once.
process.env.NODE_ENV ??= 'production';
const { default: cluster } = await import('node:cluster');
const { availableParallelism, hostname } = await import('node:os');

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const processCount = readProcessCount(process.env.WEB_PROCESSES);
// What the app reads (app/lib/config.server.ts), here and in the processes forked from here.
process.env.WEB_PROCESSES = String(processCount);

if (cluster.isPrimary && processCount > 1) superviseServerProcesses(processCount);
else await startServer({ announce: cluster.isPrimary });

/**
 * One line of the supervisor's log, and the start-up announcement, as the app's logger writes them (pino's fields:
 * level 30 info, 50 error); errors to standard error like the app's.
 */
function logLine(level, msg) {
  const line = `${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), msg })}\n`;
  (level >= 40 ? process.stderr : process.stdout).write(line);
}

/**
 * WEB_PROCESSES: a whole number from 1, or unset for one per core. Checked here because this process forks before it
 * loads the app; app/lib/config.server.ts checks it again in each server process, with the same message.
 */
function readProcessCount(value) {
  if (value === undefined || value.trim() === '') return availableParallelism();
  const count = Number(value.trim());
  if (Number.isInteger(count) && count >= 1) return count;
  console.error('Invalid storefront configuration:\n  WEB_PROCESSES: must be a whole number of processes, at least 1');
  process.exit(1);
}

/**
 * Starts `count` server processes and keeps that many running. A process that ends before it listens (a bad setting,
 * the port taken) stops them all with its exit code, so a start that cannot work fails at once instead of looping;
 * one that ends later (a crash) is replaced.
 */
function superviseServerProcesses(count) {
  const listening = new Set();
  let announced = false;
  let stopping = false;
  const startOne = () => cluster.fork();
  const running = () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());
  const stopAll = (exitCode) => {
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of running()) worker.process.kill('SIGTERM');
    if (running().length === 0) process.exit();
  };

  cluster.on('listening', (worker, address) => {
    if (!announced) {
      logLine(30, `[web] listening on http://${host ?? 'localhost'}:${address.port} (${count} processes)`);
      // One metrics port for all the processes, once one has loaded the app and so checked its settings (ADR 039).
      if (process.env.WEB_METRICS_PORT?.trim()) {
        import('./server-metrics.mjs')
          .then((metrics) => metrics.serveClusterMetrics((message) => logLine(50, message)))
          .catch((error) => {
            logLine(50, error.message);
            stopAll(1);
          });
      }
    }
    announced = true;
    listening.add(worker.id);
  });
  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (stopping) {
      if (running().length === 0) process.exit();
      return;
    }
    if (!wasListening) {
      stopAll(code || 1);
      return;
    }
    logLine(50, `[web] server process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    startOne();
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0));
  for (let index = 0; index < count; index++) startOne();
}

/** The server itself: in this process when it runs alone, else in each server process. */
async function startServer({ announce }) {
  // Prometheus metrics when WEB_METRICS_PORT is set (ADR 039; server-metrics.mjs).
  const metricsModule = process.env.WEB_METRICS_PORT?.trim() ? await import('./server-metrics.mjs') : null;
  const { createRequestHandler } = await import('@react-router/express');
  const { default: compression } = await import('compression');
  const { default: express } = await import('express');
  const { default: expressStaticGzip } = await import('express-static-gzip');
  const { constants: zlibConstants } = await import('node:zlib');

  /** Also named in app/lib/client-address.server.ts. */
  const CLIENT_ADDRESS_HEADER = 'x-client-address';

  /** Express's `trust proxy`: false (default: the storefront faces browsers), true, a hop count or addresses. */
  function parseTrustProxy(value) {
    if (!value || value === 'false') return false;
    if (value === 'true') return true;
    return /^\d+$/.test(value) ? Number(value) : value;
  }

  const build = await import(new URL('./build/server/index.js', import.meta.url).href).catch((error) => {
    // The app validates the environment as it loads (app/lib/config.server.ts): say what is wrong, not where.
    if (error?.name !== 'ConfigError') throw error;
    console.error(error.message);
    process.exit(1);
  });
  const clientDir = new URL('./build/client/', import.meta.url).pathname;

  const {
    STATIC_SECURITY_HEADERS,
    STRICT_TRANSPORT_SECURITY,
    createAnonymousPageCache,
    createRequestGuards,
    createRequestLogging,
    logger,
    routeConsoleToLogger,
    startCacheUsageReporting,
  } = build.entry.module;
  // From here on this process logs JSON lines only: the app's and its libraries' console calls go to its logger.
  routeConsoleToLogger();
  const isProduction = process.env.NODE_ENV === 'production';

  const app = express();
  app.disable('x-powered-by');
  // Traces when an OTLP endpoint is set (ADR 043): first, so the request's span is current in all that follows.
  const requestTracing = await build.entry.module.startRequestTracing(build.routes);
  if (requestTracing) app.use(requestTracing);
  // First of all, so every answer is timed, refusals and static files included (lib/metrics.server.ts).
  if (metricsModule) app.use(build.entry.module.createRequestMetrics(build.routes));
  app.set('trust proxy', parseTrustProxy(process.env.TRUST_PROXY));
  // First: every request gets its id (answered in X-Request-Id, sent on with its API calls) and its two log lines.
  app.use(createRequestLogging());
  // Security headers on every answer (ADR 011; defined in app/lib/security-headers.server.ts). Pages get their
  // Content-Security-Policy with a nonce from app/entry.server.tsx. HSTS only in production over HTTPS: browsers
  // ignore it over plain HTTP, and a local `npm start` on http://localhost must not pin localhost to HTTPS.
  app.use((request, response, next) => {
    response.set(STATIC_SECURITY_HEADERS);
    if (isProduction && request.secure) response.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    next();
  });
  // Before anything answers (ADR 011; app/lib/request-guards.server.ts): a request target that is not a path answers
  // 400, and a POST, PUT, PATCH or DELETE that another site sent 403, for every route alike (resource routes and
  // /logout too, which React Router's own Origin check of page actions does not cover). One log line each.
  app.use(createRequestGuards());
  // A NUL character in the path or query is never a page of the shop, and the API refuses it in any input: answer 400
  // here rather than let a loader pass it on and turn the API's 400 into a 500.
  app.use((request, response, next) => {
    if (/%00/.test(request.originalUrl)) {
      response.status(400).type('text/plain').send('Bad request: the address contains a NUL character.');
      return;
    }
    next();
  });
  // The build manifest is compressed at the library's defaults (brotli quality 4, gzip level 6).
  const compressFiles = compression();
  /**
   * Pages are compressed on every request, on the event loop's thread, so they use the fast settings (issue 12
   * profile: brotli quality 4 took about a fifth of a listing's CPU). On a 230 kB listing, brotli quality 2 is about
   * four times faster than quality 4 and still smaller than gzip at level 6; gzip at level 3 is the fastest level of
   * zlib's fast strategy. Each page arrives as one buffer (entry.server.tsx), so the compressor sees one write.
   */
  const compressPages = compression({
    level: 3,
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
  });
  // Vite fingerprints everything under /assets: cache it for a year. Scripts, stylesheets and SVGs come compressed
  // from the build (vite.config.ts, `.br` and `.gz` beside each file): the copy the browser accepts is sent as it is.
  app.use(
    '/assets',
    expressStaticGzip(`${clientDir}assets`, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      serveStatic: { immutable: true, maxAge: '1y' },
    }),
  );
  // the build manifest (spec §4 build updates) must never be answered from a cache: it is how a new build is noticed
  app.use(
    '/builds',
    compressFiles,
    express.static(`${clientDir}builds`, {
      cacheControl: false,
      setHeaders: (res) => res.set('Cache-Control', 'no-cache'),
    }),
  );
  app.use((request, _response, next) => {
    request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? '';
    next();
  });
  // Pages that every anonymous visitor is shown alike are kept a few seconds (app/lib/page-cache.server.ts).
  app.all('*', compressPages, createAnonymousPageCache(), createRequestHandler({ build, mode: process.env.NODE_ENV }));

  const server = app.listen(port, host, () => {
    // written whatever LOG_LEVEL says: it is how an operator (and a test) sees the server start
    if (announce) logLine(30, `[web] listening on http://${host ?? 'localhost'}:${server.address().port}`);
    // Each process is an instance of Debug/GetCacheUsage: it reports its caches and applies invalidations (ADR 030).
    startCacheUsageReporting();
    metricsModule?.serveProcessMetrics(build.entry.module, { isAlone: announce });
  });
  // An idle connection is kept a minute, not Node's 5 s: a client (a browser, a proxy, a test's request context) that
  // reuses a connection just as the server closes it gets a reset instead of an answer, and on a loaded machine a
  // page's other requests easily leave one idle for 5 s. The headers' limit must stay above it (Node's rule).
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 61_000;
  server.on('error', (error) => {
    const reason = error.code === 'EADDRINUSE' ? 'the port is in use' : error.message;
    logger.fatal(`[web] cannot listen on port ${port}${host ? ` of ${host}` : ''}: ${reason}`);
    process.exit(1);
  });
  // SIGTERM: stop accepting, answer the requests in flight, then exit 0 (ADR 038). A request that hangs is cut after
  // 10 s, as the API's shutdown is, before an orchestrator's grace period (compose: 15 s) ends in SIGKILL.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      setTimeout(() => process.exit(1), 10_000).unref();
      // the spans of the last requests are sent before the process ends (nothing to send when tracing is off)
      server.close(() => build.entry.module.stopTracing().finally(() => process.exit(0)));
    });
  }
}
