import { defineConfig, devices } from '@playwright/test';
import { DISMISSED_MODALS_STATE } from './e2e/support/dismissed-modals.ts';
import { E2E_INTEGRITY_CHECK_TOKEN } from './e2e/support/shop-api.ts';
import { E2E_SHOPS, E2E_WORKERS, type E2eShop } from './e2e/support/shops.ts';

/**
 * Browser tests in the system's Chromium (Debian `chromium`, or CHROMIUM_PATH): Playwright never downloads a browser
 * here. The shop under test is the built one (`npm run build --workspace @b2b/web` first; `npm test` does it), started
 * by scripts/start.mjs with a fresh PGlite folder, so it never touches the development database: one shop per worker
 * (E2E_WORKERS, 2 by default), each on ports of its own with its own database, and each test file's tests run in one
 * worker, in order (e2e/support/shops.ts; specs import `test` from e2e/support/test.ts, which points them at their
 * worker's shop). Each shop's mails go through SMTP to a server the global setup runs on loopback for it
 * (e2e/support/global-setup.ts), where the tests read them as a user would (e2e/support/mailbox.ts).
 */
const isCI = Boolean(process.env.CI);

/** scripts/start.mjs starting one shop; all of them start at once, before the first test. */
function shopServer(shop: E2eShop) {
  return {
    command: 'node scripts/start.mjs --fresh --quiet',
    // Ready when start.mjs says so (after the API and the web both answered). No `port`/`url` here: Playwright
    // would race them against this and start testing as soon as the web listens, before the API is up.
    wait: { stdout: /Shop is ready/ },
    // Migrating and seeding the demo catalogue into a fresh PGlite folder comes first.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    env: {
      PORT: String(shop.webPort),
      API_PORT: String(shop.apiPort),
      API_URL: shop.apiUrl,
      PGLITE_DATA_DIR: shop.pgliteDataDir,
      // The browser tests always run on PGlite, whatever the caller's environment points at.
      DATABASE_URL: '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SMTP_URL: `smtp://127.0.0.1:${shop.smtpPort}`,
      // A mail is on its way within a fifth of a second, so a test waits for it no longer than a user would.
      MAIL_DELIVERY_INTERVAL_MS: '200',
      INTEGRITY_CHECK_TOKEN: E2E_INTEGRITY_CHECK_TOKEN,
      // One web process a shop: the shops of two workers already take a core each (server.mjs's default of one per
      // core would run four, with two browsers, on the 2-core CI machine). e2e/server-processes.spec.ts starts a
      // server of its own with two.
      WEB_PROCESSES: '1',
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(isCI ? [['html', { open: 'never' }] as const] : []),
    // scripts/test.mjs sums the tests of every runner from their JSON reports
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
      ? [['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as const]
      : []),
  ],
  use: {
    // The first shop's; a test gets its own worker's (e2e/support/test.ts).
    baseURL: E2E_SHOPS[0]?.webUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    // the first-visit modal would make every page inert until dismissed (e2e/support/dismissed-modals.ts)
    storageState: DISMISSED_MODALS_STATE,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: E2E_SHOPS.map(shopServer),
});
