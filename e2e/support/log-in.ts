import { expect, type Page } from '@playwright/test';

/** Logs in through the storefront's login form as a demo user (password `demo`) and waits for the header to say so. */
export async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('account-name')).toBeVisible();
}
