import { expectNoAxeViolations } from './support/accessibility.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The workspace's redirects (issue 28): staff import a CSV, see the bad row's problem before anything is written, fix
 * the file, apply it, and the old URL leads to its new page in the storefront; a redirect is edited in place with the
 * keyboard. The EU area; paths carry the run's own suffix, so runs against one shop never meet.
 */

const PHONE = { width: 390, height: 844 };

// Axe runs and a storefront page per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

function csvFile(name: string, rows: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`fromPath,toUrl,status\r\n${rows.join('\r\n')}\r\n`) };
}

/** Staff log in at /login?redirect=… (the storefront's header hides the account name on a phone). */
async function openRedirects(page: Page) {
  await page.goto('/login?redirect=/backoffice/redirects?area=eu');
  await page.getByRole('textbox', { name: 'Username' }).fill('backoffice');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Redirects' })).toBeVisible();
}

async function importAndCheck(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel('CSV file for EU').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
}

test('a CSV with a bad row shows the row’s problem; the fixed file applies and the old URL redirects', async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const oldPath = `/old-decks-${suffix}`;
  const loopPath = `/old-loop-${suffix}`;
  await openRedirects(page);
  await expectNoAxeViolations(page);

  // Row 3 leads back to itself: the check names it, and nothing can be applied.
  await importAndCheck(page, csvFile('redirects.csv', [`${oldPath},/skate/decks,301`, `${loopPath},${loopPath}/,301`]));
  await expect(page.getByText('redirects.csv: 1 row has a problem')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Rows with problems' });
  const problemRow = problems.getByRole('row').nth(1);
  await expect(problemRow.getByRole('cell').nth(0)).toHaveText('3');
  await expect(problemRow.getByRole('cell').nth(1)).toHaveText(loopPath);
  await expect(problemRow.getByRole('cell').nth(2)).toContainText('a loop');
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Nothing was written: the storefront still has no redirect for the good row either.
  expect((await page.request.get(oldPath, { maxRedirects: 0 })).status()).toBe(404);

  // The fixed file: the loop now leads to the snow category.
  await importAndCheck(page, csvFile('redirects-fixed.csv', [`${oldPath},/skate/decks,301`, `${loopPath},/snow,302`]));
  await expect(page.getByText('redirects-fixed.csv has no problems')).toBeVisible();
  await page.getByRole('button', { name: 'Apply 2 rows' }).click();
  await expect(page.getByText('Imported redirects-fixed.csv')).toBeVisible();
  await expect(page.getByText('2 rows: 2 new, 0 changed, 0 unchanged.')).toBeVisible();

  await page.getByLabel('Path or target contains').fill(suffix);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: '2 redirects in EU' })).toBeVisible();

  // Every storefront process follows within 5 s (ADR 037); the one that ran the import at once.
  await expect(async () => {
    await page.goto(oldPath);
    expect(new URL(page.url()).pathname).toBe('/skate/decks');
  }).toPass({ timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Decks' })).toBeVisible();
});

test('a redirect is edited in place with the keyboard, and the storefront follows the new target', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const oldPath = `/old-bmx-${suffix}`;
  await openRedirects(page);
  await page.getByRole('textbox', { name: 'From path', exact: true }).fill(oldPath);
  await page.getByRole('textbox', { name: 'Target', exact: true }).fill('/snow');
  await page.getByRole('button', { name: 'Add redirect' }).click();
  await expect(page.getByText(`Added: ${oldPath} → /snow (301).`)).toBeVisible();

  await page.goto(`/backoffice/redirects?area=eu&q=${suffix}`);
  const row = page.getByRole('row').filter({ hasText: oldPath });
  await row.getByRole('button', { name: `Edit ${oldPath}` }).focus();
  await page.keyboard.press('Enter');
  // Focus moves into the row's first field; Escape puts the row back.
  await expect(page.getByRole('table').getByRole('textbox', { name: 'From path' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Edit ${oldPath}` })).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const target = page.getByRole('table').getByRole('textbox', { name: 'Target' });
  await expect(target).toBeFocused();
  await target.fill('/bike/bmx-bikes');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: oldPath })).toContainText('/bike/bmx-bikes');
  await expectNoAxeViolations(page);

  await expect(async () => {
    await page.goto(oldPath);
    expect(new URL(page.url()).pathname).toBe('/bike/bmx-bikes');
  }).toPass({ timeout: 5_000 });
});

test.describe('phone (390 × 844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the page fits the screen (the table scrolls in its box) and deleting names the path', async ({ page }) => {
    await openRedirects(page);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);

    const firstRow = page.getByRole('table').first().getByRole('row').nth(1);
    const fromPath = (await firstRow.getByRole('cell').first().textContent()) ?? '';
    await firstRow.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the redirect ${fromPath}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Deleting everything asks for the phrase typed out: the button stays disabled until it matches.
    await page.getByRole('button', { name: 'Delete all…' }).click();
    const deleteAll = page.getByRole('dialog', { name: /^Delete all \d+ redirects of EU\?$/ });
    const confirm = deleteAll.getByRole('button', { name: 'Delete all', exact: true });
    await expect(confirm).toBeDisabled();
    await deleteAll.getByLabel('Type DELETE ALL to confirm').fill('delete all');
    await expect(confirm).toBeDisabled();
    await deleteAll.getByLabel('Type DELETE ALL to confirm').fill('DELETE ALL');
    await expect(confirm).toBeEnabled();
    await expectNoAxeViolations(page);
    await deleteAll.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteAll).toBeHidden();
  });
});
