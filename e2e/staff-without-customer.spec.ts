import { expect, test } from './support/test.ts';

/**
 * Staff who act for no customer (the sales rep before impersonating, back-office staff) can browse the catalogue,
 * but prices, the cart and checkout belong to customers: the pages say so instead of failing with a server error.
 * A sales rep is sent to acting for a customer, told why (issue 24); back-office staff get a 403 page that says why
 * (lib/auth.server.test.ts).
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

  await test.step('/cart and /checkout lead to acting for a customer, which says why and opens them', async () => {
    for (const [path, name] of [
      ['/cart', 'The cart'],
      ['/checkout', 'Checkout'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const landed = new URL(page.url());
      expect(landed.pathname + landed.search).toBe(
        `/customer-center/impersonation?redirect=${encodeURIComponent(path)}`,
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Act for a customer' })).toBeVisible();
      await expect(page.getByTestId('wanted-page-note')).toHaveText(
        `${name} belongs to a customer account. Act for one of your customers below and it opens for them.`,
      );
      await expect(page).toHaveTitle(/Act for a customer/);
    }
  });

  expect(pageErrors).toEqual([]);
});
