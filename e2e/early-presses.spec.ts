import { holdBackScripts } from './support/hydration.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * A press before the page's scripts have run (ADR 025): the page is painted and its buttons pressed while its scripts
 * are still on their way, on a slow phone for a second or more. The header's menus open at once, natively (popovers,
 * a dialog opened by command), with every script of the page held back; once the scripts are in, React takes over the
 * open menu (it says so, `aria-expanded`, and fills in what it loads) and the browser closes it on Escape, the focus
 * back on its button. Pressed once: the menu stays open, and the next press or Escape closes it.
 */

/** Every script file of the storefront, held back until released: nothing of React has run before. */
const ALL_SCRIPTS = /\/assets\/[^/]+\.js$/;

/** Logs in as a demo user on a phone, where the header names nobody (support/log-in.ts waits for the name). */
async function logInOnPhone(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function expectNotHydrated(page: Page): Promise<void> {
  expect(await page.evaluate(() => '__reactRouterDataRouter' in window), 'pressed before any script ran').toBe(false);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the mega menu and the mini-cart open before the scripts have run, and React takes them over', async ({
    page,
  }) => {
    await logIn(page, 'eu-buyer');
    const releaseScripts = await holdBackScripts(page, ALL_SCRIPTS);
    await page.goto('/search', { waitUntil: 'domcontentloaded' });
    const mainMenu = page.getByRole('navigation', { name: 'Main' });
    const skate = mainMenu.getByRole('button', { name: 'Skate' });
    const cartButton = page.getByRole('banner').getByRole('button', { name: /^Cart/ });
    const miniCart = page.getByTestId('mini-cart');

    await skate.click();
    await expect(mainMenu.getByRole('link', { name: 'View all Skate' })).toBeVisible();
    await expectNotHydrated(page);

    // one menu open at a time: the mini-cart's opening closes the panel
    await cartButton.click();
    await expect(miniCart).toBeVisible();
    await expect(mainMenu.getByRole('link', { name: 'View all Skate' })).toBeHidden();
    await expectNotHydrated(page);

    releaseScripts();
    await expect(cartButton).toHaveAttribute('aria-expanded', 'true');
    await expect(miniCart.getByText(/Your cart is empty|Goods excl\. VAT/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(miniCart).toBeHidden();
    await expect(cartButton).toHaveAttribute('aria-expanded', 'false');

    // the panel opened before the scripts ran: React renders its columns once it knows
    await page.unrouteAll();
    const releaseAgain = await holdBackScripts(page, ALL_SCRIPTS);
    await page.goto('/search?q=deck', { waitUntil: 'domcontentloaded' });
    await skate.click();
    await expectNotHydrated(page);
    releaseAgain();
    await expect(skate).toHaveAttribute('aria-expanded', 'true');
    await expect(mainMenu.getByRole('link', { name: 'Decks' })).toBeVisible();
    // pressed once: it stays open, and the next press closes it
    await page.waitForTimeout(300);
    await expect(skate).toHaveAttribute('aria-expanded', 'true');
    await skate.click();
    await expect(skate).toHaveAttribute('aria-expanded', 'false');
    await expect(mainMenu.getByRole('link', { name: 'Decks' })).toBeHidden();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the account menu, the search and the menu drawer open before the scripts have run, and React takes them over', async ({
    page,
  }) => {
    await logInOnPhone(page, 'eu-buyer');
    const releaseScripts = await holdBackScripts(page, ALL_SCRIPTS);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('banner');
    const accountButton = banner.getByRole('button', { name: 'Account', exact: true });
    const searchButton = banner.getByRole('button', { name: 'Show search' });
    const menuButton = banner.getByRole('button', { name: 'Menu' });

    await accountButton.click();
    await expect(banner.getByRole('link', { name: 'Customer center' })).toBeVisible();
    await expectNotHydrated(page);

    await searchButton.click();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Customer center' })).toBeHidden();

    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('status')).toHaveText('Loading the menu…');
    await expectNotHydrated(page);

    releaseScripts();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Skate' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    // the account menu opened before the scripts ran, kept open once they have
    await page.unrouteAll();
    const releaseAgain = await holdBackScripts(page, ALL_SCRIPTS);
    await page.goto('/search', { waitUntil: 'domcontentloaded' });
    await accountButton.click();
    await expectNotHydrated(page);
    releaseAgain();
    await expect(accountButton).toHaveAttribute('aria-expanded', 'true');
    await page.waitForTimeout(300);
    await expect(accountButton).toHaveAttribute('aria-expanded', 'true');
    await expect(banner.getByRole('link', { name: 'Customer center' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(banner.getByRole('link', { name: 'Customer center' })).toBeHidden();
    await expect(accountButton).toBeFocused();
  });
});
