/** drizzle-kit configuration: `npm run db:generate` writes SQL migrations from src/schema.ts to ./migrations. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
  casing: 'snake_case',
});
