/**
 * `npm run bench:cart`: latency of "add a line + calculate" on a 1-line and on a 200-line cart, measured in-process
 * through `app.inject` (no network: the API's own cost) on the 100k-product catalogue in PGlite.
 *
 * Uses the bench catalogue of support.ts (PGLITE_DATA_DIR, default <repo>/.data/bench; seeded there when
 * missing), logs in as eu-buyer, opens a fresh cart per scenario and runs each iteration as AddOrUpdateLines
 * (override the quantity of one line, so the cart keeps its size) followed by CalculateCart with the version the
 * add returned, sequentially. The 1-line cart runs a second time as a sales rep impersonating eu-buyer's customer
 * (the bench's own rep `bench-rep`, created with that customer in its book), iterations of both taken in turn.
 * Prints p50 / p95 / p99 of the pair and of each call. Output also goes to <repo>/bench/results/cart.txt.
 *
 * Targets (issue 3): p95 ≤ 10 ms (1 line) and ≤ 30 ms (200 lines); (issue 8) impersonating within 10 % of the
 * customer's own p95.
 */
import path from 'node:path';
import { hashPassword } from '@b2b/db';
import { customers, userImpersonationCustomers, users } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import {
  BENCH_DATA_DIR,
  BENCH_PRODUCT_COUNT,
  buildBenchApp,
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
const DEMO_PASSWORD = 'demo';
const BENCH_REP_USERNAME = 'bench-rep';
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

type App = Awaited<ReturnType<typeof buildBenchApp>>;

/** Logs in (demo password) and returns the Authorization header. */
async function logIn(app: App, username: string, password = DEMO_PASSWORD) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: { area: AREA, username, password },
  });
  if (login.statusCode !== 200) throw new Error(`Login of ${username} failed: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
}

/**
 * A sales rep's impersonation token for the customer of `buyerUsername`: the bench's own rep (created once, with the
 * customer in the book) logs in and calls Impersonate, as the storefront does.
 */
async function impersonateBenchCustomer(app: App, buyerUsername: string) {
  const { db } = app.database;
  const [buyer] = await db
    .select({ customerId: users.customerId, customerNumber: customers.customerNumber })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.username, buyerUsername));
  if (!buyer?.customerId) throw new Error(`${buyerUsername} has no customer`);
  const [rep] = await db
    .insert(users)
    .values({
      username: BENCH_REP_USERNAME,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: 'Bench Rep',
      email: `${BENCH_REP_USERNAME}@bench.example`,
      roles: ['impersonation'],
    })
    .onConflictDoUpdate({ target: users.username, set: { roles: ['impersonation'] } })
    .returning({ id: users.id });
  if (!rep) throw new Error('the bench rep was not created');
  await db
    .insert(userImpersonationCustomers)
    .values({ userId: rep.id, customerId: buyer.customerId })
    .onConflictDoNothing();
  const repHeaders = await logIn(app, BENCH_REP_USERNAME);
  const impersonated = await app.inject({
    method: 'POST',
    url: '/api/User/Impersonate',
    headers: repHeaders,
    payload: { area: AREA, customerNo: buyer.customerNumber, reason: 'bench' },
  });
  if (impersonated.statusCode !== 200) {
    throw new Error(`Impersonate failed: ${impersonated.statusCode} ${impersonated.body}`);
  }
  return { authorization: `Bearer ${impersonated.json<{ token: string }>().token}` };
}

async function main() {
  await ensureBenchCatalogue();
  const app = await buildBenchApp();
  try {
    const buyerHeaders = await logIn(app, 'eu-buyer');
    const impersonatingHeaders = await impersonateBenchCustomer(app, 'eu-buyer');
    type Headers = typeof buyerHeaders;
    const send = async (headers: Headers, method: 'POST' | 'PATCH' | 'DELETE', name: string, payload: object) => {
      const response = await app.inject({ method, url: `/api/Cart/${name}`, headers, payload });
      if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
      return response.json<{ cart: { cartId: string; version: number; lines: unknown[] } }>();
    };

    /** A fresh open cart of the caller with `lineCount` lines, and one measured iteration on it. */
    const openScenario = async (label: string, headers: Headers, lineCount: number) => {
      const { cart } = await send(headers, 'POST', 'CreateCart', { area: AREA });
      const keys = productKeys(lineCount);
      for (let start = 0; start < keys.length; start += 100) {
        await send(headers, 'POST', 'AddOrUpdateLines', {
          area: AREA,
          cartId: cart.cartId,
          lines: keys.slice(start, start + 100).map((productKey) => ({ productKey, quantity: 1 })),
        });
      }
      const pair: number[] = [];
      const add: number[] = [];
      const calculate: number[] = [];
      const runIteration = async (iteration: number) => {
        const productKey = keys[iteration % keys.length];
        const startedAt = performance.now();
        const added = await send(headers, 'POST', 'AddOrUpdateLines', {
          area: AREA,
          cartId: cart.cartId,
          lines: [{ productKey, quantity: 1 + (iteration % 5) }],
          overrideExistingQuantity: true,
        });
        const addedAt = performance.now();
        const calculated = await send(headers, 'POST', 'CalculateCart', {
          area: AREA,
          cartId: cart.cartId,
          shipToCountryCode: 'DK',
          version: added.cart.version,
        });
        const finishedAt = performance.now();
        if (calculated.cart.lines.length < lineCount) throw new Error('the calculated cart lost lines');
        if (iteration < WARM_UP) return;
        pair.push(finishedAt - startedAt);
        add.push(addedAt - startedAt);
        calculate.push(finishedAt - addedAt);
      };
      const summaries = () => [
        summarise(`${label}: add a line + calculate`, pair),
        summarise(`${label}: AddOrUpdateLines`, add),
        summarise(`${label}: CalculateCart`, calculate),
      ];
      return { runIteration, summaries };
    };

    // The 1-line cart runs twice, as the customer and as a sales rep impersonating the customer (ADR 013: the token
    // check and the recorded action per write), one iteration of each in turn (which goes first alternates), so both
    // see the same machine load and neither always follows the other.
    console.error('[bench] 1-line cart, as the customer and impersonating…');
    const own = await openScenario('1-line cart', buyerHeaders, 1);
    const impersonating = await openScenario('1-line cart, impersonating', impersonatingHeaders, 1);
    for (let iteration = 0; iteration < WARM_UP + ITERATIONS; iteration++) {
      const [first, second] = iteration % 2 === 0 ? [own, impersonating] : [impersonating, own];
      await first.runIteration(iteration);
      await second.runIteration(iteration);
    }
    console.error('[bench] 200-line cart…');
    const large = await openScenario('200-line cart', buyerHeaders, 200);
    for (let iteration = 0; iteration < WARM_UP + ITERATIONS; iteration++) await large.runIteration(iteration);
    const samples: Sample[] = [...own.summaries(), ...impersonating.summaries(), ...large.summaries()];
    const [ownPair] = own.summaries();
    const [impersonatingPair] = impersonating.summaries();

    print(`# npm run bench:cart — ${new Date().toISOString()}`);
    print(
      `# ${BENCH_PRODUCT_COUNT} products (PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}), ${machineLine()}`,
    );
    print(`# app.inject, sequential; ${WARM_UP} warm-up + ${ITERATIONS} measured iterations per cart size`);
    print('# iteration = AddOrUpdateLines (override one line’s quantity) then CalculateCart (with version, to DK)');
    print('# impersonating = the same as a sales rep acting for eu-buyer’s customer (each add recorded as an action)');
    print();
    for (const line of formatTable(samples)) print(line);
    print();
    if (ownPair && impersonatingPair) {
      const overhead = (impersonatingPair.p95 / ownPair.p95 - 1) * 100;
      print(
        `Impersonating: add a line + calculate p95 ${overhead >= 0 ? '+' : ''}${overhead.toFixed(1)} % (1-line cart).`,
      );
    }
    print('Targets: add a line + calculate p95 ≤ 10 ms (1 line), ≤ 30 ms (200 lines); impersonating within 10 %.');
  } finally {
    await app.close();
  }
  report.save();
}

await main();
