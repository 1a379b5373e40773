import type { Page } from '@playwright/test';

/**
 * Waits until the page's scripts have started hydrating it (React Router's browser router exists). A page is
 * painted, and `page.goto` returns, before the storefront's entry script has loaded: an inline module script imports it,
 * and the load event need not wait for that import. A click in that moment does nothing, for a buyer too; once
 * hydration has begun, React hydrates what is clicked first and handles the click.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
}
