import { defineProject } from 'vitest/config';

/**
 * The `api` test project. API tests build the app against a fresh database (PGlite in memory, or PostgreSQL when
 * TEST_DATABASE_URL is set), so they get more time than unit tests: migrations and argon2 hashing are not instant.
 */
export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
