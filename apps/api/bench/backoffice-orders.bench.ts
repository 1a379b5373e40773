/**
 * `npm run bench:backoffice-orders`: latency of the back office's order search (issue 28: "order search over 100,000
 * orders p95 ≤ 50 ms"), POST /backoffice/api/Order/GetBySearch through `app.inject` (no network: the API's own cost)
 * on PGlite, sequentially, logged in as the demo `backoffice` user.
 *
 * Its own PGlite folder (BENCH_ORDERS_DATA_DIR, default <repo>/.data/bench-backoffice-orders): the demo accounts on a
 * small catalogue (db:seed --products 200 --history-orders 0), then BENCH_ORDERS (default 100,000) orders of
 * BENCH_ORDER_CUSTOMERS (default 2,000) customers of both areas, over three years, in the states a shop's history has
 * (mostly Completed), written by one generate_series insert each for customers, carts and orders (seconds, not
 * 100,000 API calls). A folder that holds them already is reused.
 *
 * Scenarios (page 1 of 25 with the count of the matches, up to BACKOFFICE_ORDER_COUNT_LIMIT): the table as first opened (newest first), one state, a
 * customer's name, an order number prefix, an amount range, a state within a month, and the whole table sorted by
 * total. Output also goes to <repo>/bench/results/backoffice-orders.txt.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { backofficeOrderEndpoints } from '@b2b/contract/endpoints/backoffice-order';
import { createDatabase, queryRows } from '@b2b/db';
import { sql } from 'drizzle-orm';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createReport, formatTable, machineLine, measureInSequence, REPO_ROOT, type Sample } from './support.ts';

const DATA_DIR = process.env.BENCH_ORDERS_DATA_DIR || path.join(REPO_ROOT, '.data', 'bench-backoffice-orders');
const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMER_COUNT = Number(process.env.BENCH_ORDER_CUSTOMERS ?? 2_000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const AREA = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } as const;
const TARGET_P95_MS = 50;

const report = createReport('backoffice-orders');
const print = report.print;

async function countBenchOrders(): Promise<number> {
  const database = await createDatabase({ url: '', dataDir: DATA_DIR });
  try {
    const [row] = await queryRows<{ total: number }>(
      database.db,
      sql`select count(*)::int as total from orders o join customers c on c.id = o.customer_id
           where c.customer_number like 'B%'`,
    );
    return row?.total ?? 0;
  } catch {
    return 0; // a fresh folder: no tables yet
  } finally {
    await database.close();
  }
}

/** The demo accounts on a small catalogue, then the bench's customers, carts and orders in three inserts. */
async function seedOrders(): Promise<void> {
  console.error(`[bench] seeding ${ORDER_COUNT} orders of ${CUSTOMER_COUNT} customers into ${DATA_DIR}…`);
  const startedAt = performance.now();
  const seed = spawnSync('npm', ['run', 'db:seed', '--', '--products', '200', '--history-orders', '0', '--reset'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PGLITE_DATA_DIR: DATA_DIR, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('Seeding the demo accounts failed.');
  const database = await createDatabase({ url: '', dataDir: DATA_DIR });
  const { db } = database;
  try {
    await db.execute(sql`
      insert into customers (customer_number, name, area_id, country_code)
      select 'B' || lpad(g::text, 5, '0'),
             (array['Alpine', 'Nordic', 'Pacific', 'Harbour', 'Summit', 'Coastal', 'Prairie', 'Delta'])[1 + g % 8]
               || ' ' || (array['Boards', 'Sports', 'Outdoor', 'Supply', 'Trading', 'Gear'])[1 + g % 6]
               || ' ' || lpad(g::text, 5, '0'),
             case when g % 3 = 0 then 'us' else 'eu' end,
             case when g % 3 = 0 then 'US' else 'DK' end
        from generate_series(1, ${CUSTOMER_COUNT}) g`);
    // One cart per order (orders.cart_id is unique), checked out; ids derived from the number so orders find theirs.
    await db.execute(sql`
      insert into carts (id, customer_id, created_by_user_id, area_id, currency_code, status, checked_out_at)
      select md5('bench-order-' || g)::uuid, c.id, u.id, c.area_id,
             case when c.area_id = 'us' then 'USD' else 'EUR' end, 'checked_out', now()
        from generate_series(1, ${ORDER_COUNT}) g
        join customers c on c.customer_number = 'B' || lpad((1 + g % ${CUSTOMER_COUNT})::text, 5, '0')
        cross join (select id from users where username = 'eu-buyer') u`);
    await db.execute(sql`
      insert into orders (cart_id, customer_id, placed_by_user_id, status, area_id, currency_code,
                          vat_rate_basis_points, vat_treatment, discount_minor, shipping_fee_minor, total_net_minor,
                          total_vat_minor, total_with_vat_minor, payment_method_id, created_at, updated_at)
      select cart.id, cart.customer_id, cart.created_by_user_id,
             case when g % 100 < 80 then 'Completed' when g % 100 < 88 then 'Invoiced'
                  when g % 100 < 91 then 'Shipped' when g % 100 < 93 then 'Processing'
                  when g % 100 < 95 then 'Placed' else 'Cancelled' end,
             cart.area_id, cart.currency_code, 2500, 'domestic', 0, 0, amount.net, amount.net / 4,
             amount.net + amount.net / 4, (select id from payment_methods order by id limit 1),
             now() - ((${ORDER_COUNT} - g) * interval '15 minutes'), now()
        from generate_series(1, ${ORDER_COUNT}) g
        join carts cart on cart.id = md5('bench-order-' || g)::uuid
        cross join lateral (select (1000 + (g * 7919) % 500000)::bigint as net) amount
       order by g`);
  } finally {
    await database.close();
  }
  console.error(`[bench] seeded in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
}

/**
 * PGlite runs no autovacuum: without it, the visibility map of the freshly written tables stays empty and every
 * index-only read visits the table, which a PostgreSQL server's autovacuum would have spared.
 */
async function vacuumOrders(): Promise<void> {
  const database = await createDatabase({ url: '', dataDir: DATA_DIR });
  try {
    await database.db.execute(sql`vacuum analyze orders`);
    await database.db.execute(sql`vacuum analyze customers`);
  } finally {
    await database.close();
  }
}

async function main() {
  if ((await countBenchOrders()) < ORDER_COUNT) await seedOrders();
  await vacuumOrders();
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
      payload: { area: AREA, username: 'backoffice', password: 'demo' },
    });
    if (login.statusCode !== 200) throw new Error(`Login failed: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
    const endpoint = backofficeOrderEndpoints.getOrdersBySearch;
    const matches: Record<string, number> = {};

    const scenario = (name: string, bodyOf: (iteration: number) => Record<string, unknown>) =>
      measureInSequence(name, { warmUp: WARM_UP, iterations: ITERATIONS }, async (iteration) => {
        const response = await app.inject({
          method: endpoint.method,
          url: endpoint.path,
          headers,
          payload: bodyOf(iteration),
        });
        if (response.statusCode !== 200) {
          throw new Error(`${endpoint.path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        }
        matches[name] = response.json<{ totalCount: number }>().totalCount;
      });

    const samples: Sample[] = [];
    samples.push(await scenario('newest first (as opened)', () => ({})));
    samples.push(await scenario('one state (Processing)', () => ({ states: ['Processing'] })));
    samples.push(
      await scenario('customer name contains', (iteration) => ({
        customer: String(1 + ((iteration * 37) % CUSTOMER_COUNT)).padStart(5, '0'),
      })),
    );
    samples.push(
      await scenario('number prefix (100 orders)', (iteration) => ({
        orderNumber: `SO-0${String(10 + (iteration % 89)).padStart(2, '0')}0`,
      })),
    );
    samples.push(
      await scenario('total with VAT 1,000–1,200', () => ({ totalMin: 1000, totalMax: 1200, currencyCode: 'EUR' })),
    );
    samples.push(
      await scenario('state Invoiced within a month', () => {
        const to = new Date(Date.now() - 90 * 86_400_000);
        const from = new Date(to.getTime() - 30 * 86_400_000);
        return {
          states: ['Invoiced'],
          placedFrom: from.toISOString().slice(0, 10),
          placedTo: to.toISOString().slice(0, 10),
        };
      }),
    );
    samples.push(await scenario('all, sorted by total', () => ({ sortBy: 'total', sortDirection: 'desc' })));

    print(
      `# ${ORDER_COUNT.toLocaleString('en-GB')} orders of ${CUSTOMER_COUNT.toLocaleString('en-GB')} customers (PGlite at ${path.relative(REPO_ROOT, DATA_DIR) || DATA_DIR}), ${machineLine()}`,
    );
    print(
      `# POST /backoffice/api/Order/GetBySearch via app.inject, sequential; ${WARM_UP} warm-up + ${ITERATIONS} measured`,
    );
    print(
      `# each answer: page 1 of 25 rows and the count of the matches (up to 10,000); target p95 ≤ ${TARGET_P95_MS} ms`,
    );
    print();
    for (const line of formatTable(samples)) print(line);
    print();
    for (const sample of samples) {
      const verdict = sample.p95 <= TARGET_P95_MS ? 'meets' : 'MISSES';
      print(`${sample.name}: ${matches[sample.name] ?? 0} matches (last request); p95 ${verdict} the target`);
    }
    report.save();
  } finally {
    await app.close();
  }
}

await main();
