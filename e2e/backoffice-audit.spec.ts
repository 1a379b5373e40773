import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The back office's menus and audit log (issue 28): staff rename an entry of the site menu, the storefront's menu
 * shows it within 5 seconds, and the audit log shows who did it with the name before and after. The menu is put back
 * at the end, so the other specs on this shop see the seeded one.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** spec/issue 28: a saved change shows in the storefront within 5 s. */
const STOREFRONT_DELAY_MS = 5_000;

async function logInAsStaff(page: Page): Promise<void> {
  await page.goto('/login?redirect=/backoffice');
  await page.getByRole('textbox', { name: 'Username' }).fill('backoffice');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
}

async function renameEntry(page: Page, from: string, to: string): Promise<void> {
  await page.goto('/backoffice/menus?area=eu');
  await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toBeVisible();
  const entry = page
    .getByTestId('menu-entry')
    .filter({ has: page.getByRole('textbox', { name: /^Name/ }).and(page.locator(`[value="${from}"]`)) });
  await entry.getByRole('textbox', { name: /^Name/ }).fill(to);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save menu' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Menu saved' })).toBeVisible();
}

test('staff rename a menu entry: the storefront shows it within 5 s and the audit log shows before and after', async ({
  page,
  browser,
  baseURL,
}) => {
  // axe on a long editor at two widths, then a storefront that is polled
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await logInAsStaff(page);

  const buyer = await browser.newPage({ baseURL, viewport: DESKTOP });
  await logIn(buyer, 'eu-buyer');
  const topMenu = buyer.getByRole('navigation', { name: 'Top' });
  await buyer.goto('/search');
  await expect(topMenu.getByRole('link', { name: 'Returns', exact: true })).toBeVisible();

  let isRenamed = false;
  try {
    await test.step('the menu editor: keyboard-friendly, axe clean, at 1366 px and 390 px', async () => {
      await page.goto('/backoffice/menus?area=eu');
      await expect(page.getByTestId('menu-entry').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.setViewportSize(DESKTOP);
    });

    await test.step('entries move from the keyboard, focus stays on the moved entry, and undo takes it back', async () => {
      const moveDown = page.getByRole('button', { name: 'Move down: Campaigns' });
      await moveDown.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('textbox', { name: /^Name/ }).first()).toHaveValue('My account');
      await expect(moveDown).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByRole('button', { name: 'Move up: Campaigns' })).toBeFocused();
      await page.getByRole('button', { name: 'Indent: Campaigns' }).focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('list', { name: 'Sub-entries of My account' }).getByRole('textbox', { name: /^Name/ }).last(),
      ).toHaveValue('Campaigns');
      await expect(page.getByRole('button', { name: 'Indent: Campaigns' })).toBeFocused();
      await expect(page.getByText('Unsaved changes')).toBeVisible();
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('textbox', { name: /^Name/ }).first()).toHaveValue('Campaigns');
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    });

    await test.step('a rename is saved and the storefront shows it within 5 s', async () => {
      await renameEntry(page, 'Returns', 'Returns & repairs');
      isRenamed = true;
      const savedAt = Date.now();
      await expect(async () => {
        await buyer.goto('/search');
        await expect(topMenu.getByRole('link', { name: 'Returns & repairs' })).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: STOREFRONT_DELAY_MS, intervals: [250] });
      expect(Date.now() - savedAt).toBeLessThan(STOREFRONT_DELAY_MS);
      await expect(topMenu.getByRole('link', { name: 'Returns & repairs' })).toHaveAttribute('href', '/returns');
    });

    await test.step('the audit log lists the change by the staff user, with the name before and after', async () => {
      await page.goto('/backoffice/audit?type=menu&object=eu%2Fsite');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const entry = page.getByTestId('audit-entry').first();
      await expect(entry).toContainText('backoffice');
      await expect(entry).toContainText('Site menu of area eu: renamed "Returns" to "Returns & repairs"');
      const toggle = entry.getByRole('button', { name: /^Show changes/ });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(entry.getByRole('button', { name: /^Hide changes/ })).toHaveAttribute('aria-expanded', 'true');
      const change = page.getByTestId('audit-change').filter({ hasText: 'returns › name' });
      await expect(change).toHaveCount(1);
      await expect(change.locator('del')).toHaveText('Returns');
      await expect(change.locator('ins')).toHaveText('Returns & repairs');
      await expectNoAxeViolations(page);
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.setViewportSize(DESKTOP);
    });

    await test.step('the filters live in the URL: another actor finds nothing', async () => {
      await page.getByRole('textbox', { name: 'Who (username)' }).fill('sales-rep');
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page).toHaveURL(/actor=sales-rep/);
      await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
    });
  } finally {
    if (isRenamed) await renameEntry(page, 'Returns & repairs', 'Returns');
    await buyer.close();
  }
  expect(pageErrors).toEqual([]);
});
