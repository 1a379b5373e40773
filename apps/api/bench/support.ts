/**
 * What the benchmarks share: the bench catalogue (100k products in their own PGlite folder, seeded once), the
 * percentiles, the result table and the report that is printed and written to <repo>/bench/results/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@b2b/db';
import { invoices, products, users } from '@b2b/db/schema';
import { count, eq } from 'drizzle-orm';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** PGLITE_DATA_DIR, default <repo>/.data/bench: never the development database. */
export const BENCH_DATA_DIR = process.env.PGLITE_DATA_DIR || path.join(REPO_ROOT, '.data', 'bench');
/** BENCH_PRODUCTS, default 100000. */
export const BENCH_PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/**
 * Orders per demo customer in the bench catalogue's order history: ~94 % of them are invoiced, so the benched
 * customer (eu-buyer's) gets ≥ BENCH_MIN_INVOICES invoices (the documents bench pages through 20 of 10,000+).
 */
const BENCH_HISTORY_ORDERS = 11_000;
/** The customer whose documents the documents bench reads: the folder is reseeded until it has this many. */
export const BENCH_DOCUMENTS_USERNAME = 'eu-buyer';
const BENCH_MIN_INVOICES = 10_000;

/**
 * Seeds the bench catalogue unless it already holds BENCH_PRODUCT_COUNT products and the order history's invoices
 * (minutes on a fresh folder; a folder seeded before the history existed is seeded again).
 */
export async function ensureBenchCatalogue(): Promise<void> {
  const database = await createDatabase({ url: '', dataDir: BENCH_DATA_DIR });
  let existing = 0;
  let existingInvoices = 0;
  try {
    const [row] = await database.db.select({ value: count() }).from(products);
    existing = row?.value ?? 0;
    const [invoiceRow] = await database.db
      .select({ value: count() })
      .from(invoices)
      .innerJoin(users, eq(users.customerId, invoices.customerId))
      .where(eq(users.username, BENCH_DOCUMENTS_USERNAME));
    existingInvoices = invoiceRow?.value ?? 0;
  } catch {
    // No tables yet: a fresh folder.
  } finally {
    await database.close();
  }
  if (existing === BENCH_PRODUCT_COUNT && existingInvoices >= BENCH_MIN_INVOICES) return;
  console.log(
    `[bench] seeding ${BENCH_PRODUCT_COUNT} products and ${BENCH_HISTORY_ORDERS} orders per demo customer into ${BENCH_DATA_DIR} (found ${existing} products, ${existingInvoices} invoices of ${BENCH_DOCUMENTS_USERNAME}); this takes minutes…`,
  );
  const startedAt = performance.now();
  const seedArguments = ['--products', String(BENCH_PRODUCT_COUNT), '--history-orders', String(BENCH_HISTORY_ORDERS)];
  const result = spawnSync('npm', ['run', 'db:seed', '--', ...seedArguments, '--reset'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PGLITE_DATA_DIR: BENCH_DATA_DIR, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Seeding the bench catalogue failed.');
  console.log(`[bench] seeded the bench catalogue in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
}

/**
 * The API on the bench catalogue, in-process (requests through `app.inject`, or `listen`), quiet, never on the
 * environment's DATABASE_URL; `databaseUrl` names a PostgreSQL database the caller has seeded (bench:cart's rows).
 */
export async function buildBenchApp(options: { databaseUrl?: string } = {}) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl ?? '',
    PGLITE_DATA_DIR: BENCH_DATA_DIR,
  });
  console.error('[bench] building the app (migrations, search index)…');
  return build(config);
}

export type Sample = { name: string; p50: number; p95: number; p99: number; mean: number; perSecond?: number };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
}

/** p50 / p95 / p99 / mean of durations in ms; `totalMs` (the wall time of the run) adds requests per second. */
export function summarise(name: string, durations: number[], totalMs?: number): Sample {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    name,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    ...(totalMs === undefined ? {} : { perSecond: (durations.length / totalMs) * 1000 }),
  };
}

/** A fixed-width table; the req/s column only when every sample has a rate. */
/** Runs `run` `warmUp` times unmeasured, then `iterations` times measured, one after the other. */
export async function measureInSequence(
  name: string,
  counts: { warmUp: number; iterations: number },
  run: (iteration: number) => Promise<void> | void,
): Promise<Sample> {
  console.error(`[bench] ${name}…`);
  for (let iteration = 0; iteration < counts.warmUp; iteration++) await run(iteration);
  const durations: number[] = [];
  const startedAt = performance.now();
  for (let iteration = 0; iteration < counts.iterations; iteration++) {
    const before = performance.now();
    await run(iteration);
    durations.push(performance.now() - before);
  }
  return summarise(name, durations, performance.now() - startedAt);
}

export function formatTable(samples: Sample[]): string[] {
  const withRate = samples.every((sample) => sample.perSecond !== undefined);
  const header = ['scenario', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms', ...(withRate ? ['req/s'] : [])];
  const rows = samples.map((sample) => [
    sample.name,
    sample.p50.toFixed(2),
    sample.p95.toFixed(2),
    sample.p99.toFixed(2),
    sample.mean.toFixed(2),
    ...(withRate ? [Math.round(sample.perSecond ?? 0).toString()] : []),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(format)];
}

/** The machine line of a report: Node, CPUs and the load, since figures are only comparable on a quiet machine. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${load}`;
}

/** Lines printed as they come and written to bench/results/<name>.txt at the end. */
export function createReport(name: string) {
  const lines: string[] = [];
  const file = path.join(REPO_ROOT, 'bench', 'results', `${name}.txt`);
  return {
    print(line = ''): void {
      console.log(line);
      lines.push(line);
    },
    save(): void {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${lines.join('\n')}\n`);
      console.log(`\n[bench] written to ${path.relative(process.cwd(), file)}`);
    },
  };
}
