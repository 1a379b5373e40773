#!/usr/bin/env node
/**
 * `npm run dev`: like `npm start`, but the API restarts on change (tsx watch) and the web runs the React Router
 * development server (hot reload). Same ports and variables as `npm start`.
 */
import { API_DIR, assertPortsFree, bin, log, prepareDatabase, readShopConfig, runPair, WEB_DIR } from './lib/shop.mjs';

const config = readShopConfig();

await assertPortsFree(config);
try {
  await prepareDatabase(config, { fresh: process.argv.includes('--fresh') });
} catch (error) {
  log('shop', error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const sharedEnv = { ...process.env, PGLITE_DATA_DIR: config.pgliteDataDir };
await runPair({
  config,
  // The development server compiles the first page on request, which takes longer than serving a build.
  readyTimeoutMs: 180_000,
  api: {
    command: bin('tsx', API_DIR),
    args: ['watch', '--clear-screen=false', 'src/server.ts'],
    cwd: API_DIR,
    env: { ...sharedEnv, API_PORT: String(config.apiPort) },
  },
  web: {
    command: bin('react-router', WEB_DIR),
    args: ['dev', '--port', String(config.webPort), '--strictPort'],
    cwd: WEB_DIR,
    env: { ...sharedEnv, PORT: String(config.webPort), API_URL: config.apiUrl },
  },
});
