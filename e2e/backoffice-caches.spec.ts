import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The back office's caches page (issue 28, ADR 030): it lists the API instance and the storefront process with their
 * caches (price on the API, page on the storefront), and emptying a type empties it on the storefront process too —
 * which learns of it through the API — with the result shown. axe on the desktop and at 390 × 844.
 */

const PHONE = { width: 390, height: 844 };

function instanceTable(page: Page, app: 'API' | 'Storefront') {
  return page.getByRole('table', { name: new RegExp(`^Caches of ${app} process`) });
}

/** The caches page once the storefront process has reported (it does every 2 s after it starts listening). */
async function openCachesPage(page: Page): Promise<void> {
  await expect(async () => {
    await page.goto('/backoffice/caches');
    await expect(instanceTable(page, 'Storefront')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test('staff see the caches of the API and the storefront and empty one type everywhere', async ({ page, request }) => {
  // An anonymous visit: the storefront keeps the front page (its page cache).
  expect((await request.get('/')).status()).toBe(200);
  await logIn(page, 'backoffice');
  await openCachesPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Caches' })).toBeVisible();

  await expect(instanceTable(page, 'API').getByRole('row', { name: /^price / })).toBeVisible();
  const pageRow = instanceTable(page, 'Storefront').getByRole('row', { name: /^page / });
  await expect(pageRow).toBeVisible();
  await expect(pageRow.getByRole('cell').first()).not.toHaveText('0');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Empty the page cache' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empty the page cache everywhere?' });
  await expect(dialog).toContainText('Every API instance and storefront process');
  await dialog.getByRole('button', { name: 'Empty page' }).click();
  await expect(page.getByRole('status')).toContainText('The page cache is being emptied on every instance');
  // The storefront process empties it within 5 s; the page follows the reports.
  await expect(pageRow.getByRole('cell').first()).toHaveText('0', { timeout: 15_000 });
  await expectNoAxeViolations(page);
});

test('the caches page fits a phone: tables scroll inside their boxes, nothing overlaps', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await logIn(page, 'backoffice');
  await openCachesPage(page);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('button', { name: 'Empty the price cache' })).toBeVisible();
  await expectNoAxeViolations(page);
});
