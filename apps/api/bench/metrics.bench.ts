/**
 * `npm run bench:metrics --workspace apps/api`: what the Prometheus metrics (ADR 039) cost a request, and what a
 * scrape costs. Two apps on one database (the demo catalogue, in memory), one without METRICS_PORT and one with it,
 * answer the same requests through `app.inject` in alternating rounds, so a machine that slows down or warms up
 * during the run weighs on both alike. Then the metrics port is scraped over loopback as Prometheus would.
 *
 * Requests: `GET /api/health` (one database round trip) and a path no route matches (no database: the framework's
 * own path, where a hook's cost shows most). The output is written to <repo>/bench/results/metrics.txt.
 */
import { createTestDatabase } from '@b2b/db/testing';
import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createReport, formatTable, machineLine, type Sample, summarise } from './support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2_000);
const WARM_UP = 500;
const SCRAPES = 50;
const report = createReport('metrics');
const print = report.print;

const SCENARIOS = [
  { name: 'GET /api/health', url: '/api/health' },
  { name: 'GET unmatched path (404)', url: '/api/no-such-call' },
] as const;

/** A difference of milliseconds in signed microseconds. */
const microseconds = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms * 1000).toFixed(1)} µs`;

async function timeRequests(app: FastifyInstance, url: string, count: number, durations: number[] | null) {
  for (let iteration = 0; iteration < count; iteration++) {
    const before = performance.now();
    await app.inject({ method: 'GET', url });
    durations?.push(performance.now() - before);
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const base = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-metrics-secret-bench-metrics-secret',
  } as const;
  const off = await build(loadConfig(base), { database });
  const on = await build(loadConfig({ ...base, METRICS_PORT: '0' }), { database });
  try {
    print(`# Metrics cost (ADR 039), ${new Date().toISOString()}`);
    print(machineLine());
    print(`${ROUNDS} alternating rounds of ${ITERATIONS} requests per app and scenario, in sequence (app.inject)`);
    print();
    const rows: Sample[] = [];
    const differences: string[] = [];
    for (const scenario of SCENARIOS) {
      const durations = { off: [] as number[], on: [] as number[] };
      await timeRequests(off, scenario.url, WARM_UP, null);
      await timeRequests(on, scenario.url, WARM_UP, null);
      for (let round = 0; round < ROUNDS; round++) {
        // which app goes first alternates too
        const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const which of order) {
          console.error(`[bench] ${scenario.name}, metrics ${which}, round ${round + 1}/${ROUNDS}…`);
          await timeRequests(which === 'on' ? on : off, scenario.url, ITERATIONS, durations[which]);
        }
      }
      const offSample = summarise(`${scenario.name}, metrics off`, durations.off);
      const onSample = summarise(`${scenario.name}, metrics on`, durations.on);
      rows.push(offSample, onSample);
      differences.push(
        `${scenario.name}, metrics on − off: ${microseconds(onSample.p50 - offSample.p50)} p50, ` +
          `${microseconds(onSample.mean - offSample.mean)} mean a request`,
      );
    }
    for (const line of formatTable(rows)) print(line);
    print();
    for (const line of differences) print(line);

    // The hook's own work, free of the machine's noise: one histogram observation with its three labels.
    const histogram = new Histogram({
      name: 'bench_request_duration_seconds',
      help: 'bench',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [],
    });
    const OBSERVATIONS = 1_000_000;
    const observeStart = performance.now();
    for (let index = 0; index < OBSERVATIONS; index++) {
      histogram.observe({ method: 'POST', route: SCENARIOS[index % 2]?.url ?? '', status_class: '2xx' }, 0.003);
    }
    print();
    print(
      `one observation (the onResponse hook's work): ${(((performance.now() - observeStart) / OBSERVATIONS) * 1000).toFixed(2)} µs`,
    );

    const port = on.metricsAddress()?.port;
    const scrapeDurations: number[] = [];
    let bytes = 0;
    for (let scrape = 0; scrape < SCRAPES; scrape++) {
      const before = performance.now();
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      scrapeDurations.push(performance.now() - before);
      bytes = text.length;
    }
    print();
    for (const line of formatTable([summarise(`scrape GET /metrics (${bytes} bytes)`, scrapeDurations)])) print(line);
  } finally {
    await on.close();
    await off.close();
    await database.close();
  }
  report.save();
}

await main();
