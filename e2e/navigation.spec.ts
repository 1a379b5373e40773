import { logIn } from './support/log-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The header's menus (spec §2 Menus) against the seeded demo shop: the main menu is the category tree (minus the
 * two excluded categories, MENU_EXCLUDED_CATEGORY_IDS) plus the site menu's Campaigns and, for logged-in users, My
 * account; a mega menu usable with the keyboard alone; a drawer on a phone. Then build updates (spec §4).
 */

/** Presses Tab until `isTarget` says focus is where it should be (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, isTarget: () => Promise<boolean>, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await isTarget()) return;
  }
  throw new Error(`nothing matching was reached in ${limit} presses of Tab`);
}

test.describe('desktop', () => {
  test('the mega menu works with the keyboard alone', async ({ page }) => {
    await page.goto('/search');
    const mainMenu = page.getByRole('navigation', { name: 'Main' });
    const skate = mainMenu.getByRole('button', { name: 'Skate' });
    await expect(skate).toHaveAttribute('aria-expanded', 'false');
    const panel = page.locator(`[id="${await skate.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();

    await tabTo(page, () => skate.evaluate((button) => button === document.activeElement));
    await page.keyboard.press('Enter');
    await expect(skate).toHaveAttribute('aria-expanded', 'true');
    const viewAll = panel.getByRole('link', { name: 'View all Skate' });
    await expect(viewAll).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Decks' })).toBeVisible();

    // the panel follows its button in the Tab order
    await page.keyboard.press('Tab');
    await expect(viewAll).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(skate).toHaveAttribute('aria-expanded', 'false');
    await expect(skate).toBeFocused();

    // and the "View all" link leads where it says
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(viewAll).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/skate$/);
    await expect(panel).toBeHidden();
  });

  test('excluded categories are left out of the menu but still exist', async ({ page }) => {
    await page.goto('/search');
    const mainMenu = page.getByRole('navigation', { name: 'Main' });
    await mainMenu.getByRole('button', { name: 'Skate' }).click();
    await expect(mainMenu.getByRole('link', { name: 'Decks' })).toBeVisible();
    await expect(mainMenu.getByRole('link', { name: 'Griptape' })).toHaveCount(0);
    await mainMenu.getByRole('button', { name: 'Surf' }).click();
    await expect(mainMenu.getByRole('link', { name: 'Wetsuits' })).toBeVisible();
    await expect(mainMenu.getByRole('link', { name: 'Traction pads' })).toHaveCount(0);

    const griptape = await page.goto('/skate/griptape');
    expect(griptape?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Griptape' })).toBeVisible();
  });

  test('entries for logged-in users appear only after login, and "Request an account" only before', async ({
    page,
  }) => {
    await page.goto('/search');
    const mainMenu = page.getByRole('navigation', { name: 'Main' });
    const topMenu = page.getByRole('navigation', { name: 'Top' });
    await expect(mainMenu.getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(mainMenu.getByRole('button', { name: 'My account' })).toHaveCount(0);
    await expect(topMenu.getByRole('link', { name: 'About us' })).toBeVisible();
    await expect(topMenu.getByRole('link', { name: 'Request an account' })).toBeVisible();

    await logIn(page, 'eu-buyer');
    await page.goto('/search');
    await expect(topMenu.getByRole('link', { name: 'About us' })).toBeVisible();
    await expect(topMenu.getByRole('link', { name: 'Request an account' })).toHaveCount(0);
    const myAccount = mainMenu.getByRole('button', { name: 'My account' });
    await myAccount.click();
    await expect(mainMenu.getByRole('link', { name: 'View all My account' })).toBeVisible();
    await mainMenu.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/customer-center\/invoices$/);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the main menu is a drawer with nested categories, and nothing is wider than the screen', async ({ page }) => {
    await page.goto('/search');
    const openButton = page.getByRole('button', { name: 'Menu' });
    await expect(openButton).toBeVisible();
    // the desktop bar is not shown on a phone
    await expect(page.getByRole('button', { name: 'Skate' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await openButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(openButton).toHaveAttribute('aria-expanded', 'true');
    // focus is inside the drawer, and Escape closes it and returns focus
    expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(openButton).toBeFocused();

    await openButton.click();
    const skate = drawer.getByRole('button', { name: 'Skate' });
    await expect(skate).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer.getByRole('link', { name: 'Decks' })).toBeHidden();
    await skate.click();
    await expect(skate).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'View all Skate' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Griptape' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await drawer.getByRole('link', { name: 'Decks' }).click();
    await expect(page).toHaveURL(/\/skate\/decks$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Decks' })).toBeVisible();
  });
});

test('a new build turns the next navigation into a full page load, once within the 10 s guard', async ({ page }) => {
  const manifest = await page.request.get('/builds/latest.json');
  expect(manifest.status()).toBe(200);
  const { buildId, builtAt } = (await manifest.json()) as { buildId: string; builtAt: string };
  expect(buildId).toMatch(/\S/);
  expect(new Date(builtAt).toISOString()).toBe(builtAt);

  await page.goto('/search');
  const logo = page.getByRole('link', { name: 'Ridgeline B2B' });
  /** Marks this document; a full page load forgets the mark, an in-app navigation keeps it. */
  const markDocument = () => page.evaluate(() => Object.assign(window, { documentMark: true }));
  const isSameDocument = () => page.evaluate(() => 'documentMark' in window);
  /** The manifest answers the page has read to the end so far (the browser's resource timing records each). */
  const manifestsRead = () =>
    page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter(
            (entry) =>
              /\/builds\/latest\.json\?t=\d+$/.test(entry.name) && (entry as PerformanceResourceTiming).responseEnd > 0,
          ).length,
    );
  /** What the storefront does when the tab is shown again: ask for the manifest (with a timestamp query). */
  const pollManifest = async () => {
    const readBefore = await manifestsRead();
    // retried: the listener exists only once the page has hydrated
    await expect(async () => {
      const polled = page.waitForResponse((response) => /\/builds\/latest\.json\?t=\d+$/.test(response.url()), {
        timeout: 1000,
      });
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await polled;
    }).toPass();
    // The answer's headers are not the end of it: the page still reads its body and compares the build id. A click
    // before that navigates in-app (seen under CI load), so wait until the body is in, then one task more.
    await expect.poll(manifestsRead).toBeGreaterThan(readBefore);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  };

  // the build being served is this page's own: navigating stays in-app
  await markDocument();
  await pollManifest();
  await logo.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await isSameDocument()).toBe(true);

  // a newer build is announced: the next navigation loads the page in full
  await page.route('**/builds/latest.json?t=*', (route) =>
    route.fulfill({ json: { buildId: `${buildId}-next`, builtAt: new Date().toISOString() } }),
  );
  await pollManifest();
  expect(await isSameDocument()).toBe(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  // The new document may still be on its way when the address shows (the load state was the old document's, and an
  // evaluate then met the navigation): ask until a document answers, the mark gone.
  await expect.poll(() => isSameDocument().catch(() => true)).toBe(false);

  // within the guard a second reload is not made, though the new bundle still differs from the announced id
  await markDocument();
  await pollManifest();
  await logo.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await isSameDocument()).toBe(true);
});
