import { expect, test } from '@playwright/test';

/**
 * Staff who act for no customer (the sales rep before impersonating, back-office staff) can browse the catalogue,
 * but prices, the cart and checkout belong to customers: the pages say so instead of failing with a server error.
 */

const SALES_REP = { username: 'sales-rep', password: 'demo', name: 'Sam Lindqvist' };

test('a sales rep without a customer browses without prices and is told why there is no cart', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(SALES_REP.username);
  await page.getByLabel('Password', { exact: true }).fill(SALES_REP.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  await test.step('search: products, no prices, no add to cart, no mini-cart, no error toast', async () => {
    await page.goto('/search');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByText('Prices are shown for customer accounts')).toBeVisible();
    await expect(page.getByTestId('price')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  await test.step('/cart and /checkout explain that they are for customer accounts (403)', async () => {
    for (const path of ['/cart', '/checkout']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: 'No customer account' })).toBeVisible();
      await expect(page.getByTestId('error-message')).toContainText(SALES_REP.name);
    }
  });

  expect(pageErrors).toEqual([]);
});
