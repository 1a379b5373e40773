#!/usr/bin/env node
/**
 * `npm start`: the built shop on the embedded database (or PostgreSQL with DATABASE_URL).
 *
 *   1. migrate and seed the demo catalogue if the database is empty (before the API opens PGlite's folder);
 *   2. start the API (API_PORT, default 4000: the build `node dist/server.js` when `npm run build` made a current
 *      one, else `node --import tsx src/server.ts`; scripts/lib/api-entry.mjs, ADR 038) and the web
 *      (apps/web/server.mjs, PORT, default 3000, API_URL pointing at the API);
 *   3. wait until both answer, print the URL and the demo logins.
 *
 * Options: --fresh deletes the PGlite folder first (only below <repo>/.data; used by the browser tests);
 * --quiet hides the web's request log (its errors still show; the API logs at LOG_LEVEL).
 * The web must have been built (`npm run build`); `npm run demo` installs, builds and starts in one go.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  API_START,
  API_START_NOTE,
  assertPortsFree,
  log,
  prepareDatabase,
  REPO_ROOT,
  readShopConfig,
  runPair,
  WEB_SERVER_BUILD,
  WEB_START,
} from './lib/shop.mjs';

const fresh = process.argv.includes('--fresh');
const quiet = process.argv.includes('--quiet');
const config = readShopConfig();

if (!existsSync(WEB_SERVER_BUILD)) {
  log(
    'shop',
    `${path.relative(REPO_ROOT, WEB_SERVER_BUILD)} is missing: run "npm run build" first (or "npm run demo").`,
  );
  process.exit(1);
}

await assertPortsFree(config);
try {
  await prepareDatabase(config, { fresh });
} catch (error) {
  log('shop', error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const sharedEnv = { ...process.env, PGLITE_DATA_DIR: config.pgliteDataDir };
if (API_START_NOTE) log('api', API_START_NOTE);
await runPair({
  config,
  readyTimeoutMs: 120_000,
  quiet,
  api: {
    command: process.execPath,
    ...API_START,
    env: { ...sharedEnv, API_PORT: String(config.apiPort) },
  },
  web: {
    command: process.execPath,
    ...WEB_START,
    env: { ...sharedEnv, PORT: String(config.webPort), API_URL: config.apiUrl },
  },
});
