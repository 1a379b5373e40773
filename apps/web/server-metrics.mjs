/**
 * The storefront's metrics port (ADR 039): `GET /metrics` in Prometheus' text format on WEB_METRICS_HOST (loopback by
 * default) and WEB_METRICS_PORT, a listener of its own, never the storefront's port. server.mjs imports this only when
 * WEB_METRICS_PORT is set, so a storefront without metrics loads none of it.
 *
 * One port per host, whatever WEB_PROCESSES: under the supervisor (ADR 022) a scrape asks every server process for its
 * metrics over the cluster's channel and answers them together, each sample labelled with its process's `pid` (a
 * process running alone is labelled the same way, so queries do not depend on the count). Per process, not summed:
 * the event-loop delay and memory of one process are what an alert needs, a sum over processes whose counters
 * restart with a replaced process would look like a reset, and Prometheus sums at query time. The supervisor merges
 * the texts itself rather than loading prom-client's AggregatorRegistry, which would take it from ≈ 46 MB to ≈ 56 MB,
 * past its 50 MB (ADR 022).
 *
 * Plain JavaScript, as server.mjs: the supervisor runs no build and no TypeScript.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';

const SCRAPE_REQUEST = 'b2b:metrics-request';
const SCRAPE_ANSWER = 'b2b:metrics-answer';
/**
 * How long a scrape waits for a server process. One still starting (it answers once it has loaded the app) or too
 * busy is left out of that scrape instead of failing it; Prometheus' default scrape timeout is 10 s.
 */
const PROCESS_ANSWER_TIMEOUT_MS = 3_000;
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/** WEB_METRICS_HOST and WEB_METRICS_PORT as server.mjs reads them (app/lib/config.server.ts validates them). */
function metricsListener(env) {
  return { host: env.WEB_METRICS_HOST?.trim() || '127.0.0.1', port: Number(env.WEB_METRICS_PORT?.trim()) };
}

/**
 * Serves `read()` (the text) at GET /metrics on the listener, anything else 404. Resolves once listening; rejects
 * with the reason when the port cannot be had.
 */
function serveMetrics(listener, read, logError) {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics.\n');
      return;
    }
    read().then(
      (text) => response.writeHead(200, { 'content-type': PROMETHEUS_TEXT }).end(text),
      (error) => {
        logError(`[web] reading the metrics failed: ${error?.message ?? error}`);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read.\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      const reason = error.code === 'EADDRINUSE' ? 'the port is in use' : error.message;
      reject(new Error(`[web] the metrics cannot listen on port ${listener.port} of ${listener.host}: ${reason}`));
    });
    server.listen(listener.port, listener.host, () => {
      server.unref(); // never what keeps a process alive
      resolve(server);
    });
  });
}

/** `name{a="b"} 1` → `name{pid="7",a="b"} 1`; `name 1` → `name{pid="7"} 1`. */
function withPid(sampleLine, pid) {
  const end = sampleLine.search(/[{ ]/);
  const name = sampleLine.slice(0, end);
  if (sampleLine[end] === ' ') return `${name}{pid="${pid}"}${sampleLine.slice(end)}`;
  const rest = sampleLine.slice(end + 1);
  return `${name}{pid="${pid}"${rest.startsWith('}') ? '' : ','}${rest}`;
}

/**
 * Several processes' texts as one exposition: each metric family once (its HELP and TYPE, then every process's
 * samples of it, as the format requires), every sample labelled with its process's pid.
 */
function mergeProcessMetrics(texts) {
  const families = new Map();
  for (const { pid, text } of texts) {
    let family = null;
    for (const line of text.split('\n')) {
      if (line === '') continue;
      const comment = /^# (HELP|TYPE) (\S+)/.exec(line);
      if (comment) {
        family = families.get(comment[2]) ?? { HELP: null, TYPE: null, samples: [] };
        families.set(comment[2], family);
        family[comment[1]] ??= line;
      } else if (!line.startsWith('#') && family !== null) {
        family.samples.push(withPid(line, pid));
      }
    }
  }
  let merged = '';
  for (const { HELP, TYPE, samples } of families.values()) {
    merged += `${[HELP, TYPE, ...samples].filter((line) => line !== null).join('\n')}\n\n`;
  }
  return merged;
}

/** The supervisor's endpoint: every server process's metrics, asked over the cluster's channel at each scrape. */
export async function serveClusterMetrics(logError) {
  let nextScrapeId = 0;
  const waiting = new Map();
  cluster.on('message', (worker, message) => {
    if (message?.type !== SCRAPE_ANSWER) return;
    waiting.get(`${message.scrapeId}:${worker.id}`)?.(message);
  });
  const askProcess = (worker, scrapeId) =>
    new Promise((resolve) => {
      const key = `${scrapeId}:${worker.id}`;
      const timer = setTimeout(() => {
        waiting.delete(key);
        resolve(null);
      }, PROCESS_ANSWER_TIMEOUT_MS);
      waiting.set(key, (message) => {
        clearTimeout(timer);
        waiting.delete(key);
        resolve(message.text === undefined ? null : { pid: worker.process.pid, text: message.text });
      });
      worker.send({ type: SCRAPE_REQUEST, scrapeId }, (error) => {
        if (error) waiting.get(key)?.({});
      });
    });
  const read = async () => {
    const scrapeId = nextScrapeId++;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
    const answers = await Promise.all(workers.map((worker) => askProcess(worker, scrapeId)));
    return mergeProcessMetrics(answers.filter((answer) => answer !== null));
  };
  return serveMetrics(metricsListener(process.env), read, logError);
}

/**
 * Once a server process listens: running alone it serves its own metrics (a port it cannot have stops it, as its main
 * port does); under the supervisor it answers the supervisor's scrapes. `appModule` is the server build's entry
 * (app/entry.server.tsx).
 */
export function serveProcessMetrics(appModule, { isAlone }) {
  const ownText = async () => ({ pid: process.pid, text: await appModule.readMetrics() });
  if (!isAlone) {
    process.on('message', (message) => {
      if (message?.type !== SCRAPE_REQUEST) return;
      ownText().then(
        ({ text }) => process.send?.({ type: SCRAPE_ANSWER, scrapeId: message.scrapeId, text }),
        (error) => {
          appModule.logger.error(`[web] reading the metrics failed: ${error?.message ?? error}`);
          process.send?.({ type: SCRAPE_ANSWER, scrapeId: message.scrapeId });
        },
      );
    });
    return;
  }
  const logError = (message) => appModule.logger.error(message);
  const read = async () => mergeProcessMetrics([await ownText()]);
  serveMetrics(metricsListener(process.env), read, logError).catch((error) => {
    appModule.logger.fatal(error.message);
    process.exit(1);
  });
}
