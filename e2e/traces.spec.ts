import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type OtlpReceiver, type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from './support/otlp-receiver.ts';
import { freePort, type OwnServer, startOwnServer } from './support/own-server.ts';
import { startIntake, transactions } from './support/rum-intake.ts';
import { expect, test } from './support/test.ts';

/**
 * OpenTelemetry traces through the whole shop (issue 30, ADR 043), against a local OTLP receiver: the storefront
 * (server.mjs, the built app) and the API (as `npm start` runs it) of this test's own, on a small seeded PGlite
 * folder, both with OTEL_EXPORTER_OTLP_ENDPOINT set. One page load in Chromium is ONE trace: the storefront's server
 * span, its API call's client span, the API's server span under it, the database statements under that; both logs
 * name the trace. A browser's `traceparent` gives the storefront's span its trace id, and a logged-in page's load,
 * as real-user monitoring reports it, joins its server request's trace. With the variables unset, the
 * same two servers load no OpenTelemetry module at all (a module-resolution hook records every import).
 */

const REPO_ROOT = new URL('../', import.meta.url).pathname;
const API_DIR = path.join(REPO_ROOT, 'apps', 'api');
const RECORDER = path.join(REPO_ROOT, 'e2e', 'support', 'import-recorder.mjs');
const DATA_DIR = path.join(REPO_ROOT, '.data', 'e2e-traces');
const OPENTELEMETRY = /\/node_modules\/@opentelemetry\//;

type Pair = { api: ChildProcess; apiOutput: () => string; web: OwnServer; webUrl: string; importRecord: string };

/** How `npm start` runs the API: the current build, else the source with tsx (scripts/lib/api-entry.mjs). */
function apiArgs(): string[] {
  return execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'lib', 'api-entry.mjs')], { encoding: 'utf8' })
    .trim()
    .split(' ');
}

/** Starts the API and the storefront on the test's PGlite folder with `env`, each recording its imports. */
async function startPair(name: string, env: Record<string, string>): Promise<Pair> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const importRecord = path.join(DATA_DIR, `${name}-imports.txt`);
  writeFileSync(importRecord, '');
  const common = {
    ...env,
    LOG_LEVEL: 'info',
    IMPORT_RECORD_FILE: importRecord,
    NODE_OPTIONS: `--import=${RECORDER}`,
  };
  const api = spawn(process.execPath, apiArgs(), {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...common,
      API_PORT: String(apiPort),
      PGLITE_DATA_DIR: path.join(DATA_DIR, 'pglite'),
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let apiOutput = '';
  api.stdout?.on('data', (chunk) => {
    apiOutput += chunk;
  });
  api.stderr?.on('data', (chunk) => {
    apiOutput += chunk;
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await expect
    .poll(async () => (await fetch(`${apiUrl}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
  const web = startOwnServer({ ...common, PORT: String(webPort), API_URL: apiUrl, WEB_PROCESSES: '1' });
  await expect.poll(web.output, { timeout: 30_000 }).toContain(`listening on http://127.0.0.1:${webPort}`);
  return { api, apiOutput: () => apiOutput, web, webUrl: `http://127.0.0.1:${webPort}`, importRecord };
}

async function stopPair(pair: Pair | undefined): Promise<void> {
  if (!pair) return;
  pair.web.kill();
  // SIGTERM: the API closes PGlite (its folder is the next pair's) and sends its last spans.
  const exited = new Promise((resolve) => pair.api.once('exit', resolve));
  pair.api.kill('SIGTERM');
  await exited;
}

const importedOpenTelemetry = (pair: Pair) =>
  readFileSync(pair.importRecord, 'utf8')
    .split('\n')
    .filter((url) => OPENTELEMETRY.test(url));

/** The JSON log lines of a server's output that carry `traceId`. */
const traceIdsLogged = (output: string) =>
  output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    const { traceId } = JSON.parse(line) as { traceId?: string };
    return traceId ? [traceId] : [];
  });

test.describe.configure({ mode: 'serial' });

test.describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let receiver: OtlpReceiver;
  let pair: Pair | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(DATA_DIR, { recursive: true, force: true });
    // A small catalogue: the page needs the demo area and logins, not 2,000 products.
    execFileSync('npm', ['run', '--silent', 'db:seed', '--workspace', '@b2b/db', '--', '--products', '20'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PGLITE_DATA_DIR: path.join(DATA_DIR, 'pglite'), DATABASE_URL: '' },
      stdio: 'ignore',
    });
    receiver = await startOtlpReceiver();
  });

  test.afterEach(async () => {
    await stopPair(pair);
    pair = undefined;
  });

  test.afterAll(async () => {
    await receiver?.close();
    rmSync(DATA_DIR, { recursive: true, force: true });
  });

  test('one page load is one trace: storefront request → API call → API request → database statements', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    pair = await startPair('on', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
    const response = await page.goto(`${pair.webUrl}/`);
    expect(response?.status()).toBe(200);

    let pageSpan: ReceivedSpan | undefined;
    await expect
      .poll(() => {
        pageSpan = receiver.spans.find(
          (span) => span.service === 'b2b-web' && span.kind === SPAN_KIND.server && span.name === 'GET /',
        );
        return pageSpan;
      })
      .toBeDefined();
    const trace = (pageSpan as ReceivedSpan).traceId;
    const inTrace = () => receiver.spans.filter((span) => span.traceId === trace);
    // The page's API calls, each continued by the API, with the statements under the API's spans.
    await expect
      .poll(() => inTrace().filter((span) => span.service === 'b2b-api' && span.kind === SPAN_KIND.client).length)
      .toBeGreaterThan(0);
    const spans = inTrace();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const apiCalls = spans.filter((span) => span.service === 'b2b-web' && span.kind === SPAN_KIND.client);
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const call of apiCalls) expect(call.parentSpanId).toBe(pageSpan?.spanId);
    const apiRequests = spans.filter((span) => span.service === 'b2b-api' && span.kind === SPAN_KIND.server);
    expect(apiRequests.length).toBeGreaterThan(0);
    for (const apiRequest of apiRequests) {
      expect(byId.get(apiRequest.parentSpanId ?? '')?.kind).toBe(SPAN_KIND.client);
      expect(String(apiRequest.attributes['http.route'])).toMatch(/^\/api\//);
    }
    const statements = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(byId.get(statement.parentSpanId ?? '')?.service).toBe('b2b-api');

    // Both logs name the trace, so a log line leads to its trace and back.
    expect(traceIdsLogged(pair.web.output())).toContain(trace);
    expect(traceIdsLogged(pair.apiOutput())).toContain(trace);
    expect(importedOpenTelemetry(pair).length).toBeGreaterThan(0);
  });

  test("a browser's traceparent gives the storefront's span its trace id and parent", async ({ request }) => {
    pair = await startPair('browser', {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const browserSpanId = 'b7ad6b7169203331';
    const response = await request.get(`${pair.webUrl}/`, {
      headers: { traceparent: `00-${traceId}-${browserSpanId}-01` },
    });
    expect(response.status()).toBe(200);
    await expect
      .poll(
        () =>
          receiver.spans.find(
            (span) => span.service === 'b2b-web' && span.kind === SPAN_KIND.server && span.traceId === traceId,
          )?.parentSpanId,
      )
      .toBe(browserSpanId);
    await expect
      .poll(() => receiver.spans.some((span) => span.service === 'b2b-api' && span.traceId === traceId))
      .toBe(true);
  });

  test("a logged-in page's load in the browser (real-user monitoring) joins its server request's trace", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const intake = startIntake();
    intake.server.listen(0, '127.0.0.1');
    await once(intake.server, 'listening');
    try {
      pair = await startPair('rum', {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        RUM_SERVER_URL: `http://127.0.0.1:${(intake.server.address() as AddressInfo).port}`,
      });
      // localhost: the run's dismissed first-visit modal (support/dismissed-modals.ts) is a cookie of that host
      const base = pair.webUrl.replace('127.0.0.1', 'localhost');
      const pageLoads = () => transactions(intake.events).filter((transaction) => transaction.type === 'page-load');
      const webRequestSpan = (name: string, traceId: string | undefined) =>
        receiver.spans.find(
          (span) =>
            span.service === 'b2b-web' &&
            span.kind === SPAN_KIND.server &&
            span.name === name &&
            span.traceId === traceId,
        );

      await page.goto(`${base}/login`);
      await expect.poll(() => pageLoads().find((load) => load.name === 'routes/login')).toBeDefined();
      // An anonymous page may be kept and served to other visitors: its load keeps a trace of its own.
      expect(webRequestSpan('GET /login', pageLoads().find((load) => load.name === 'routes/login')?.trace_id)).toBe(
        undefined,
      );
      await page.getByRole('textbox', { name: 'Username' }).fill('eu-buyer');
      await page.getByLabel('Password', { exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByTestId('account-name')).toBeVisible();

      await page.goto(`${base}/cart`);
      let cartLoad: ReturnType<typeof pageLoads>[number] | undefined;
      await expect
        .poll(() => {
          cartLoad = pageLoads().find((load) => load.name === 'routes/cart');
          return cartLoad;
        })
        .toBeDefined();
      await expect.poll(() => webRequestSpan('GET /cart', cartLoad?.trace_id)).toBeDefined();
      // …and the page's API calls are in that trace too: browser → storefront → API → database.
      await expect
        .poll(() => receiver.spans.some((span) => span.service === 'b2b-api' && span.traceId === cartLoad?.trace_id))
        .toBe(true);
    } finally {
      intake.server.closeAllConnections();
      intake.server.close();
    }
  });

  test('with no OTLP endpoint neither server loads any OpenTelemetry module, and no trace id is logged', async ({
    page,
  }) => {
    pair = await startPair('off', {
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      OTEL_SERVICE_NAME: 'set-but-unused',
    });
    const response = await page.goto(`${pair.webUrl}/`);
    expect(response?.status()).toBe(200);
    // The recorder works: it saw the app's own modules.
    expect(readFileSync(pair.importRecord, 'utf8')).toContain('/apps/web/build/server/');
    expect(importedOpenTelemetry(pair)).toEqual([]);
    expect(traceIdsLogged(pair.web.output())).toEqual([]);
    expect(traceIdsLogged(pair.apiOutput())).toEqual([]);
  });
});
