/** Public API of @b2b/db. Test helpers live in `@b2b/db/testing` so production code never loads them. */
export * from './client.ts';
export * from './errors.ts';
export * from './migrate.ts';
export * from './password.ts';
export * from './prepared.ts';
export * from './schema.ts';
export { seedDatabase } from './seed/seed-database.ts';
