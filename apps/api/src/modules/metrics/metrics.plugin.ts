/**
 * The API's Prometheus metrics (issue 30, ADR 039), served in the text format on a listener of their own
 * (METRICS_HOST:METRICS_PORT, loopback by default), never on the API's port. Without METRICS_PORT nothing is kept: no
 * hook times requests and no port opens.
 *
 * What is measured as it happens: each request's duration by method, route pattern (Fastify's, never the raw URL,
 * so the labels stay as few as the routes) and status class, which also counts the requests. What is read when
 * scraped, from what already gathers it: the caches' look-ups, entries and bytes from the registry Debug/GetCacheUsage
 * reads (ADR 030), the search index's size and age from its snapshot, the outbox's backlog (the integrity check's query,
 * through the partial index of pending mails), this instance's delivery passes, the PostgreSQL pool's connections, and Node's
 * own (event-loop delay, memory, CPU, GC) from prom-client's default metrics.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerCacheMetrics } from '@b2b/contract/cache-metrics';
import type { PoolUsage } from '@b2b/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createAnonymousContext } from '../../context.ts';
import { READ_REPLICA_FALLBACK_REASONS } from '../../lib/read-replica.ts';
import { getMailBacklog } from '../health/integrity.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics' listener's address once the app is ready; null without METRICS_PORT (ADR 039). */
    metricsAddress: () => AddressInfo | null;
  }
}

/**
 * Seconds. Most API calls answer in a few milliseconds (ADR 017's budgets), a PDF or an Excel sheet in a second or
 * more: fine steps at the low end, a few coarse ones up to the 10 s a storefront waits.
 */
const REQUEST_DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of a request no route matched (a 404): one value, whatever path was asked for. */
const UNMATCHED_ROUTE = 'unmatched';

/** `2xx`, `4xx`, …: the class is what alerts need, and it keeps the label to five values. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

export const metricsPlugin = fp(
  async (fastify: FastifyInstance) => {
    let server: Server | null = null;
    fastify.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
    const listener = fastify.config.metrics;
    if (listener === undefined) return;

    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: REQUEST_DURATION_BUCKETS,
      registers: [registry],
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_class: statusClass(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    registerCacheMetrics(registry, fastify.caches);
    registerSearchIndexMetrics(fastify, registry);
    registerMailMetrics(fastify, registry);
    registerDatabaseMetrics(fastify, registry);
    registerReadReplicaMetrics(fastify, registry);

    server = createServer((request, response) => {
      const path = request.url?.split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics.\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          fastify.log.error({ err: error }, 'reading the metrics failed');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read.\n');
        },
      );
    });
    const metricsServer = server;
    fastify.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        metricsServer.once('error', (error: NodeJS.ErrnoException) =>
          reject(
            new Error(
              `The metrics cannot listen on ${listener.host}:${listener.port}: ${error.code === 'EADDRINUSE' ? 'the port is in use' : error.message}`,
            ),
          ),
        );
        metricsServer.listen(listener.port, listener.host, resolve);
      });
      fastify.log.info({ address: metricsServer.address() }, 'metrics listening');
    });
    fastify.addHook('onClose', async () => {
      if (!metricsServer.listening) return;
      metricsServer.closeAllConnections();
      await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['search-index', 'mail-delivery'] },
);

/** The search index's current snapshot (ADR 003): how many products, how old, how long its build took. */
function registerSearchIndexMetrics(fastify: FastifyInstance, registry: Registry): void {
  const catalogue = () => fastify.searchIndex.catalogue;
  new Gauge({
    name: 'b2b_search_index_products',
    help: 'Products in the search index snapshot searches use now.',
    registers: [registry],
    collect() {
      this.set(catalogue().index.size);
    },
  });
  new Gauge({
    name: 'b2b_search_index_age_seconds',
    help: 'Seconds since the search index snapshot in use was built (rebuilt on change, and every 10 minutes).',
    registers: [registry],
    collect() {
      this.set((Date.now() - catalogue().builtAt.getTime()) / 1000);
    },
  });
  new Gauge({
    name: 'b2b_search_index_build_duration_seconds',
    help: 'How long the build of the snapshot in use took.',
    registers: [registry],
    collect() {
      this.set(catalogue().buildMilliseconds / 1000);
    },
  });
}

/**
 * The outbox (ADR 009), shared by every instance: each reports the same backlog, so alert on its max, not its sum.
 * The delivery counts are this instance's own passes (only with SMTP_URL).
 */
function registerMailMetrics(fastify: FastifyInstance, registry: Registry): void {
  let backlog: Promise<{ waiting: number; oldestAgeSeconds: number } | null> | null = null;
  // One query a scrape for both gauges (the integrity check's own); a failed one leaves them out and is logged.
  const readBacklog = () => {
    backlog ??= getMailBacklog(createAnonymousContext(fastify.database.db, 'metrics'))
      .catch((error: unknown) => {
        fastify.log.warn({ err: error }, 'reading the outbox backlog for the metrics failed');
        return null;
      })
      .finally(() => {
        setImmediate(() => {
          backlog = null;
        });
      });
    return backlog;
  };
  new Gauge({
    name: 'b2b_mail_outbox_pending',
    help: 'Mails in the outbox neither sent nor given up.',
    registers: [registry],
    async collect() {
      const reading = await readBacklog();
      this.reset();
      if (reading !== null) this.set(reading.waiting);
    },
  });
  new Gauge({
    name: 'b2b_mail_outbox_oldest_pending_age_seconds',
    help: 'Seconds since the oldest pending mail was written; 0 when none waits.',
    registers: [registry],
    async collect() {
      const reading = await readBacklog();
      this.reset();
      if (reading !== null) this.set(reading.oldestAgeSeconds);
    },
  });
  new Counter({
    name: 'b2b_mail_delivery_total',
    help: "This instance's delivery attempts by result: sent, retrying (put off after a failure), failed (given up).",
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const totals = fastify.mailDeliveryTotals;
      for (const result of ['sent', 'retrying', 'failed'] as const) this.inc({ result }, totals[result]);
    },
  });
}

/**
 * Which database, and on PostgreSQL the pool's connections. PGlite runs inside the process with one connection and
 * no pool: its queries queue inside PGlite, where they show as request latency and event-loop delay instead.
 */
function registerDatabaseMetrics(fastify: FastifyInstance, registry: Registry): void {
  const database = fastify.database;
  new Gauge({
    name: 'b2b_database_info',
    help: 'The database kind this instance uses (pglite or postgres); always 1.',
    labelNames: ['kind'] as const,
    registers: [registry],
  }).set({ kind: database.kind }, 1);
  const poolUsage = database.poolUsage;
  if (poolUsage === undefined) return;
  const poolGauge = (name: string, help: string, read: (usage: PoolUsage) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(poolUsage()));
      },
    });
  poolGauge('b2b_db_pool_connections', 'Connections the PostgreSQL pool holds open.', (usage) => usage.total);
  poolGauge('b2b_db_pool_idle_connections', 'Open connections no query is using.', (usage) => usage.idle);
  poolGauge(
    'b2b_db_pool_waiting_requests',
    'Queries waiting for a connection because all are in use and the pool is at its maximum.',
    (usage) => usage.waiting,
  );
  poolGauge('b2b_db_pool_max_connections', 'The most connections the pool opens.', (usage) => usage.max);
}

/**
 * The read replica's use when DATABASE_READ_URL is set (ADR 042): reads it answered, reads that went to the primary
 * instead and why, and its lag as last measured. A rising fallback rate or lag is worth an alert: the primary then
 * carries the reads.
 */
function registerReadReplicaMetrics(fastify: FastifyInstance, registry: Registry): void {
  const replica = fastify.hasDecorator('readReplica') ? fastify.readReplica : null;
  if (replica === null) return;
  new Counter({
    name: 'b2b_read_replica_reads_total',
    help: 'Reads the read replica answered (product and document reads, search index loads) since the process started.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(replica.totals.replica);
    },
  });
  new Counter({
    name: 'b2b_read_replica_fallbacks_total',
    help:
      'Reads that could have gone to the read replica but went to the primary, by reason: unavailable (the probe ' +
      'failed), lagging (behind READ_REPLICA_MAX_LAG_MS), error (the read failed there), not_found (not replayed yet).',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const reason of READ_REPLICA_FALLBACK_REASONS) this.inc({ reason }, replica.totals.fallbacks[reason]);
    },
  });
  new Gauge({
    name: 'b2b_read_replica_up',
    help: 'Whether reads go to the read replica now (1), or to the primary because it is unavailable or lagging (0).',
    registers: [registry],
    collect() {
      this.set(replica.state === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'b2b_read_replica_lag_seconds',
    help:
      'How far the read replica was behind the primary at the last probe that reached it (probed every second; ' +
      'while it does not answer, b2b_read_replica_up is 0 and this keeps the last value).',
    registers: [registry],
    collect() {
      if (replica.lagMs !== null) this.set(replica.lagMs / 1000);
    },
  });
}
