import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * The back office's orders (issue 28) in real Chromium against the seeded demo shop: staff log in, find an order of
 * eu-buyer's customer (Alpine Boardshop GmbH, 10001) not yet shipped (the demo history has one Received and one
 * Processing, so a retry finds the other), ship it and invoice it, register its payment with
 * a wrong amount first (refused, naming what is open), then log out; eu-buyer's order page shows the new state and
 * the invoice. Anyone but staff gets the 404 page at /backoffice. Every page is checked with axe, and the table and
 * the order page are looked at on a 390 px phone too.
 */

const CUSTOMER_NAME = 'Alpine Boardshop GmbH';

async function logInAsStaff(page: Page): Promise<void> {
  await page.goto('/login?redirect=/backoffice');
  await page.getByRole('textbox', { name: 'Username' }).fill('backoffice');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
}

/** The page is no wider than the viewport: a wide table scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.document).toBeLessThanOrEqual(widths.viewport);
}

test('backoffice ships and invoices an order of eu-buyer; eu-buyer sees the new state and the invoice', async ({
  page,
}) => {
  // Seven pages with axe on each, on two viewports: more than the default minute on a busy machine.
  test.slow();
  let orderPath = '';
  let orderNumber = '';
  let invoiceNumber = '';

  await test.step('staff open Orders and filter to an unshipped order of eu-buyer’s customer', async () => {
    await logInAsStaff(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByTestId('backoffice-order-row').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const search = page.getByRole('search', { name: 'Find orders' });
    await search.getByRole('searchbox', { name: 'Customer' }).fill('alpine boardshop');
    await search.getByRole('checkbox', { name: 'Received' }).check();
    await search.getByRole('checkbox', { name: 'Processing' }).check();
    await search.getByRole('button', { name: 'Find orders' }).click();
    await expect(page).toHaveURL(/customer=alpine\+boardshop/);
    await expect(page).toHaveURL(/state=Placed&state=Processing/);
    const rows = page.getByTestId('backoffice-order-row');
    await expect(rows.first()).toBeVisible();
    for (const state of await page.getByTestId('backoffice-order-state').allTextContents()) {
      expect(['Received', 'Processing']).toContain(state);
    }
    await expect(rows.first()).toContainText(CUSTOMER_NAME);

    // Sorting by total is a link in the column header; the filters stay.
    await page.getByRole('link', { name: 'Total incl. VAT' }).click();
    await expect(page).toHaveURL(/sort=total&dir=asc/);
    await expect(page).toHaveURL(/state=Processing/);
    await expect(page.getByRole('columnheader', { name: /Total incl\. VAT/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const link = rows.first().getByRole('link');
    orderNumber = (await link.textContent()) ?? '';
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    orderPath = new URL(page.url()).pathname;
    await expectNoAxeViolations(page);
  });

  await test.step('only the moves the state allows are offered; ship, then invoice', async () => {
    const stateSection = page.getByRole('region', { name: 'Change state' });
    const status = page.getByTestId('backoffice-order-status');
    if ((await status.textContent()) === 'Received') {
      // A Received order can only be processed or cancelled; it is processed first.
      await expect(stateSection.getByRole('button')).toHaveText(['Move to Processing', 'Cancel the order']);
      await stateSection.getByRole('button', { name: 'Move to Processing' }).click();
      await expect(status).toHaveText('Processing');
    }
    await expect(stateSection.getByRole('button')).toHaveText([
      'Move to Partly shipped',
      'Move to Shipped',
      'Cancel the order',
    ]);
    await stateSection.getByRole('textbox', { name: 'Note for the history (optional)' }).fill('Left the warehouse');
    await stateSection.getByRole('button', { name: 'Move to Shipped' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order ${orderNumber} is now Shipped.` })).toBeVisible();
    await expect(page.getByTestId('backoffice-order-status')).toHaveText('Shipped');
    await expect(page.getByTestId('staff-order-timeline')).toContainText('Processing → Shipped');
    await expect(page.getByTestId('staff-order-timeline')).toContainText('Left the warehouse');

    await stateSection.getByRole('button', { name: 'Invoice the order' }).click();
    const done = page.getByRole('status').filter({ hasText: `Order ${orderNumber} is now Invoiced.` });
    await expect(done).toBeVisible();
    invoiceNumber = /Invoice (INV-\d+) was created/.exec((await done.textContent()) ?? '')?.[1] ?? '';
    expect(invoiceNumber).toMatch(/^INV-\d{6,}$/);
    await expect(page.getByTestId('backoffice-order-status')).toHaveText('Invoiced');
    await expect(page.getByRole('region', { name: `Invoice ${invoiceNumber}` })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('a payment of the wrong amount is refused naming what is open; the right one is registered', async () => {
    const invoice = page.getByRole('region', { name: `Invoice ${invoiceNumber}` });
    const amount = invoice.getByRole('textbox', { name: /Amount received/ });
    const open = await amount.inputValue();
    await amount.fill('1');
    await invoice.getByRole('textbox', { name: 'Reference (bank statement)' }).fill('Statement 42');
    await invoice.getByRole('button', { name: 'Register payment' }).click();
    await expect(invoice.getByText(`must be what is open on ${invoiceNumber}`)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('backoffice-invoice-status')).toContainText('Open');

    await amount.fill(open);
    await invoice.getByRole('button', { name: 'Register payment' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invoice ${invoiceNumber} is paid.` })).toBeVisible();
    await expect(page.getByTestId('backoffice-invoice-status')).toContainText('Paid');
    await expect(invoice.getByRole('button', { name: 'Register payment' })).toHaveCount(0);
  });

  await test.step('on a 390 px phone the order page and the table stay within the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.goto('/backoffice/orders?customer=alpine');
    await expect(page.getByTestId('backoffice-order-row').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('staff log out; eu-buyer sees the order invoiced, with its invoice', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    // the logout's own navigation ends first: a login started while it is under way was overtaken by its redirect
    await page.waitForURL((url) => !url.pathname.startsWith('/backoffice'));
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    await logIn(page, 'eu-buyer');
    const orderId = orderPath.split('/').pop() ?? '';
    await page.goto(`/customer-center/orders/${orderId}`);
    await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
    await expect(page.getByTestId('order-status')).toHaveText('Invoiced');
    await expect(page.getByTestId('order-timeline')).toContainText(invoiceNumber);
  });
});

for (const username of ['eu-buyer', 'sales-rep', null] as const) {
  test(`/backoffice is the 404 page for ${username ?? 'an anonymous visitor'}`, async ({ page }) => {
    if (username) await logIn(page, username);
    for (const path of ['/backoffice', '/backoffice/orders']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    }
  });
}
