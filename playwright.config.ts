import { defineConfig, devices } from '@playwright/test';
import { DISMISSED_MODALS_STATE } from './e2e/support/dismissed-modals.ts';
import { E2E_SMTP_PORT } from './e2e/support/mailbox.ts';
import { E2E_INTEGRITY_CHECK_TOKEN } from './e2e/support/shop-api.ts';

/**
 * Browser tests in the system's Chromium (Debian `chromium`, or CHROMIUM_PATH): Playwright never downloads a browser
 * here. The shop under test is the built one (`npm run build --workspace @b2b/web` first; `npm test` does it), started
 * by scripts/start.mjs on its own ports with a fresh PGlite folder, so it never touches the development database.
 * Its mails go through SMTP to the server the global setup runs on loopback (e2e/support/global-setup.ts), where the
 * tests read them as a user would (e2e/support/mailbox.ts).
 */
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
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
    baseURL: `http://localhost:${WEB_PORT}`,
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
  webServer: {
    command: 'node scripts/start.mjs --fresh --quiet',
    // Ready when start.mjs says so (after the API and the web both answered). No `port`/`url` here: Playwright
    // would race them against this and start testing as soon as the web listens, before the API is up.
    wait: { stdout: /Shop is ready/ },
    // Migrating and seeding the demo catalogue into a fresh PGlite folder comes first.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(WEB_PORT),
      API_PORT: String(API_PORT),
      API_URL: `http://127.0.0.1:${API_PORT}`,
      PGLITE_DATA_DIR: '.data/e2e',
      // The browser tests always run on PGlite, whatever the caller's environment points at.
      DATABASE_URL: '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // A mail is on its way within a fifth of a second, so a test waits for it no longer than a user would.
      MAIL_DELIVERY_INTERVAL_MS: '200',
      INTEGRITY_CHECK_TOKEN: E2E_INTEGRITY_CHECK_TOKEN,
    },
  },
});
