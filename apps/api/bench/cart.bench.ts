/**
 * `npm run bench:cart`: latency of "add a line + calculate" on a 1-line and on a 200-line cart, measured in-process
 * through `app.inject` (no network: the API's own cost) on the 100k-product catalogue in PGlite.
 *
 * Uses the bench catalogue of search.bench.ts (PGLITE_DATA_DIR, default <repo>/.data/bench; seeded there when
 * missing), logs in as eu-buyer, opens a fresh cart per scenario and runs each iteration as AddOrUpdateLines
 * (override the quantity of one line, so the cart keeps its size) followed by CalculateCart with the version the
 * add returned, sequentially. Prints p50 / p95 / p99 of the pair and of each call. Output also goes to
 * <repo>/bench/results/cart.txt.
 *
 * Targets (issue 3): p95 ≤ 10 ms (1 line) and ≤ 30 ms (200 lines).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@b2b/db';
import { products } from '@b2b/db/schema';
import { count } from 'drizzle-orm';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DATA_DIR = process.env.PGLITE_DATA_DIR || path.join(REPO_ROOT, '.data', 'bench');
const PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1_000);
const RESULT_FILE = path.join(REPO_ROOT, 'bench', 'results', 'cart.txt');
const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;

const output: string[] = [];
function print(line = ''): void {
  console.log(line);
  output.push(line);
}

/** Seeds the bench catalogue unless it already holds PRODUCT_COUNT products (as search.bench.ts does). */
async function ensureCatalogue(): Promise<void> {
  const database = await createDatabase({ url: '', dataDir: DATA_DIR });
  let existing = 0;
  try {
    const [row] = await database.db.select({ value: count() }).from(products);
    existing = row?.value ?? 0;
  } catch {
    // No tables yet: a fresh folder.
  } finally {
    await database.close();
  }
  if (existing === PRODUCT_COUNT) return;
  console.log(`[bench] seeding ${PRODUCT_COUNT} products into ${DATA_DIR} (found ${existing}); this takes minutes…`);
  const result = spawnSync('npm', ['run', 'db:seed', '--', '--products', String(PRODUCT_COUNT), '--reset'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PGLITE_DATA_DIR: DATA_DIR, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Seeding the bench catalogue failed.');
}

type Sample = { name: string; p50: number; p95: number; p99: number; mean: number };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
}

function summarise(name: string, durations: number[]): Sample {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    name,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
}

function formatTable(samples: Sample[]): string[] {
  const header = ['scenario', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms'];
  const rows = samples.map((sample) => [
    sample.name,
    sample.p50.toFixed(2),
    sample.p95.toFixed(2),
    sample.p99.toFixed(2),
    sample.mean.toFixed(2),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(format)];
}

/** Product keys of the seeded catalogue: products 100001… with their first variant, bundles (every 100th) left out. */
function productKeys(amount: number) {
  const keys: Array<{ productId: string; variantId: string }> = [];
  for (let number = 100_001; keys.length < amount; number++) {
    if (number % 100 === 0) continue;
    keys.push({ productId: String(number), variantId: `${number}-01` });
  }
  return keys;
}

async function main() {
  await ensureCatalogue();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    PGLITE_DATA_DIR: DATA_DIR,
  });
  console.error('[bench] building the app (migrations, search index)…');
  const app = await build(config);
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { area: AREA, username: 'eu-buyer', password: 'demo' },
    });
    if (login.statusCode !== 200) throw new Error(`Login failed: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
    const send = async (method: 'POST' | 'PATCH' | 'DELETE', name: string, payload: object) => {
      const response = await app.inject({ method, url: `/api/Cart/${name}`, headers, payload });
      if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
      return response.json<{ cart: { cartId: string; version: number; lines: unknown[] } }>();
    };

    const samples: Sample[] = [];
    for (const lineCount of [1, 200]) {
      const { cart } = await send('POST', 'CreateCart', { area: AREA });
      const keys = productKeys(lineCount);
      for (let start = 0; start < keys.length; start += 100) {
        await send('POST', 'AddOrUpdateLines', {
          area: AREA,
          cartId: cart.cartId,
          lines: keys.slice(start, start + 100).map((productKey) => ({ productKey, quantity: 1 })),
        });
      }
      console.error(`[bench] ${lineCount}-line cart…`);
      const pair: number[] = [];
      const add: number[] = [];
      const calculate: number[] = [];
      for (let iteration = 0; iteration < WARM_UP + ITERATIONS; iteration++) {
        const productKey = keys[iteration % keys.length];
        const startedAt = performance.now();
        const added = await send('POST', 'AddOrUpdateLines', {
          area: AREA,
          cartId: cart.cartId,
          lines: [{ productKey, quantity: 1 + (iteration % 5) }],
          overrideExistingQuantity: true,
        });
        const addedAt = performance.now();
        const calculated = await send('POST', 'CalculateCart', {
          area: AREA,
          cartId: cart.cartId,
          shipToCountryCode: 'DK',
          version: added.cart.version,
        });
        const finishedAt = performance.now();
        if (calculated.cart.lines.length < lineCount) throw new Error('the calculated cart lost lines');
        if (iteration < WARM_UP) continue;
        pair.push(finishedAt - startedAt);
        add.push(addedAt - startedAt);
        calculate.push(finishedAt - addedAt);
      }
      const label = `${lineCount}-line cart`;
      samples.push(
        summarise(`${label}: add a line + calculate`, pair),
        summarise(`${label}: AddOrUpdateLines`, add),
        summarise(`${label}: CalculateCart`, calculate),
      );
    }

    print(`# npm run bench:cart — ${new Date().toISOString()}`);
    print(
      `# ${PRODUCT_COUNT} products (PGlite at ${path.relative(REPO_ROOT, DATA_DIR) || DATA_DIR}), Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    print(`# app.inject, sequential; ${WARM_UP} warm-up + ${ITERATIONS} measured iterations per cart size`);
    print('# iteration = AddOrUpdateLines (override one line’s quantity) then CalculateCart (with version, to DK)');
    print();
    for (const line of formatTable(samples)) print(line);
    print();
    print('Targets: add a line + calculate p95 ≤ 10 ms (1 line), ≤ 30 ms (200 lines).');
  } finally {
    await app.close();
  }
  mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  writeFileSync(RESULT_FILE, `${output.join('\n')}\n`);
}

await main();
