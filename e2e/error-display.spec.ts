import { DEFAULT_ERROR_TOAST_TITLE, TOAST_LIFE_MS } from '@b2b/contract/constants';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { waitForHydration } from './support/hydration.ts';
import { expect, test } from './support/test.ts';

/**
 * spec §8, §9 (ADR 032): a server's 500 raises the global error event, which shows the error toast with the Danish
 * default title, status code, status message and time, bottom-right, for 3 s with its progress bar; clicking the
 * details copies them. The error store shows other errors at their level: beside the control, under the header, or
 * in a window that blocks the page, with a retry that counts.
 */
test('a 500 from the server shows the global error toast with status, time and the Danish title', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/error-demo');
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Raise server error' }).click();
  const toast = page.locator('.toast[data-severity="error"]');
  await expect(toast).toBeVisible();
  // The pointer on it pauses its life (3 s) while the test reads it.
  await toast.hover();
  await expect(toast).toContainText(DEFAULT_ERROR_TOAST_TITLE);
  expect(DEFAULT_ERROR_TOAST_TITLE).toBe('Der opstod en fejl');
  await expect(toast.getByTestId('toast-status-code')).toHaveText('500');
  await expect(toast).toContainText('Internal Server Error');
  await expect(toast).toContainText(/Time\s*\d{2}:\d{2}:\d{2}/);

  // bottom-right, with the progress bar running over the toast's life (3 s)
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no toast box');
  expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
  expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
  await expect(toast.locator('.toast-progress')).toHaveCSS('animation-duration', `${TOAST_LIFE_MS / 1000}s`);
  await expectNoAxeViolations(page);

  // Clicking the details copies them and confirms with a success toast.
  await toast.getByRole('button', { name: /Copy error details/ }).click();
  await expect(page.locator('.toast[data-severity="success"]')).toContainText('Text copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Status code: 500');

  // It goes by itself once the rest of its life has run, the pointer away.
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0, { timeout: TOAST_LIFE_MS + 2_000 });
});

test('errors show at their level, and a retry that helps removes them', async ({ page }) => {
  await page.goto('/error-demo');
  await waitForHydration(page);

  await test.step('Local: beside its control, with a retry that counts', async () => {
    await page.getByRole('button', { name: 'Show an error beside this button' }).click();
    const local = page.getByRole('main').getByRole('alert');
    // the translation of the answer's type, Exceptions.ValidationException (spec §8)
    await expect(local).toContainText('Some of the details are not valid.');
    await local.getByRole('button', { name: 'Try again' }).click();
    await expect(local).toContainText('tried again 1 time');
    await local.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });

  await test.step('Header: a bar under the header, dismissable', async () => {
    await page.getByRole('button', { name: 'Show an error under the header' }).click();
    const bar = page.getByRole('region', { name: 'Errors' });
    await expect(bar).toContainText('404 Not Found');
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await expect(bar).toHaveCount(0);
  });

  await test.step('Modal: blocks the page until closed; keyboard alone', async () => {
    await page.getByRole('button', { name: 'Show an error that blocks the page' }).click();
    const dialog = page.getByRole('dialog', { name: '403 Forbidden' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Show an error that blocks the page' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
