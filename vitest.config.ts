import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * One test run for the whole repository: `npx vitest run` runs every project, `npx vitest run --project <name>` one
 * of them (contract | db | api | deploy | scripts | web). A package that keeps its own `vitest.config.ts` (defining a project of the
 * same name) is used as it is; otherwise the inline definition below applies. Databases: PGlite in memory, or a
 * fresh database on the PostgreSQL server named by TEST_DATABASE_URL (see `@b2b/db/testing`).
 */

const EXCLUDE = ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', '**/.data/**'];

/** Unit tests are quick; tests that build the API on a database pay for migrations and argon2 hashing. */
const DATABASE_TEST_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 120_000 };

/** Uses `<dir>/vitest.config.ts` when the package has one, otherwise the inline project. */
function project(dir: string, inline: TestProjectConfiguration): TestProjectConfiguration {
  return existsSync(`${dir}/vitest.config.ts`) ? `${dir}/vitest.config.ts` : inline;
}

/**
 * Vitest's default is one worker less than the CPUs, which is a single worker on the 2-core CI machines. The slow
 * tests wait on PGlite (WebAssembly) and argon2 (libuv threads) more than on the test runner, so two workers are
 * faster there; bigger machines keep the default. `--maxWorkers` on the command line still wins.
 */
const MAX_WORKERS = Math.max(availableParallelism() - 1, 2);

/**
 * A worker keeps the modules it imported for its next test file (`isolate: false`) instead of importing React, React
 * Router, Fastify, drizzle and zod again for each of ≈ 170 files (issue 25, on the 2-core machine: the contract and web
 * projects 131 s → 16 s; twelve API files 394 s → 174 s). The tests keep no state in modules: each API test file
 * builds its own app on its own database, and one that stubs the environment (`vi.stubEnv`) reads it when called and
 * unstubs it after. A test that must have fresh modules says so with `vi.resetModules()`.
 */
const ISOLATE = false;

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    projects: [
      project('packages/contract', {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          exclude: EXCLUDE,
          environment: 'node',
          isolate: ISOLATE,
        },
      }),
      project('packages/db', {
        test: {
          name: 'db',
          isolate: ISOLATE,
          include: ['packages/db/src/**/*.test.ts'],
          exclude: EXCLUDE,
          environment: 'node',
          ...DATABASE_TEST_TIMEOUTS,
        },
      }),
      project('apps/api', {
        test: {
          name: 'api',
          isolate: ISOLATE,
          include: ['apps/api/**/*.test.ts'],
          exclude: EXCLUDE,
          environment: 'node',
          ...DATABASE_TEST_TIMEOUTS,
        },
      }),
      {
        // The deploy files (ADR 038): the Dockerfiles' rules, the compose file and the nginx configurations.
        test: {
          name: 'deploy',
          isolate: ISOLATE,
          include: ['deploy/**/*.test.ts'],
          exclude: EXCLUDE,
          environment: 'node',
        },
      },
      {
        // The repository's own runners (scripts/*.mjs): e.g. that `npm test` fails, by name, on a flaky browser test.
        test: {
          name: 'scripts',
          isolate: ISOLATE,
          include: ['scripts/**/*.test.mjs'],
          exclude: [...EXCLUDE, 'scripts/lib/fixtures/**'],
          environment: 'node',
        },
      },
      project('apps/web', {
        resolve: { alias: { '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          exclude: EXCLUDE,
          environment: 'node',
          isolate: ISOLATE,
        },
      }),
    ],
  },
});
