/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite data folder. */
import { createDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';

const database = await createDatabase();
try {
  const startedAt = performance.now();
  await migrate(database);
  console.log(`[db] migrations applied (${database.kind}) in ${Math.round(performance.now() - startedAt)} ms`);
} finally {
  await database.close();
}
