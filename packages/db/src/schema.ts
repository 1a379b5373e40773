/**
 * Drizzle schema of the shop: snake_case columns in PostgreSQL, camelCase properties in TypeScript. Every table is
 * created by the SQL in ../migrations (generated with `npm run db:generate`). Money is stored in integer minor units
 * (cents, øre); see README.md.
 *
 * The tables live in one file per domain under ./schema/; this file is the one list of them all, and the only
 * aggregate module of the package. It stays (rather than pointing drizzle.config.ts at the folder) because three
 * readers need the whole schema as one module: drizzle-kit (drizzle.config.ts), the client's `fullSchema` for
 * relational queries (client.ts), and every importer of `@b2b/db/schema`, which the package's exports map resolves
 * to this file. A new domain file is added here, once.
 */
export * from './schema/areas.ts';
export * from './schema/auth-tokens.ts';
export * from './schema/backoffice.ts';
export * from './schema/campaigns.ts';
export * from './schema/carts.ts';
export * from './schema/catalogue.ts';
export * from './schema/content.ts';
export * from './schema/customers.ts';
export * from './schema/documents.ts';
export * from './schema/favorite-lists.ts';
export * from './schema/impersonation.ts';
export * from './schema/instant-excel.ts';
export * from './schema/mail.ts';
export * from './schema/orders.ts';
export * from './schema/payment-methods.ts';
export * from './schema/payments.ts';
export * from './schema/prices.ts';
export * from './schema/shipping.ts';
export * from './schema/users.ts';
