import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The back office's caches page (issue 28, ADR 030): it lists the API instance and the storefront process with their
 * caches (price on the API, page and image on the storefront), and emptying a type empties it on the storefront
 * process too — which learns of it through the API — with the result shown. The image cache is the one emptied: no
 * back-office page refills it (the page cache keeps pages 5 s only, too short to see them come and go reliably).
 * axe on the desktop and at 390 × 844.
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
  // An anonymous visitor's front page and one of its resized images: the storefront keeps the image on disk.
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  const imagePath = /src="(\/images\/crop\/[^"]+)"/.exec(await home.text())?.[1];
  expect(imagePath, 'a resized image on the front page').toBeDefined();
  expect((await request.get(imagePath as string)).status()).toBe(200);

  await logIn(page, 'backoffice');
  await openCachesPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Caches' })).toBeVisible();
  await expect(instanceTable(page, 'API').getByRole('row', { name: /^price / })).toBeVisible();
  await expect(instanceTable(page, 'Storefront').getByRole('row', { name: /^page / })).toBeVisible();
  const imageEntries = instanceTable(page, 'Storefront')
    .getByRole('row', { name: /^image / })
    .getByRole('cell')
    .first();
  await expect(imageEntries).not.toHaveText('0', { timeout: 15_000 });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Empty the image cache' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empty the image cache everywhere?' });
  await expect(dialog).toContainText('Every API instance and storefront process');
  await dialog.getByRole('button', { name: 'Empty image' }).click();
  await expect(page.getByRole('status')).toContainText('The image cache is being emptied on every instance');
  // The storefront process empties it within 5 s (it asks the API every 2 s); the page follows the reports.
  await expect(imageEntries).toHaveText('0', { timeout: 15_000 });
  await expectNoAxeViolations(page);
});

test('the caches page fits a phone: tables scroll inside their boxes, nothing overlaps', async ({ page }) => {
  await logIn(page, 'backoffice');
  await page.setViewportSize(PHONE);
  await openCachesPage(page);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('button', { name: 'Empty the price cache' })).toBeVisible();
  await expectNoAxeViolations(page);
});
