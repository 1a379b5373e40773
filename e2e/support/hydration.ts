import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the page's scripts have started hydrating it (React Router's browser router exists). A page is painted,
 * and `page.goto` returns, before the storefront's entry script has loaded: an inline module script imports it, and
 * the load event need not wait for that import. For a test that needs the page's scripts running, such as a link
 * that must navigate in the browser. The header's menus open before hydration natively (ADR 025).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
}

/**
 * Waits until React has hydrated the element `locator` finds: React keeps its props on the elements it hydrated. A
 * part the page loads lazily (a content page's blocks, the header's account menu) hydrates only once its module is
 * in, after the router exists; a link pressed before that is the browser's own, a full page load.
 */
export async function waitForHydratedElement(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}

/**
 * Holds back the script files matching `pattern`, as a slow phone's connection would, until the returned function is
 * called: a test presses a button, then releases them. Held until released rather than for a fixed time, which a busy
 * machine can spend on loading the page alone (the press then came after hydration).
 */
export async function holdBackScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
