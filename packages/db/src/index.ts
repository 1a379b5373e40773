/** Public API of @b2b/db. Test helpers live in `@b2b/db/testing` so production code never loads them. */
export * from './client.ts';
export * from './migrate.ts';
export * from './password.ts';
export * from './prepared.ts';
export * from './relations.ts';
export * from './schema.ts';
export { DEMO_LOGINS, DEMO_PASSWORD, type DemoLogin } from './seed/demo-accounts.ts';
export { SEED_CURRENCIES, SEED_PRICE_GROUPS, toGroupPriceListId, toListPriceId } from './seed/price-lists.ts';
export { SEED_REFERENCE_DATE } from './seed/reference-date.ts';
export { resetDatabase } from './seed/reset-database.ts';
export { type SeedCounts, type SeedOptions, seedDatabase } from './seed/seed-database.ts';
