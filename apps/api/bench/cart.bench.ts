/**
 * `npm run bench:cart`: latency of "add a line + calculate" (AddOrUpdateLines, then CalculateCart with the version
 * the add returned, as the storefront does: features/cart/cart.server.ts then resources.cart-calculation.ts).
 *
 * 1. In-process through `app.inject` (no network: the API's own cost) on the 100k-product catalogue in PGlite, on a
 *    1-line and a 200-line cart, sequentially; the 1-line cart also as a sales rep impersonating eu-buyer's customer
 *    (the bench's own rep `bench-rep`), iterations of both taken in turn. Then (issue 27) a 200-line cart whose lines
 *    are in 20 active campaigns (10 Campaign, 10 MixMatch, the bench's own, for the bench's own copy of eu-buyer's
 *    customer) next to the same 200 products in a cart of eu-buyer's customer, which no campaign covers, iterations
 *    taken in turn, with the ratio of their p95.
 * 2. Over HTTP (issue 12): the API in a child process listening on 127.0.0.1 (BENCH_CART_PORT, default 4404), requests
 *    through node:http with keep-alive connections from this process, as the storefront's API client calls it
 *    (apps/web/app/lib/api.server.ts; fetch added ≈ 2 ms of client time to a pair), logged in as bench shoppers of
 *    eu-buyer's customer (one open cart per user, so every concurrent worker has its own cart: distinct carts, no
 *    lock shared). Rows: 1-line cart at c=1 and c=10, 200-line cart at c=1, each for BENCH_HTTP_SECONDS after a
 *    warm-up; on PGlite (the bench catalogue) and on PostgreSQL (a throwaway cluster of Debian's server binaries,
 *    scripts/lib/postgres-cluster.mjs, migrated and seeded with the demo catalogue; skipped with a line saying why
 *    when the binaries are missing).
 *    Beside each row: the server process's CPU (in cores) and its event loop's busy share over the measured window.
 *
 * Prints p50 / p95 / p99 (and req/s over HTTP, one request = add + calculate). Output also goes to
 * <repo>/bench/results/cart.txt.
 *
 * Targets (issue 3): p95 ≤ 10 ms (1 line) and ≤ 30 ms (200 lines) in-process; (issue 8) impersonating within 10 % of
 * the customer's own p95; (issue 27) the 200-line cart with 20 campaigns within 1.3 × the p95 of the one without; (issue 12) over HTTP on PGlite p95 ≤ 6 ms (1 line, c=1) and ≤ 20 ms (200 lines, c=1), on
 * PostgreSQL throughput rising from c=1 to c=10 and ≥ 300 req/s at c=10.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sortCampaignQuantities } from '@b2b/contract';
import { createDatabase, type Executor, hashPassword, queryRows } from '@b2b/db';
import {
  campaignCustomers,
  campaignItems,
  campaigns,
  customerAddresses,
  customers,
  productComponents,
  products,
  productVariants,
  userImpersonationCustomers,
  users,
} from '@b2b/db/schema';
import { eq, like, sql } from 'drizzle-orm';
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
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const HTTP_WARM_UP_SECONDS = Number(process.env.BENCH_HTTP_WARM_UP_SECONDS ?? 2);
const HTTP_PORT = Number(process.env.BENCH_CART_PORT ?? 4404);
/** The first port the PostgreSQL cluster tries (the next free one is taken). */
const POSTGRES_PORT = Number(process.env.BENCH_CART_PG_PORT ?? 4405);
/** Products of the demo catalogue seeded into PostgreSQL (the cart's reads are index probes: size hardly matters). */
const POSTGRES_PRODUCTS = Number(process.env.BENCH_CART_PG_PRODUCTS ?? 2_000);
const HIGH_CONCURRENCY = 10;
/** Users of eu-buyer's customer, one per concurrent worker: one open cart per customer and user (ADR 007). */
const SHOPPER_USERNAMES = Array.from({ length: HIGH_CONCURRENCY }, (_, index) => `bench-shopper-${index + 1}`);
const report = createReport('cart');
const print = report.print;

/** The largest cart a scenario fills. */
const MAX_BENCH_LINES = 200;
type ProductKey = { productId: string; variantId: string };

/** The campaign row (issue 27): its campaigns, the products each holds, and the customer they are for. */
const BENCH_CAMPAIGN_COUNT = 20;
const BENCH_CAMPAIGN_ID_PREFIX = 'bench-campaign-';
const BENCH_CAMPAIGN_CUSTOMER_NUMBER = 'bench-campaigns';
const BENCH_CAMPAIGN_USERNAME = 'bench-campaign-buyer';
/** Campaign levels count each product's own quantity (1–5 in the iterations): some lines reach a level, some not. */
const BENCH_PRODUCT_LEVELS = [
  { minimumQuantity: 2, discountPercentage: 5 },
  { minimumQuantity: 4, discountPercentage: 10 },
];
/** MixMatch levels count the campaign's 10 lines together (10–50 pieces). */
const BENCH_RANGE_LEVELS = [
  { minimumQuantity: 10, discountPercentage: 5 },
  { minimumQuantity: 25, discountPercentage: 7.5 },
  { minimumQuantity: 40, discountPercentage: 12.5 },
];

/**
 * Product keys a cart can hold (MAX_BENCH_LINES of them): products still sold, not bundles, each with its first
 * variant, in id order (the demo seed discontinues a few products, so the keys are read rather than assumed).
 */
async function findProductKeys(db: Executor): Promise<ProductKey[]> {
  return queryRows<ProductKey>(
    db,
    sql`select p.id as "productId", min(v.id) as "variantId"
          from ${products} p
          join ${productVariants} v on v.product_id = p.id
         where p.discontinued_at is null
           and not exists (select 1 from ${productComponents} pc where pc.product_id = p.id)
         group by p.id
         order by p.id
         limit ${MAX_BENCH_LINES}`,
  );
}

/**
 * MAX_BENCH_LINES product keys as findProductKeys picks them, of products no campaign but the bench's own holds: the
 * cart without campaigns is then truly without (the demo seed's campaigns cover whole categories).
 */
async function findCampaignFreeProductKeys(db: Executor): Promise<ProductKey[]> {
  return queryRows<ProductKey>(
    db,
    sql`select p.id as "productId", min(v.id) as "variantId"
          from ${products} p
          join ${productVariants} v on v.product_id = p.id
         where p.discontinued_at is null
           and not exists (select 1 from ${productComponents} pc where pc.product_id = p.id)
           and not exists (
             select 1 from ${campaignItems} ci
              where ci.product_id = p.id and ci.campaign_id not like ${`${BENCH_CAMPAIGN_ID_PREFIX}%`})
         group by p.id
         order by p.id
         limit ${MAX_BENCH_LINES}`,
  );
}

/**
 * Before the app starts (so no cache of the API's can hold an older view): the bench's copy of eu-buyer's customer
 * (same area, currency and price group, so the same net prices) with a login, and BENCH_CAMPAIGN_COUNT campaigns for
 * it alone, valid from a year ago for years, each over 10 of the campaign-free products; replaced on every run.
 */
async function prepareCampaignBench(): Promise<void> {
  const database = await createDatabase({ url: '', dataDir: BENCH_DATA_DIR });
  try {
    const { db } = database;
    const [buyer] = await db
      .select({ customer: customers })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(eq(users.username, 'eu-buyer'));
    if (!buyer) throw new Error('eu-buyer has no customer');
    const { id: _id, customerNumber: _number, name: _name, ...sameTerms } = buyer.customer;
    const [customer] = await db
      .insert(customers)
      .values({ ...sameTerms, customerNumber: BENCH_CAMPAIGN_CUSTOMER_NUMBER, name: 'Bench campaign customer' })
      .onConflictDoUpdate({ target: customers.customerNumber, set: sameTerms })
      .returning({ id: customers.id });
    if (!customer) throw new Error('the bench campaign customer was not created');
    await db.delete(customerAddresses).where(eq(customerAddresses.customerId, customer.id));
    const addresses = await db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, buyer.customer.id));
    for (const { id: _addressId, ...address } of addresses) {
      await db.insert(customerAddresses).values({ ...address, customerId: customer.id });
    }
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values({
        username: BENCH_CAMPAIGN_USERNAME,
        passwordHash,
        name: 'Bench campaign buyer',
        email: `${BENCH_CAMPAIGN_USERNAME}@bench.example`,
        customerId: customer.id,
      })
      .onConflictDoUpdate({ target: users.username, set: { customerId: customer.id, passwordHash } });

    await db.delete(campaigns).where(like(campaigns.id, `${BENCH_CAMPAIGN_ID_PREFIX}%`));
    const keys = await findCampaignFreeProductKeys(db);
    if (keys.length < MAX_BENCH_LINES) throw new Error(`only ${keys.length} products are in no campaign`);
    const perCampaign = MAX_BENCH_LINES / BENCH_CAMPAIGN_COUNT;
    const day = 24 * 3_600_000;
    for (let index = 0; index < BENCH_CAMPAIGN_COUNT; index++) {
      const id = `${BENCH_CAMPAIGN_ID_PREFIX}${String(index + 1).padStart(2, '0')}`;
      const isRange = index % 2 === 1;
      await db.insert(campaigns).values({
        id,
        areaId: AREA.areaId,
        name: `Bench campaign ${index + 1}`,
        campaignType: isRange ? 'MixMatch' : 'Campaign',
        validFrom: new Date(Date.now() - 365 * day),
        validTo: new Date(Date.now() + 5 * 365 * day),
        targeting: 'customers',
        quantities: sortCampaignQuantities(isRange ? BENCH_RANGE_LEVELS : BENCH_PRODUCT_LEVELS),
      });
      await db.insert(campaignCustomers).values({ campaignId: id, customerId: customer.id });
      await db
        .insert(campaignItems)
        .values(
          keys
            .slice(index * perCampaign, (index + 1) * perCampaign)
            .map((key) => ({ campaignId: id, productId: key.productId })),
        );
    }
  } finally {
    await database.close();
  }
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

/** Part 1: app.inject, the API's own cost. Returns the report's lines. */
async function measureInProcess(): Promise<string[]> {
  const lines: string[] = [];
  const app = await buildBenchApp();
  try {
    const allKeys = await findProductKeys(app.database.db);
    const buyerHeaders = await logIn(app, 'eu-buyer');
    const impersonatingHeaders = await impersonateBenchCustomer(app, 'eu-buyer');
    type Headers = typeof buyerHeaders;
    const send = async (headers: Headers, method: 'POST' | 'PATCH' | 'DELETE', name: string, payload: object) => {
      const response = await app.inject({ method, url: `/api/Cart/${name}`, headers, payload });
      if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
      return response.json<{ cart: { cartId: string; version: number; lines: Array<{ campaign?: unknown }> } }>();
    };

    /** A fresh open cart of the caller with `lineCount` lines, and one measured iteration on it. */
    const openScenario = async (label: string, headers: Headers, lineCount: number, fromKeys = allKeys) => {
      const { cart } = await send(headers, 'POST', 'CreateCart', { area: AREA });
      const keys = fromKeys.slice(0, lineCount);
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
      /** Lines of the last calculation a campaign priced (0 while the API prices no campaign). */
      let campaignLines = 0;
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
        campaignLines = calculated.cart.lines.filter((line) => line.campaign != null).length;
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
      return { runIteration, summaries, campaignLines: () => campaignLines };
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
    // Issue 27: the same 200 products with and without 20 campaigns, iterations in turn as above.
    console.error('[bench] 200-line cart with 20 campaigns, and without…');
    const campaignFreeKeys = await findCampaignFreeProductKeys(app.database.db);
    const withCampaigns = await openScenario(
      '200-line cart, 20 campaigns',
      await logIn(app, BENCH_CAMPAIGN_USERNAME),
      MAX_BENCH_LINES,
      campaignFreeKeys,
    );
    const withoutCampaigns = await openScenario(
      '200-line cart, no campaign',
      buyerHeaders,
      MAX_BENCH_LINES,
      campaignFreeKeys,
    );
    for (let iteration = 0; iteration < WARM_UP + ITERATIONS; iteration++) {
      const [first, second] =
        iteration % 2 === 0 ? [withCampaigns, withoutCampaigns] : [withoutCampaigns, withCampaigns];
      await first.runIteration(iteration);
      await second.runIteration(iteration);
    }
    const samples: Sample[] = [
      ...own.summaries(),
      ...impersonating.summaries(),
      ...large.summaries(),
      ...withCampaigns.summaries(),
      ...withoutCampaigns.summaries(),
    ];
    const [ownPair] = own.summaries();
    const [impersonatingPair] = impersonating.summaries();
    const [campaignPair] = withCampaigns.summaries();
    const [noCampaignPair] = withoutCampaigns.summaries();

    lines.push(`# app.inject, sequential; ${WARM_UP} warm-up + ${ITERATIONS} measured iterations per cart size`);
    lines.push(
      '# iteration = AddOrUpdateLines (override one line’s quantity) then CalculateCart (with version, to DK)',
    );
    lines.push(
      '# impersonating = the same as a sales rep acting for eu-buyer’s customer (each add recorded as an action)',
    );
    lines.push(
      `# 20 campaigns = ${BENCH_CAMPAIGN_COUNT} campaigns (half MixMatch) over the cart's 200 products, for the bench's copy of eu-buyer's customer; no campaign = the same products for eu-buyer's customer`,
    );
    lines.push('');
    lines.push(...formatTable(samples));
    lines.push('');
    if (ownPair && impersonatingPair) {
      const overhead = (impersonatingPair.p95 / ownPair.p95 - 1) * 100;
      lines.push(
        `Impersonating: add a line + calculate p95 ${overhead >= 0 ? '+' : ''}${overhead.toFixed(1)} % (1-line cart).`,
      );
    }
    if (campaignPair && noCampaignPair) {
      const ratio = campaignPair.p95 / noCampaignPair.p95;
      lines.push(
        `Campaigns: add a line + calculate p95 ${campaignPair.p95.toFixed(2)} ms with 20 campaigns, ${noCampaignPair.p95.toFixed(2)} ms without: ${ratio.toFixed(2)} × (target ≤ 1.3 ×: ${verdict(ratio <= 1.3)}); ${withCampaigns.campaignLines()} of ${MAX_BENCH_LINES} lines priced by a campaign in the last calculation.`,
      );
    }
    lines.push(
      'Targets: add a line + calculate p95 ≤ 10 ms (1 line), ≤ 30 ms (200 lines); impersonating within 10 %; 20 campaigns within 1.3 × of none.',
    );
    return lines;
  } finally {
    await app.close();
  }
}

// --- Part 2: over HTTP ------------------------------------------------------------------------------------------

/**
 * The child process's side: the API on the bench catalogue (or on BENCH_CART_DATABASE_URL) with the bench shoppers,
 * listening on 127.0.0.1; answers `stats` with its CPU time and event loop use, stops on `stop`.
 */
async function serve() {
  const databaseUrl = process.env.BENCH_CART_DATABASE_URL || undefined;
  const app = await buildBenchApp(databaseUrl ? { databaseUrl } : {});
  const { db } = app.database;
  const [buyer] = await db.select({ customerId: users.customerId }).from(users).where(eq(users.username, 'eu-buyer'));
  if (!buyer?.customerId) throw new Error('eu-buyer has no customer');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const username of SHOPPER_USERNAMES) {
    await db
      .insert(users)
      .values({
        username,
        passwordHash,
        name: username,
        email: `${username}@bench.example`,
        customerId: buyer.customerId,
      })
      .onConflictDoUpdate({ target: users.username, set: { customerId: buyer.customerId, passwordHash } });
  }
  const productKeys = await findProductKeys(db);
  await app.listen({ host: '127.0.0.1', port: HTTP_PORT });
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'stats') {
      process.send?.({ type: 'stats', cpu: process.cpuUsage(), loop: performance.eventLoopUtilization() });
    } else if (message.type === 'stop') {
      await app.close();
      process.exit(0);
    }
  });
  process.send?.({ type: 'ready', kind: app.database.kind, productKeys });
}

type ServerStats = { cpu: NodeJS.CpuUsage; loop: { idle: number; active: number } };

/** Starts the API in a child process (the same tsx loader; BENCH_CPU_PROF=<dir> adds --cpu-prof) and waits for it. */
async function startServer(databaseUrl?: string) {
  const cpuProfDir = process.env.BENCH_CPU_PROF;
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_CART_ROLE: 'server', BENCH_CART_DATABASE_URL: databaseUrl ?? '' },
    execArgv: [...process.execArgv, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => ({ exitCode: code as number | null }));
  const first = await Promise.race([once(child, 'message'), exited]);
  if (!Array.isArray(first)) throw new Error(`the bench API exited (${first.exitCode}) before it was ready`);
  const [ready] = first as [{ type: string; kind: string; productKeys: ProductKey[] }];
  const stats = async (): Promise<ServerStats> => {
    const answer = once(child, 'message');
    child.send({ type: 'stats' });
    return ((await answer) as [ServerStats])[0];
  };
  const stop = async () => {
    const gone = once(child, 'exit');
    child.send({ type: 'stop' });
    await gone;
  };
  return { kind: ready.kind, productKeys: ready.productKeys, stats, stop };
}
type Server = Awaited<ReturnType<typeof startServer>>;

type CartAnswer = { cart: { cartId: string; version: number; lines: unknown[] } };

/** Keep-alive connections, one per concurrent worker, as the storefront's API client keeps them. */
const keepAliveAgent = new Agent({ keepAlive: true });

/** POST a JSON call to the API over HTTP; anything but 200 throws. */
function postJson(url: string, headers: Record<string, string>, body: object): Promise<unknown> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: keepAliveAgent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}: ${text}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** POST a cart call over HTTP; anything but 200 throws. */
async function post(baseUrl: string, headers: Record<string, string>, path: string, body: object): Promise<CartAnswer> {
  return (await postJson(`${baseUrl}/api/${path}`, headers, body)) as CartAnswer;
}

type HttpRow = Sample & { concurrency: number; cpuCores: number; loopBusy: number; addP50: number; calcP50: number };

/**
 * `concurrency` workers, each on its own fresh cart of `lineCount` lines (its own shopper), run add + calculate
 * pairs back to back: HTTP_WARM_UP_SECONDS unmeasured, then HTTP_SECONDS measured.
 */
async function measureHttp(
  server: Server,
  baseUrl: string,
  shoppers: Array<Record<string, string>>,
  input: { label: string; lineCount: number; concurrency: number },
): Promise<HttpRow> {
  console.error(`[bench] HTTP ${input.label}…`);
  const keys = server.productKeys.slice(0, input.lineCount);
  const workers = await Promise.all(
    shoppers.slice(0, input.concurrency).map(async (headers) => {
      const { cart } = await post(baseUrl, headers, 'Cart/CreateCart', { area: AREA });
      for (let start = 0; start < keys.length; start += 100) {
        await post(baseUrl, headers, 'Cart/AddOrUpdateLines', {
          area: AREA,
          cartId: cart.cartId,
          lines: keys.slice(start, start + 100).map((productKey) => ({ productKey, quantity: 1 })),
        });
      }
      return { headers, cartId: cart.cartId };
    }),
  );
  const pair: number[] = [];
  const add: number[] = [];
  const calculate: number[] = [];
  let measuring = false;
  let deadline = 0;
  const runWorker = async (worker: { headers: Record<string, string>; cartId: string }, offset: number) => {
    for (let iteration = offset; performance.now() < deadline; iteration++) {
      const productKey = keys[iteration % keys.length];
      const startedAt = performance.now();
      const added = await post(baseUrl, worker.headers, 'Cart/AddOrUpdateLines', {
        area: AREA,
        cartId: worker.cartId,
        lines: [{ productKey, quantity: 1 + (iteration % 5) }],
        overrideExistingQuantity: true,
      });
      const addedAt = performance.now();
      const calculated = await post(baseUrl, worker.headers, 'Cart/CalculateCart', {
        area: AREA,
        cartId: worker.cartId,
        shipToCountryCode: 'DK',
        version: added.cart.version,
      });
      const finishedAt = performance.now();
      if (calculated.cart.lines.length < input.lineCount) throw new Error('the calculated cart lost lines');
      if (!measuring || finishedAt > deadline) continue;
      pair.push(finishedAt - startedAt);
      add.push(addedAt - startedAt);
      calculate.push(finishedAt - addedAt);
    }
  };
  const runAll = () => Promise.all(workers.map((worker, index) => runWorker(worker, index * 7)));
  deadline = performance.now() + HTTP_WARM_UP_SECONDS * 1000;
  await runAll();
  measuring = true;
  const before = await server.stats();
  const startedAt = performance.now();
  deadline = startedAt + HTTP_SECONDS * 1000;
  await runAll();
  const elapsedMs = performance.now() - startedAt;
  const after = await server.stats();
  const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
  const active = after.loop.active - before.loop.active;
  const idle = after.loop.idle - before.loop.idle;
  const summary = summarise(input.label, pair, elapsedMs);
  return {
    ...summary,
    concurrency: input.concurrency,
    cpuCores: cpuMs / elapsedMs,
    loopBusy: active / (active + idle),
    addP50: summarise('add', add).p50,
    calcP50: summarise('calculate', calculate).p50,
  };
}

/** Logs the bench shoppers in over HTTP; returns their Authorization headers. */
async function logInShoppers(baseUrl: string) {
  return Promise.all(
    SHOPPER_USERNAMES.map(async (username) => {
      const answer = (await postJson(
        `${baseUrl}/api/User/Login`,
        {},
        { area: AREA, username, password: DEMO_PASSWORD },
      )) as {
        accessToken: string;
      };
      return { authorization: `Bearer ${answer.accessToken}` };
    }),
  );
}

/** The three HTTP rows of one database; the server is stopped afterwards. */
async function measureOverHttp(databaseUrl?: string): Promise<HttpRow[]> {
  const server = await startServer(databaseUrl);
  const baseUrl = `http://127.0.0.1:${HTTP_PORT}`;
  try {
    const shoppers = await logInShoppers(baseUrl);
    const name = server.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      await measureHttp(server, baseUrl, shoppers, {
        label: `${name}, 1-line cart, c=1`,
        lineCount: 1,
        concurrency: 1,
      }),
      await measureHttp(server, baseUrl, shoppers, {
        label: `${name}, 1-line cart, c=${HIGH_CONCURRENCY}`,
        lineCount: 1,
        concurrency: HIGH_CONCURRENCY,
      }),
      await measureHttp(server, baseUrl, shoppers, {
        label: `${name}, 200-line cart, c=1`,
        lineCount: 200,
        concurrency: 1,
      }),
    ];
  } finally {
    await server.stop();
  }
}

type ClusterModule = {
  startThrowawayCluster(options: { binDir: string; firstPort?: number }): Promise<{ url: string; stop(): void }>;
};
type SystemPackagesModule = { findPostgresBinDir(): string | undefined };

/** The PostgreSQL rows on a throwaway cluster seeded with the demo catalogue; a reason instead when that cannot run. */
async function measureOnPostgres(): Promise<HttpRow[] | string> {
  // The scripts are plain Node modules without types (scripts/ needs no build): imported by URL.
  const { findPostgresBinDir } = (await import(
    new URL('../../../scripts/lib/system-packages.mjs', import.meta.url).href
  )) as SystemPackagesModule;
  const binDir = findPostgresBinDir();
  if (!binDir) {
    return 'PostgreSQL rows skipped: no PostgreSQL server binaries in /usr/lib/postgresql/<version>/bin (install Debian’s postgresql).';
  }
  const { startThrowawayCluster } = (await import(
    new URL('../../../scripts/lib/postgres-cluster.mjs', import.meta.url).href
  )) as ClusterModule;
  console.error('[bench] starting a throwaway PostgreSQL cluster…');
  const cluster = await startThrowawayCluster({ binDir, firstPort: POSTGRES_PORT });
  try {
    console.error(`[bench] migrating and seeding ${POSTGRES_PRODUCTS} demo products into PostgreSQL…`);
    const seeded = spawnSync(
      'npm',
      ['run', 'db:seed', '--', '--products', String(POSTGRES_PRODUCTS), '--history-orders', '0'],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: cluster.url }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (seeded.status !== 0) throw new Error('seeding PostgreSQL failed');
    return await measureOverHttp(cluster.url);
  } finally {
    cluster.stop();
  }
}

function formatHttpTable(rows: HttpRow[]): string[] {
  const table = formatTable(rows);
  const extra = rows.map(
    (row) =>
      `  ${row.name}: add p50 ${row.addP50.toFixed(2)} ms, calculate p50 ${row.calcP50.toFixed(2)} ms; server CPU ${row.cpuCores.toFixed(2)} cores, event loop busy ${(row.loopBusy * 100).toFixed(0)} %`,
  );
  return [...table, '', ...extra];
}

function verdict(isMet: boolean) {
  return isMet ? 'met' : 'MISSED';
}

async function main() {
  await ensureBenchCatalogue();
  if (!process.env.BENCH_CART_SKIP_INJECT) await prepareCampaignBench();
  const inProcess = process.env.BENCH_CART_SKIP_INJECT ? [] : await measureInProcess();
  const pglite = await measureOverHttp();
  const postgres = await measureOnPostgres();

  print(`# npm run bench:cart — ${new Date().toISOString()}`);
  print(
    `# ${BENCH_PRODUCT_COUNT} products (PGlite at ${path.relative(REPO_ROOT, BENCH_DATA_DIR) || BENCH_DATA_DIR}), ${machineLine()}`,
  );
  for (const line of inProcess) print(line);
  print();
  print(
    `# over HTTP: API in a child process on 127.0.0.1:${HTTP_PORT}, node:http keep-alive from this process; ${HTTP_WARM_UP_SECONDS} s warm-up + ${HTTP_SECONDS} s per row`,
  );
  print(
    '# 1 request = AddOrUpdateLines (override one line’s quantity) + CalculateCart (with version, to DK); c workers,',
  );
  print(
    `# each on its own cart (bench shoppers of eu-buyer’s customer); PostgreSQL: throwaway cluster, ${POSTGRES_PRODUCTS} demo products`,
  );
  print();
  const rows = [...pglite, ...(typeof postgres === 'string' ? [] : postgres)];
  for (const line of formatHttpTable(rows)) print(line);
  print();
  if (typeof postgres === 'string') print(postgres);
  const [pgliteOne, pgliteTen, pgliteLarge] = pglite;
  if (pgliteOne && pgliteTen && pgliteLarge) {
    print(
      `Target 1-line cart p95 ≤ 6 ms at c=1 on PGlite: ${pgliteOne.p95.toFixed(2)} ms, ${verdict(pgliteOne.p95 <= 6)}.`,
    );
    print(
      `Target 200-line cart p95 ≤ 20 ms at c=1 on PGlite: ${pgliteLarge.p95.toFixed(2)} ms, ${verdict(pgliteLarge.p95 <= 20)}.`,
    );
    print(
      `PGlite c=1 → c=${HIGH_CONCURRENCY}: ${Math.round(pgliteOne.perSecond ?? 0)} → ${Math.round(pgliteTen.perSecond ?? 0)} req/s (one connection, statements run one at a time on the event loop: see the server CPU and event loop columns).`,
    );
  }
  if (typeof postgres !== 'string') {
    const [postgresOne, postgresTen] = postgres;
    if (postgresOne && postgresTen) {
      const one = postgresOne.perSecond ?? 0;
      const ten = postgresTen.perSecond ?? 0;
      print(
        `Target PostgreSQL throughput rises from c=1 to c=${HIGH_CONCURRENCY} and ≥ 300 req/s at c=${HIGH_CONCURRENCY}: ${Math.round(one)} → ${Math.round(ten)} req/s, ${verdict(ten > one && ten >= 300)}.`,
      );
    }
  }
  report.save();
}

if (process.env.BENCH_CART_ROLE === 'server') await serve();
else await main();
