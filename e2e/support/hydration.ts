import type { Page } from '@playwright/test';

/**
 * Waits until the page's scripts have started hydrating it (React Router's browser router exists). A page is painted,
 * and `page.goto` returns, before the storefront's entry script has loaded: an inline module script imports it, and
 * the load event need not wait for that import. For a test that needs the page's scripts running, such as a link
 * that must navigate in the browser; a buyer's early press of a button is made again (app/lib/early-clicks.ts).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
}
