/**
 * `npm run db:seed -- [--products N] [--seed N] [--history-orders N] [--if-empty] [--reset]`: migrates, then fills the database with the
 * deterministic demo data and prints the time taken and the row counts.
 */
import { count } from 'drizzle-orm';
import { createDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { products } from '../schema.ts';
import { DEMO_LOGINS } from '../seed/demo-accounts.ts';
import { DEFAULT_HISTORY_ORDERS } from '../seed/order-history.ts';
import { resetDatabase } from '../seed/reset-database.ts';
import { seedDatabase } from '../seed/seed-database.ts';
import { parseFlags, readIntegerFlag } from './parse-flags.ts';

const flags = parseFlags(process.argv.slice(2));
const productCount = readIntegerFlag(flags, 'products', 2_000);
const seed = readIntegerFlag(flags, 'seed', 1);
const historyOrders = readIntegerFlag(flags, 'history-orders', DEFAULT_HISTORY_ORDERS);

const database = await createDatabase();
try {
  await migrate(database);
  const [existing] = await database.db.select({ value: count() }).from(products);
  const hasProducts = (existing?.value ?? 0) > 0;
  if (hasProducts && flags.has('if-empty')) {
    console.log(`[db] ${existing?.value} products already present; skipping the seed (--if-empty)`);
  } else {
    if (flags.has('reset')) await resetDatabase(database.db);
    else if (hasProducts) {
      console.error('[db] the database already has products; pass --reset to replace them or --if-empty to skip');
      process.exitCode = 1;
    }
    if (process.exitCode !== 1) {
      const startedAt = performance.now();
      let lastReport = startedAt;
      const counts = await seedDatabase(database.db, {
        products: productCount,
        seed,
        historyOrders,
        onProgress: (done, total) => {
          if (performance.now() - lastReport > 5_000) {
            lastReport = performance.now();
            console.log(`[db]   ${done}/${total} products…`);
          }
        },
      });
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      console.log(`[db] seeded ${database.kind} in ${seconds} s (seed ${seed}):`);
      console.table(counts);
      console.log('[db] demo logins:');
      for (const login of DEMO_LOGINS)
        console.log(`  ${login.username.padEnd(10)} / ${login.password}  ${login.description}`);
    }
  }
} finally {
  await database.close();
}
