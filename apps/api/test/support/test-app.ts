/**
 * Builds the real app on a fresh database for one test file (PGlite in memory, or a new database on the server
 * named by TEST_DATABASE_URL: see @b2b/db/testing). No mocks: requests go through `app.inject`.
 */
import type { AreaInfo } from '@b2b/contract';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { createTestDatabase } from '@b2b/db/testing';
import type { FastifyInstance } from 'fastify';
import { build } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { callEndpoint, expectOk } from './endpoint-calls.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

export const EU_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
export const US_AREA: AreaInfo = { areaId: 'us', languageCode: 'en-GB', currencyCode: 'USD' };

/** `env` adds environment variables to the test configuration (e.g. PAYMENT_PROVIDER_URL). */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const app = await build(loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, ...env }), { database });
  return {
    app,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Logs in through the API and returns the token pair (fails the test on anything but a 200 with a token pair). */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { area?: AreaInfo; remoteAddress?: string } = {},
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await callEndpoint(app, userEndpoints.login, {
    body: { area: options.area ?? EU_AREA, username, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return expectOk(userEndpoints.login, response);
}
