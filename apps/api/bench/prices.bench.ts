/**
 * GetPrices latency, in process, on PGlite with the 100k catalogue: `npm run bench:prices --workspace apps/api`.
 * Target (issue): p95 ≤ 2 ms for one batch of 12 keys (spec §9: the web asks in chunks of 12).
 *
 * Measures two things over random batches of 12 product keys (a third with a variant) of the demo customer:
 * the whole HTTP path through `app.inject` (auth lookup, validation, service, serialisation) and the service alone.
 * The seeded database is kept in BENCH_PGLITE_DIR (default /tmp/b2b-bench-pglite) so reruns skip the seed.
 * Flags: --products N (default 100000), --iterations N (default 2000).
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { PRICE_CHUNK_SIZE } from '@b2b/contract';
import { createDatabase, migrate, queryRows } from '@b2b/db';
import { customers, products, productVariants } from '@b2b/db/schema';
import { DEMO_PASSWORD } from '@b2b/db/seed/demo-accounts';
import { seedDatabase } from '@b2b/db/seed/seed-database';
import { count, eq, sql } from 'drizzle-orm';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createAnonymousContext } from '../src/context.ts';
import { getPrices } from '../src/modules/price/price.service.ts';

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(
    `${label.padEnd(28)} n=${samples.length}  mean ${mean.toFixed(3)} ms  p50 ${percentile(sorted, 50).toFixed(3)}  ` +
      `p95 ${percentile(sorted, 95).toFixed(3)}  p99 ${percentile(sorted, 99).toFixed(3)}  max ${sorted.at(-1)?.toFixed(3)}`,
  );
  return { p95: percentile(sorted, 95) };
}

const productCount = flag('products', 100_000);
/** Untimed runs first (JIT, PGlite buffers). */
const warmup = (iterations: number) => Math.min(300, iterations);
const iterations = flag('iterations', 2000);
const dataDir = process.env.BENCH_PGLITE_DIR ?? '/tmp/b2b-bench-pglite';

const isNew = !existsSync(dataDir);
const database = await createDatabase({ url: undefined, dataDir });
await migrate(database);
const [existing] = await database.db.select({ value: count() }).from(products);
if ((existing?.value ?? 0) !== productCount) {
  if ((existing?.value ?? 0) > 0) throw new Error(`${dataDir} holds ${existing?.value} products; remove it to reseed`);
  console.log(`seeding ${productCount} products into ${dataDir}${isNew ? '' : ' (existing folder)'}…`);
  const startedAt = performance.now();
  await seedDatabase(database.db, { products: productCount });
  console.log(`seeded in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

const app = await build(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench-secret!' }), {
  database,
});
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: {
      area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' },
      username: 'eu-buyer',
      password: DEMO_PASSWORD,
    },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { accessToken } = login.json();

  // Distinct random batches: the cold pass must miss the cache every time, the warm pass then repeats them.
  const batchCount = warmup(iterations) + iterations;
  // One variant per product, products in random order: every key of every batch is a different product.
  const distinct = await queryRows<{ id: string; productId: string }>(
    database.db,
    sql`select id, "productId" from (
          select distinct on (${productVariants.productId}) ${productVariants.id} as id,
                 ${productVariants.productId} as "productId"
            from ${productVariants}
        ) as firsts
        order by random()
        limit ${PRICE_CHUNK_SIZE * batchCount}`,
  );
  if (distinct.length < PRICE_CHUNK_SIZE * batchCount) throw new Error('not enough products for distinct batches');
  const batches = Array.from({ length: batchCount }, (_, batch) =>
    distinct
      .slice(batch * PRICE_CHUNK_SIZE, (batch + 1) * PRICE_CHUNK_SIZE)
      .map((variant, index) =>
        index % 3 === 0 ? { productId: variant.productId, variantId: variant.id } : { productId: variant.productId },
      ),
  );
  const headers = { authorization: `Bearer ${accessToken}` };

  const measure = async (run: (i: number) => Promise<void>) => {
    const samples: number[] = [];
    for (let i = 0; i < warmup(iterations) + iterations; i += 1) {
      const startedAt = performance.now();
      await run(i);
      if (i >= warmup(iterations)) samples.push(performance.now() - startedAt);
    }
    return samples;
  };
  const inject = async (i: number) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Price/GetPrices',
      headers,
      payload: { currencyCode: 'EUR', products: batches[i % batches.length] },
    });
    if (response.statusCode !== 200) throw new Error(`GetPrices ${response.statusCode}: ${response.body}`);
  };

  // The HTTP path without and with the token (the per-request principal lookup, cached for 5 s).
  const healthAnonymous = await measure(async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
  });
  const coldSamples = await measure(inject); // every batch new to the price cache: one query each
  const warmSamples = await measure(inject); // the same batches again: served from the cache

  // The service alone without a cache: the query and the arithmetic.
  const me = await app.inject({ method: 'GET', url: '/api/User/GetUser', headers });
  const customerNumber = me.json().customer.customerNumber as string;
  const [customer] = await database.db
    .select({
      id: customers.id,
      priceGroupId: customers.priceGroupId,
      countryCode: customers.countryCode,
      vatNumber: customers.vatNumber,
    })
    .from(customers)
    .where(eq(customers.customerNumber, customerNumber));
  const ctx = {
    ...createAnonymousContext(database.db, 'bench'),
    customer: {
      id: customer?.id ?? '',
      customerNumber,
      currencyCode: 'EUR',
      priceGroupId: customer?.priceGroupId ?? null,
      areaId: 'eu' as const,
      countryCode: customer?.countryCode ?? 'DK',
      vatNumber: customer?.vatNumber ?? null,
    },
  };
  const serviceSamples = await measure(async (i) => {
    await getPrices(ctx, { currencyCode: 'EUR', products: batches[i % batches.length] ?? [] }, null);
  });

  console.log(
    `\nGetPrices, ${PRICE_CHUNK_SIZE} keys, ${database.kind}, ${productCount} products, Node ${process.version}, ` +
      `load average ${loadavg()[0]?.toFixed(2)} on ${availableParallelism()} CPUs`,
  );
  summarise('health (no auth, select 1)', healthAnonymous);
  summarise('GetPrices, cache cold', coldSamples);
  const warm = summarise('GetPrices, cache warm', warmSamples);
  summarise('service, no cache', serviceSamples);
  console.log(`target p95 ≤ 2 ms (warm): ${warm.p95 <= 2 ? 'met' : 'NOT met'}`);
} finally {
  await app.close();
  await database.close();
}
