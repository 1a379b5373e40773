import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadWebConfig } from './config.server.ts';
import { createLoggers, loggedUrl, requestIdFor, routeConsoleToLogger, runWithRequestId } from './logger.server.ts';

type Line = Record<string, unknown>;

/** A destination that keeps the lines written to it, parsed. */
function memoryDestination() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { lines, stream };
}

describe('the web server log (ADR 033)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("writes the API's JSON line: numeric level, epoch time, pid, hostname, requestId, msg", () => {
    const { lines, stream } = memoryDestination();
    const { logger } = createLoggers({ level: 'info', destination: stream });
    runWithRequestId('req-1', () => logger.warn('[cart] action failed'));
    logger.info('outside a request');
    expect(lines[0]).toEqual({
      level: 40,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      requestId: 'req-1',
      msg: '[cart] action failed',
    });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('throttles a repeated message: 5 lines, then one line counting the rest after 1000 ms (spec §9)', () => {
    vi.useFakeTimers();
    const { lines, stream } = memoryDestination();
    const { logger, requestLogger } = createLoggers({ level: 'info', destination: stream });
    for (let index = 0; index < 9; index++) runWithRequestId(`req-${index}`, () => logger.error('[prices] down'));
    logger.error('[search] down');
    for (let index = 0; index < 7; index++) requestLogger.info({ requestId: `r${index}` }, 'request completed');
    expect(lines.filter((line) => line.msg === '[prices] down')).toHaveLength(5);
    expect(lines.filter((line) => line.msg === '[search] down')).toHaveLength(1);
    // the request log is never throttled: each line is another request
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(7);
    vi.advanceTimersByTime(1_000);
    const summary = lines.at(-1);
    expect(summary).toMatchObject({
      level: 50,
      repeated: 4,
      msg: '[prices] down (repeated 4 more times within 1000 ms, not logged)',
    });
    expect(summary).not.toHaveProperty('requestId');
  });

  it("turns the server code's console calls into lines, an Error under err with its stack", () => {
    const { lines, stream } = memoryDestination();
    const { logger } = createLoggers({ level: 'debug', destination: stream });
    const saved = { ...console };
    try {
      routeConsoleToLogger(logger);
      runWithRequestId('req-9', () => console.error('[sitemap] the API call failed', new TypeError('socket hang up')));
      console.warn('[web] %d pages', 3);
      console.log('plain');
    } finally {
      Object.assign(console, saved);
    }
    expect(lines[0]).toMatchObject({
      level: 50,
      requestId: 'req-9',
      msg: '[sitemap] the API call failed',
      err: { type: 'TypeError', message: 'socket hang up', stack: expect.stringContaining('TypeError') },
    });
    expect(lines[1]).toMatchObject({ level: 40, msg: '[web] 3 pages' });
    expect(lines[2]).toMatchObject({ level: 30, msg: 'plain' });
  });

  it('reuses a harmless incoming request id and replaces anything else', () => {
    expect(requestIdFor('lb-7f3a.2:9')).toBe('lb-7f3a.2:9');
    for (const unsafe of ['a b', 'x"}\n{"level":60', 'ü', '', 'x'.repeat(129), ['a', 'b'], undefined]) {
      expect(requestIdFor(unsafe)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('reads LOG_LEVEL as the API does', () => {
    expect(loadWebConfig({}).logLevel).toBe('info');
    expect(loadWebConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadWebConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadWebConfig({ LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });

  it("masks the reset-password link's token in logged URLs", () => {
    expect(loggedUrl('/user/recover-password?token=s3cret&x=1')).toBe('/user/recover-password?token=***&x=1');
  });
});

/**
 * The id follows one request through both logs: the real API (apps/api, started as `npm start` starts it, on a fresh
 * PGlite folder, logging at info) receives the web's calls, and its log lines carry the id the web's request got.
 */
describe('the request id in the API log', () => {
  const apiDir = fileURLToPath(new URL('../../../api/', import.meta.url));
  let api: ChildProcess;
  let apiLog = '';
  let dataDir: string;
  let web: Server;
  let webUrl: string;
  let webLines: Line[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'web-log-'));
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const apiPort = (probe.address() as AddressInfo).port;
    probe.close();
    api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        API_HOST: '127.0.0.1',
        API_PORT: String(apiPort),
        PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (chunk) => {
      apiLog += chunk;
    });
    api.stderr?.on('data', (chunk) => {
      apiLog += chunk;
    });
    await vi
      .waitUntil(() => apiLog.includes('Server listening') || api.exitCode !== null, {
        timeout: 110_000,
        interval: 200,
      })
      .catch(() => undefined);
    if (!apiLog.includes('Server listening')) throw new Error(`the API did not start:\n${apiLog}`);

    // The web's side as server.mjs wires it: the request-logging middleware, then a handler calling the API.
    vi.stubEnv('API_URL', `http://127.0.0.1:${apiPort}`);
    vi.resetModules();
    const { requestEndpoint } = await import('./api.server.ts');
    const logging = await import('./logger.server.ts');
    const { lines, stream } = memoryDestination();
    webLines = lines;
    const { requestLogger } = logging.createLoggers({ level: 'info', destination: stream });
    const middleware = logging.createRequestLogging(requestLogger);
    web = createServer((request, response) =>
      middleware(request, response, () => {
        requestEndpoint(healthEndpoints.getHealth, {}).then(
          () => response.end('ok'),
          (error: unknown) => response.writeHead(500).end(String(error)),
        );
      }),
    ).listen(0, '127.0.0.1');
    await once(web, 'listening');
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`;
  }, 120_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.resetModules();
    web?.close();
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      await once(api, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  function get(headers: Record<string, string> = {}) {
    return new Promise<{ status: number; requestId: string }>((resolve, reject) => {
      httpRequest(webUrl, { headers }, (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, requestId: String(response.headers['x-request-id']) }),
        );
      })
        .once('error', reject)
        .end();
    });
  }

  function apiLinesOf(requestId: string): Line[] {
    return apiLog
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.requestId === requestId);
  }

  it("sends the web request's own id to the API, which logs its call under it", async () => {
    const { status, requestId } = await get();
    expect(status).toBe(200);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitUntil(() => apiLinesOf(requestId).length === 2, { timeout: 5_000 });
    expect(apiLinesOf(requestId).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    // the web's own pair of lines, in the same shape, under the same id
    await vi.waitUntil(() => webLines.filter((line) => line.requestId === requestId).length === 2, { timeout: 5_000 });
    const web = webLines.filter((line) => line.requestId === requestId);
    expect(web.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(web[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/' } });
    expect(web[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(apiLinesOf(requestId)[0]).toMatchObject({ req: { method: 'GET', url: '/api/health' } });
  });

  it("keeps a load balancer's X-Request-Id through both", async () => {
    const { requestId } = await get({ 'x-request-id': 'lb-42.abc' });
    expect(requestId).toBe('lb-42.abc');
    await vi.waitUntil(() => apiLinesOf('lb-42.abc').length === 2, { timeout: 5_000 });
  });
});
