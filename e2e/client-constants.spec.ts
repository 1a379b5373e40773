import {
  DROPDOWN_PANEL_MAX_HEIGHT_PX,
  LOADING_BAR,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
} from '@b2b/contract/constants';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { waitForHydration } from './support/hydration.ts';
import { logIn } from './support/log-in.ts';
import { callApi } from './support/shop-api.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The locale cookie and the spec §9 constants of the browser, each where a visitor meets it (issue 29 §4, ADR 036):
 * the locale a page is rendered in, the loading bar, the listing's phone switch after a resize, the prefetch of the
 * likely next pages, the dropdown panels' height.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Navigates in the browser, as a link would, without waiting for the navigation to end. */
async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    void router.navigate(path);
  }, to);
}

test.describe('the locale cookie (spec §9)', () => {
  test('a language the area does not configure gives way to en-GB, in a cookie of 365 days, SameSite lax', async ({
    request,
  }) => {
    const danish = await request.get('/search?q=helmet', { headers: { cookie: `${LOCALE_COOKIE}=da-DK` } });
    expect(danish.status()).toBe(200);
    expect(danish.headers()['set-cookie']).toBe(
      `${LOCALE_COOKIE}=en-GB; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60}; HttpOnly; SameSite=Lax`,
    );
    expect(await danish.text()).toContain('<html lang="en-GB"');
    // a page answered with a Set-Cookie is never kept for others (ADR 021)
    expect(danish.headers()['x-page-cache']).toBeUndefined();

    // the configured language needs no cookie written, and its pages are kept for it alone
    const english = await request.get('/search?q=helmet', { headers: { cookie: `${LOCALE_COOKIE}=en-GB` } });
    expect(english.headers()['set-cookie']).toBeUndefined();
    const englishAgain = await request.get('/search?q=helmet', { headers: { cookie: `${LOCALE_COOKIE}=en-GB` } });
    expect(englishAgain.headers()['x-page-cache']).toBe('hit');
    const danishAgain = await request.get('/search?q=helmet', { headers: { cookie: `${LOCALE_COOKIE}=da-DK` } });
    expect(danishAgain.headers()['x-page-cache']).toBeUndefined();
    expect(danishAgain.headers()['set-cookie']).toContain(`${LOCALE_COOKIE}=en-GB;`);
  });
});

test.describe('the loading bar (spec §2, §9)', () => {
  test('a slow page load shows a 3 px bar over the page, which moves nothing and goes when the page is there', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/search');
    await waitForHydration(page);
    const bar = page.getByTestId('loading-bar');
    await expect(bar).toHaveAttribute('data-state', 'idle');
    const heading = page.getByRole('heading', { level: 1 });
    const headingTop = (await heading.boundingBox())?.y;

    // the next page's data takes a second, as on a slow connection
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/search\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await navigateInApp(page, '/search?p=2');
    await expect(bar).toHaveAttribute('data-state', 'loading');
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect((await bar.boundingBox())?.height).toBe(LOADING_BAR.heightPx);
    expect((await heading.boundingBox())?.y, 'the bar moves nothing').toBe(headingTop);
    // the results dim while they load (after the route transition's 100 ms wait)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);

    release();
    await expect(page).toHaveURL(/p=2/);
    await expect(bar).toHaveAttribute('data-state', /done|fading|idle/);
    await expect(bar).toHaveAttribute('data-state', 'idle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });
});

test.describe('device info (spec §9: read again 50 ms after a resize)', () => {
  test('the listing moves its filters into a drawer when the window becomes a phone’s, and back', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/search');
    await waitForHydration(page);
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    const filtersColumn = page.getByRole('complementary', { name: 'Filters' });
    await expect(filtersColumn).toBeVisible();
    await expect(filtersButton).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await expect(filtersButton).toBeVisible();
    await expectNoAxeViolations(page);

    await page.setViewportSize(DESKTOP);
    await expect(filtersButton).toHaveCount(0);
    await expect(filtersColumn).toBeVisible();
  });
});

test.describe('payload prefetch (spec §9: 1 s after load, except on slow-2g)', () => {
  const cartCode = 'link[rel="modulepreload"][href*="/cart-"]';

  test('a buyer’s page fetches the cart page’s code a second after it has loaded', async ({ page }) => {
    await logIn(page, 'eu-buyer');
    await page.goto('/');
    await page.waitForLoadState('load');
    await waitForHydration(page);
    await expect(page.locator(cartCode)).toHaveCount(1, { timeout: 10_000 });
    // the cart then opens with its code at hand
    await page.getByRole('link', { name: 'Quick order' }).click();
    await expect(page).toHaveURL(/\/cart/);
  });

  test('nothing is fetched ahead on a slow-2g connection', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ effectiveType: 'slow-2g', saveData: false }),
      });
    });
    await logIn(page, 'eu-buyer');
    await page.goto('/');
    await page.waitForLoadState('load');
    await waitForHydration(page);
    // four times the delay: long past when it would have run
    await page.waitForTimeout(4_000);
    await expect(page.locator(cartCode)).toHaveCount(0);
  });
});

test.describe('dropdown panels (spec §9: at most 200 px high)', () => {
  test('the quick order’s suggestions scroll within 200 px, the highlighted one in view', async ({ page, request }) => {
    // the start of a product's item number, which its variants share: suggestions enough to fill the panel
    const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
      body: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, facets: [], skip: 0, take: 1 },
    });
    const itemNumber = items[0]?.item.variants[0]?.id;
    if (!itemNumber) throw new Error('a product with a variant expected');
    await page.setViewportSize(DESKTOP);
    await logIn(page, 'eu-buyer');
    await page.goto('/cart#quick-order');
    await waitForHydration(page);
    const box = page.getByRole('combobox', { name: 'Item number, row 1' });
    await box.click();
    await box.pressSequentially(itemNumber.slice(0, 3));
    const listbox = page.getByRole('listbox', { name: 'Suggestions for row 1' });
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole('option').first()).toBeVisible();
    expect(await listbox.evaluate((element) => getComputedStyle(element).maxHeight)).toBe(
      `${DROPDOWN_PANEL_MAX_HEIGHT_PX}px`,
    );
    expect((await listbox.boundingBox())?.height).toBeLessThanOrEqual(DROPDOWN_PANEL_MAX_HEIGHT_PX);

    // the arrows move the highlight below the panel's edge: the option is scrolled into view
    const count = await listbox.getByRole('option').count();
    for (let step = 0; step < count; step += 1) await page.keyboard.press('ArrowDown');
    const last = listbox.getByRole('option').last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(last).toBeInViewport();
    await expectNoAxeViolations(page);
  });
});
