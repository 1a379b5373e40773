/**
 * Which vitest files `npm test` runs a second time, and why (scripts/test.mjs). Every file runs once, on PGlite on the
 * machine's Node; a second run pays only where it can find what the first cannot.
 *
 * On PostgreSQL: what PGlite and a PostgreSQL server do differently. PGlite is PostgreSQL itself, compiled to
 * WebAssembly, so the SQL, the planner and the types are the same; what differs is around them:
 *   - the database layer itself (packages/db: the driver, migrations under an advisory lock, prepared statements, the
 *     test databases, the seed): the whole db project;
 *   - more than one connection: PGlite is one connection inside the process, so concurrent requests take turns and a
 *     row lock (`FOR UPDATE`), `SKIP LOCKED`, a unique key hit by two requests at once or a transaction that waits
 *     for another never happen there. The API files below send such requests at the same moment (Promise.all) or
 *     wait for a lock, and assert on the outcome;
 *   - more than one API instance on one database (LISTEN/NOTIFY, claimed mails): multi-instance.test.ts, which runs
 *     on PostgreSQL only; a read replica (read-replica.test.ts, a standby it starts itself);
 *   - transactions (context.test.ts: commit, rollback, joining the caller's transaction);
 *   - the rows of raw SQL (`queryRows`): node-postgres and PGlite each parse jsonb, arrays and timestamps their own
 *     way, so a repository that reads them by hand is tested on both (campaigns.test.ts).
 * The other API files send one request at a time through the same SQL: on PostgreSQL they would repeat the PGlite run.
 * A file that starts sending concurrent requests or depends on the engine belongs in this list.
 *
 * On Node 24 (ADR 010): what differs between Node versions for this code. The tests' own logic does not; the
 * platform under it does: packages that declare Node 22+ (cookie@2 in Fastify's inject, @fastify/static and
 * content-disposition@3 for the API docs and downloads), native addons built per Node ABI (argon2 for passwords,
 * sharp for images), WebAssembly (PGlite), Intl and its ICU data (money, dates, sorting), streams and zlib (PDF,
 * ZIP, compression), sockets (SMTP). The files below exercise each; the rest use the same paths again.
 */

/** Run again on PostgreSQL (vitest path filters, with the projects they belong to). */
export const POSTGRES_SPECIFIC_TESTS = {
  projects: ['db', 'api'],
  files: [
    // the whole db project
    'packages/db/src/',
    // concurrent requests, row locks, unique keys under a race, SKIP LOCKED
    'apps/api/test/backoffice-orders.test.ts',
    'apps/api/test/buying-limits.test.ts',
    'apps/api/test/campaigns-admin.test.ts',
    'apps/api/test/cart.test.ts',
    'apps/api/test/debug-caches.test.ts',
    'apps/api/test/documents-admin.test.ts',
    'apps/api/test/favorite-list.test.ts',
    'apps/api/test/forms.test.ts',
    'apps/api/test/impersonation.test.ts',
    'apps/api/test/instant-excel-upload.test.ts',
    'apps/api/test/mail-admin.test.ts',
    'apps/api/test/mail-delivery.test.ts',
    'apps/api/test/menus-admin.test.ts',
    'apps/api/test/order.test.ts',
    'apps/api/test/password-recovery.test.ts',
    'apps/api/test/redirects-admin.test.ts',
    'apps/api/test/user.test.ts',
    // rows of raw SQL that the two drivers hand back in their own shapes (jsonb, array_agg's text[], timestamps)
    'apps/api/test/audit-log.test.ts',
    'apps/api/test/campaigns.test.ts',
    'apps/api/test/cart-campaigns.test.ts',
    // several instances on one database
    'apps/api/test/multi-instance.test.ts',
    // a read replica: a streaming standby of a primary, both started by the test (ADR 042)
    'apps/api/test/read-replica.test.ts',
    // the node-postgres pool's gauges, which PGlite (no pool) leaves out of the metrics (ADR 039)
    'apps/api/test/metrics.test.ts',
    // transactions
    'apps/api/src/context.test.ts',
  ],
};

/** Run again on Node 24, on PGlite. */
export const NODE_RUNTIME_TESTS = {
  projects: ['contract', 'db', 'api', 'web'],
  files: [
    // Intl, URL, zod and the pure logic of the contract and the web (quick: a few seconds)
    'packages/contract/src/',
    'apps/web/app/',
    // argon2 (native) and PGlite (WebAssembly) under the database layer
    'packages/db/src/password.test.ts',
    'packages/db/src/migrate.test.ts',
    // Fastify's inject (cookie@2), the API docs' static files (@fastify/static), headers
    'apps/api/test/app.test.ts',
    'apps/api/test/security.test.ts',
    // logins and tokens: argon2, cookies, JWT (node:crypto)
    'apps/api/test/user.test.ts',
    // PDF and ZIP downloads (streams, zlib, content-disposition@3)
    'apps/api/test/customer-documents.test.ts',
    // SMTP over sockets
    'apps/api/test/mail-admin.test.ts',
    'apps/api/test/mail-delivery.test.ts',
  ],
};
