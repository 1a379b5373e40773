/**
 * `npm run bench:cart`: latency of "add a line + calculate" on a 1-line and on a 200-line cart, measured in-process
 * through `app.inject` (no network: the API's own cost) on the 100k-product catalogue in PGlite.
 *
 * Uses the bench catalogue of support.ts (PGLITE_DATA_DIR, default <repo>/.data/bench; seeded there when
 * missing), logs in as eu-buyer, opens a fresh cart per scenario and runs each iteration as AddOrUpdateLines
 * (override the quantity of one line, so the cart keeps its size) followed by CalculateCart with the version the
 * add returned, sequentially. Prints p50 / p95 / p99 of the pair and of each call. Output also goes to
 * <repo>/bench/results/cart.txt.
 *
 * Targets (issue 3): p95 ≤ 10 ms (1 line) and ≤ 30 ms (200 lines).
 */
import path from 'node:path';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  BENCH_DATA_DIR,
  BENCH_PRODUCT_COUNT,
  createReport,
  ensureBenchCatalogue,
  formatTable,
  machineLine,
  REPO_ROOT,
  type Sample,
  summarise,
} from './support.ts';

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 100);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1_000);
const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const report = createReport('cart');
const print = report.print;

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
  await ensureBenchCatalogue();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    PGLITE_DATA_DIR: BENCH_DATA_DIR,
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
      `# ${BENCH_PRODUCT_COUNT} products (PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}), ${machineLine()}`,
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
  report.save();
}

await main();
