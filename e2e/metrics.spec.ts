import { readFileSync } from 'node:fs';
import { freePort, type OwnServer, startOwnServer } from './support/own-server.ts';
import { childPids } from './support/processes.ts';
import { type Exposition, parsePrometheusText, samplesOf } from './support/prometheus-text.ts';
import { expect, test } from './support/test.ts';

/**
 * The storefront's Prometheus metrics (issue 30, ADR 039), scraped as Prometheus scrapes them: one port for all the
 * server processes, each process's samples labelled with its pid, requests by route pattern, the page cache's hits,
 * and nothing on the storefront's own port. Each test starts its own server (server.mjs, the built app, against the
 * e2e shop's API) with WEB_METRICS_PORT on free ports.
 */

/** ADR 022: the supervisor stays at Node's own memory, metrics on or off. */
const SUPERVISOR_MAX_RSS_MB = 50;
const LISTING = '/search?q=board';

function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb ?? 0) / 1024);
}

async function scrape(metricsPort: number): Promise<Exposition> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parsePrometheusText(await response.text());
}

/** A sample's sum over the processes (what a Prometheus `sum without (pid)` gives). */
function total(exposition: Exposition, name: string, labels: Record<string, string>): number {
  return samplesOf(exposition, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}

/**
 * The local addresses listening on `port` (IPv4 and IPv6), from the kernel's socket tables: what a client on another
 * host could reach, whatever this machine's interfaces are.
 */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns[3] === '0A' && columns[1]?.endsWith(`:${hexPort}`))
      .map((columns) => ipFromHex(columns[1]?.split(':')[0] ?? '')),
  );
}

/** /proc/net/tcp's little-endian IPv4 (`0100007F` is 127.0.0.1); IPv6 addresses are left in hex. */
function ipFromHex(hex: string): string {
  if (hex.length !== 8) return hex;
  return [6, 4, 2, 0].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16)).join('.');
}

const pidsIn = (exposition: Exposition) =>
  new Set(samplesOf(exposition, 'process_resident_memory_bytes').map((sample) => Number(sample.labels.pid)));

test.describe('the storefront metrics (WEB_METRICS_PORT)', () => {
  let server: OwnServer | undefined;

  test.afterEach(() => {
    server?.kill();
    server = undefined;
  });

  test('one port answers for every server process: requests by route pattern, page-cache hits, per-process memory', async ({
    request,
  }) => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '2', WEB_METRICS_PORT: String(metricsPort) });
    const running = server;
    await expect
      .poll(running.output, { timeout: 30_000 })
      .toContain(`listening on http://127.0.0.1:${port} (2 processes)`);
    const supervisor = running.process.pid ?? 0;
    const processes = childPids(supervisor);
    expect(processes).toHaveLength(2);
    // Both processes answer once they listen; the second may still be loading the app at the first scrape.
    await expect
      .poll(async () => [...pidsIn(await scrape(metricsPort))].sort(), { timeout: 20_000 })
      .toEqual([...processes].sort());

    const before = await scrape(metricsPort);
    const searchCount = (exposition: Exposition) =>
      total(exposition, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/search',
        status_class: '2xx',
      });
    const pageHits = (exposition: Exposition) =>
      total(exposition, 'b2b_cache_lookups_total', { cache: 'page', result: 'hit' });
    let hitsSeen = 0;
    const LOADS = 6;
    for (let load = 0; load < LOADS; load++) {
      const response = await request.get(`http://127.0.0.1:${port}${LISTING}`);
      expect(response.status()).toBe(200);
      if (response.headers()['x-page-cache'] === 'hit') hitsSeen++;
    }
    expect((await request.get(`http://127.0.0.1:${port}/customer-center/orders/8c1f2a9e`)).status()).toBe(200);
    const after = await scrape(metricsPort);

    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(searchCount(after)).toBe(searchCount(before) + LOADS);
    expect(hitsSeen).toBeGreaterThan(0);
    expect(pageHits(after)).toBe(pageHits(before) + hitsSeen);
    // The pattern, never the path: the order id and the search words appear nowhere.
    expect(total(after, 'http_request_duration_seconds_count', { route: '/customer-center/orders/:orderId' })).toBe(1);
    const routes = new Set(samplesOf(after, 'http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].some((route) => route?.includes('8c1f2a9e') || route?.includes('board'))).toBe(false);
    // Each process's own memory and event-loop delay, labelled with its pid.
    for (const pid of processes) {
      const memory = samplesOf(after, 'process_resident_memory_bytes', { pid: String(pid) });
      expect(memory[0]?.value, `RSS of ${pid}`).toBeGreaterThan(0);
      expect(samplesOf(after, 'nodejs_eventloop_lag_p99_seconds', { pid: String(pid) })).toHaveLength(1);
    }

    // Loopback only (WEB_METRICS_HOST's default), and not on the storefront's port: /metrics there is a page like
    // any other path.
    expect(listeningAddresses(metricsPort)).toEqual(['127.0.0.1']);
    const publicAnswer = await request.get(`http://127.0.0.1:${port}/metrics`);
    expect(await publicAnswer.text()).not.toContain('http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);

    expect(rssMb(supervisor), "the supervisor's RSS with the metrics port").toBeLessThanOrEqual(SUPERVISOR_MAX_RSS_MB);
  });

  test('a process running alone serves its own, and the metrics port is never the storefront port', async ({
    request,
  }) => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '1', WEB_METRICS_PORT: String(metricsPort) });
    const running = server;
    await expect.poll(running.output, { timeout: 30_000 }).toContain(`listening on http://127.0.0.1:${port}`);
    expect((await request.get(`http://127.0.0.1:${port}/robots.txt`)).status()).toBe(200);
    const exposition = await scrape(metricsPort);
    const robots = samplesOf(exposition, 'http_request_duration_seconds_count', { route: '/robots.txt' });
    expect(robots.map((sample) => [sample.labels.pid, sample.value])).toEqual([[String(running.process.pid), 1]]);
    running.kill();

    server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '2', WEB_METRICS_PORT: String(port) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WEB_METRICS_PORT: must differ from PORT');
  });
});
