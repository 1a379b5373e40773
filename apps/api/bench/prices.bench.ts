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
import { PRICE_CHUNK_SIZE } from '@b2b/contract';
import { createDatabase, migrate } from '@b2b/db';
import { products, productVariants } from '@b2b/db/schema';
import { DEMO_PASSWORD } from '@b2b/db/seed/demo-accounts';
import { seedDatabase } from '@b2b/db/seed/seed-database';
import { count, sql } from 'drizzle-orm';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
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

  const variants = await database.db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .orderBy(sql`random()`)
    .limit(PRICE_CHUNK_SIZE * 200);
  const batches = Array.from({ length: 200 }, (_, batch) =>
    variants
      .slice(batch * PRICE_CHUNK_SIZE, (batch + 1) * PRICE_CHUNK_SIZE)
      .map((variant, index) =>
        index % 3 === 0 ? { productId: variant.productId, variantId: variant.id } : { productId: variant.productId },
      ),
  );

  const probe = await app.inject({
    method: 'POST',
    url: '/api/Price/GetPrices',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { currencyCode: 'EUR', products: batches[0] },
  });
  console.log(`probe: ${probe.statusCode}, ${probe.json().prices?.length} prices for ${PRICE_CHUNK_SIZE} keys`);

  // Warm up (JIT, PGlite buffers), then measure.
  const warmup = Math.min(300, iterations);
  const httpSamples: number[] = [];
  for (let i = 0; i < warmup + iterations; i += 1) {
    const payload = { currencyCode: 'EUR', products: batches[i % batches.length] };
    const startedAt = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/Price/GetPrices',
      headers: { authorization: `Bearer ${accessToken}` },
      payload,
    });
    const elapsed = performance.now() - startedAt;
    if (response.statusCode !== 200) throw new Error(`GetPrices ${response.statusCode}: ${response.body}`);
    if (i >= warmup) httpSamples.push(elapsed);
  }

  // The service alone, with the context the auth plugin would build.
  const me = await app.inject({
    method: 'GET',
    url: '/api/User/GetUser',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const customerNumber = me.json().customer.customerNumber as string;
  const [customer] = await database.db
    .execute(sql`select id, price_group_id from customers where customer_number = ${customerNumber}`)
    .then((result) => (result as unknown as { rows: Array<{ id: string; price_group_id: string | null }> }).rows);
  const ctx = {
    db: database.db,
    requestId: 'bench',
    area: null,
    user: null,
    customer: {
      id: customer?.id ?? '',
      customerNumber,
      currencyCode: 'EUR',
      priceGroupId: customer?.price_group_id ?? null,
      areaId: 'eu' as const,
    },
    isImpersonating: false,
    tokenKind: 'user' as const,
  };
  const serviceSamples: number[] = [];
  for (let i = 0; i < warmup + iterations; i += 1) {
    const startedAt = performance.now();
    await getPrices(ctx, { currencyCode: 'EUR', products: batches[i % batches.length] ?? [] });
    if (i >= warmup) serviceSamples.push(performance.now() - startedAt);
  }

  console.log(
    `\nGetPrices, ${PRICE_CHUNK_SIZE} keys, ${database.kind}, ${productCount} products, Node ${process.version}`,
  );
  const http = summarise('app.inject (full request)', httpSamples);
  summarise('service only', serviceSamples);
  console.log(`target p95 ≤ 2 ms: ${http.p95 <= 2 ? 'met' : 'NOT met'}`);
} finally {
  await app.close();
  await database.close();
}
