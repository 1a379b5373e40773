/**
 * One shop per Playwright worker, so the browser tests run in parallel without sharing a database: each worker's
 * tests run against a shop of their own (an API and a web with a fresh PGlite folder, started by the `webServer`
 * entries of playwright.config.ts) and its own SMTP server and mailbox (global-setup.ts, mailbox.ts). What one test
 * writes (a cart, an order, a changed password) is then seen only by the tests that run after it in the same worker.
 *
 * Ports count up from E2E_WEB_PORT, E2E_API_PORT and E2E_SMTP_PORT (3100, 4100 and 3125 by default), one per shop.
 */
import { fileURLToPath } from 'node:url';

/** Playwright workers, and so shops: two on the 2-core CI machines, where the browser and the shop share the CPUs. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

const FIRST_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
const FIRST_API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const FIRST_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);

export type E2eShop = {
  webPort: number;
  apiPort: number;
  smtpPort: number;
  /** The storefront, as the browser reaches it. */
  webUrl: string;
  /** The API on loopback, for calls straight from a test (shop-api.ts). */
  apiUrl: string;
  /** Its PGlite folder, below the repository's .data (deleted and seeded anew at each run). */
  pgliteDataDir: string;
  /** Where global-setup.ts files the mails its SMTP server received. */
  mailboxDir: string;
};

/** The shop of the worker with this parallel index (0 … E2E_WORKERS − 1). */
export function e2eShop(parallelIndex: number): E2eShop {
  const webPort = FIRST_WEB_PORT + parallelIndex;
  const apiPort = FIRST_API_PORT + parallelIndex;
  return {
    webPort,
    apiPort,
    smtpPort: FIRST_SMTP_PORT + parallelIndex,
    webUrl: `http://localhost:${webPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    pgliteDataDir: `.data/e2e/shop-${parallelIndex}/pglite`,
    mailboxDir: fileURLToPath(new URL(`../../.data/e2e/shop-${parallelIndex}/mailbox/`, import.meta.url)),
  };
}

export const E2E_SHOPS: readonly E2eShop[] = Array.from({ length: E2E_WORKERS }, (_, index) => e2eShop(index));

/**
 * The shop of the worker this module runs in: Playwright sets TEST_PARALLEL_INDEX in each worker process before it
 * loads the tests. Outside a worker (the runner's own process) it is the first shop.
 */
export const WORKER_SHOP: E2eShop = e2eShop(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
