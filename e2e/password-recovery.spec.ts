import { expect, test } from '@playwright/test';

/**
 * Password recovery in the browser (spec §2 /user/recover-password, public). The mailed token cannot be read from
 * here (it exists only in the mail), so setting the new password with a valid token is covered by the API tests
 * (apps/api/test/password-recovery.test.ts); this covers the pages around it.
 */

const SENT = /If an account with this username exists, we have sent an e-mail/;

test('from the login page, asking for a link answers the same for known and unknown users', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/user\/recover-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();

  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await expect(page.getByText('Enter your username.', { exact: true })).toBeVisible();

  for (const username of ['us-buyer', 'nobody-at-all']) {
    await page.goto('/user/recover-password');
    await expect(page.getByText(SENT)).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('textbox', { name: 'Username' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
  }
});

test('a link that is not valid says so and offers a new one', async ({ page }) => {
  const response = await page.goto('/user/recover-password?token=not-a-real-token&username=us-buyer');
  expect(response?.status()).toBe(200);
  await expect(page.getByText(/This link is not valid any more/)).toBeVisible();
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/user\/recover-password$/);
  await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible();
});
