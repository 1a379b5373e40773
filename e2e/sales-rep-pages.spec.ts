import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * Issue 24, a sales rep's own side of the shop in real Chromium against the seeded demo shop (whose history holds
 * the rep's earlier sessions and orders for 10001 and 10002): acting for no customer, the rep is offered only what a
 * rep can use, and a customer's page (the cart after End) leads to acting for a customer, which then opens it; "My
 * assisted sessions" lists the rep's sessions and orders across customers; while acting, the header is one row at
 * 1366 px and "Log out" stands far from the banner's "End". Each test ends what it started: no cart is changed.
 */

const SALES_REP = { username: 'sales-rep', name: 'Sam Lindqvist' };
const ALPINE = { number: '10001', name: 'Alpine Boardshop GmbH' };
const FJORD = { number: '10002', name: 'Fjord Surf & Ski AS' };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const NOTE_TAIL = 'belongs to a customer account. Act for one of your customers below and it opens for them.';

function banner(page: Page): Locator {
  return page.getByRole('region', { name: 'Acting for a customer' });
}

/** The path and query the page shows now. */
function here(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** On the impersonation page: gives a reason and acts for the customer; the page the form leads to loads in full. */
async function actFor(page: Page, customer: { number: string; name: string }, reason: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Reason' }).fill(reason);
  await page
    .getByRole('button', { name: `Act as ${customer.name} (${customer.number})` })
    .first()
    .click();
  await expect(banner(page)).toContainText(`You are acting for ${customer.name} (${customer.number})`);
}

async function end(page: Page): Promise<void> {
  await banner(page).getByRole('button', { name: /^End/ }).click();
  await expect(page).toHaveURL(/\/customer-center\/impersonation$/);
  await expect(banner(page)).toHaveCount(0);
}

function customerCenterNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Customer center' });
}

test.describe('desktop 1366 × 900', () => {
  test.use({ viewport: DESKTOP });

  test('acting for no customer, the rep is offered only what a rep can use', async ({ page }) => {
    await logIn(page, SALES_REP.username);
    await page.goto('/customer-center');
    await expect(customerCenterNav(page).getByRole('link')).toHaveText([
      'Account overview',
      'Act for a customer',
      'My assisted sessions',
      'Change password',
    ]);
    const yourCustomers = page.getByRole('region', { name: 'Your customers' });
    await expect(yourCustomers.getByRole('link', { name: 'Act for a customer' })).toBeVisible();
    await expect(yourCustomers.getByRole('link', { name: 'My assisted sessions' })).toBeVisible();

    // the header offers no cart and no quick order; the main menu's "My account" none of the customer's pages
    await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Quick order' })).toHaveCount(0);
    const myAccount = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My account' });
    await myAccount.click();
    const panel = page.locator(`[id="${await myAccount.getAttribute('aria-controls')}"]`);
    await expect(panel.getByRole('link', { name: 'Change password' })).toBeVisible();
    await expect(panel.getByRole('link', { name: /^(Orders|Invoices|Credit memos|Instant Excel)$/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);

    // a customer's page opened anyway leads to acting for a customer, which names it
    for (const [path, name] of [
      ['/customer-center/orders', 'The order list'],
      ['/customer-center/invoices', 'The invoice list'],
      ['/customer-center/credit-memos', 'The credit memo list'],
      ['/customer-center/assisted-sessions', "The customer's assisted sessions"],
      ['/customer-center/instant-excel', 'Instant Excel'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(here(page)).toBe(`/customer-center/impersonation?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByTestId('wanted-page-note')).toHaveText(`${name} ${NOTE_TAIL}`);
    }
    await expect(page).toHaveTitle(/Act for a customer/);
    await expectNoAxeViolations(page);
  });

  test('after End the rep is on their own page; the cart then leads to acting, which opens it', async ({ page }) => {
    await logIn(page, SALES_REP.username);
    await page.goto('/customer-center/impersonation');
    await actFor(page, ALPINE, 'Phone order');
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();

    await end(page);
    await expect(customerCenterNav(page).getByRole('link')).toHaveText([
      'Account overview',
      'Act for a customer',
      'My assisted sessions',
      'Change password',
    ]);

    // back to the cart (the browser's Back, a bookmark): not a 403 but the way to a customer's cart
    const response = await page.goto('/cart');
    expect(response?.status()).toBe(200);
    expect(here(page)).toBe('/customer-center/impersonation?redirect=%2Fcart');
    await expect(page.getByTestId('wanted-page-note')).toHaveText(`The cart ${NOTE_TAIL}`);
    // finding a customer keeps the page to open
    await page.getByRole('searchbox', { name: 'Customer number or name' }).fill(FJORD.number);
    await page.getByRole('button', { name: 'Find customers' }).click();
    await expect(page).toHaveURL(/[?&]q=10002(&|$)/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/cart');
    await actFor(page, FJORD, 'Visit');
    expect(here(page)).toBe('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await end(page);
  });

  test('"My assisted sessions": sessions and orders across customers; an order opens once the rep acts', async ({
    page,
  }) => {
    await logIn(page, SALES_REP.username);
    await page.goto('/customer-center');
    await customerCenterNav(page).getByRole('link', { name: 'My assisted sessions' }).click();
    await expect(page).toHaveURL(/\/customer-center\/impersonation\/sessions$/);
    const heading = page.getByRole('heading', { level: 1, name: 'My assisted sessions' });
    await expect(heading).toBeFocused();

    const sessions = page.getByRole('table', { name: /^Your sessions/ });
    const orders = page.getByRole('table', { name: /^Orders you placed/ });
    // the seed's history: sessions and orders for both of the rep's customers
    await expect(sessions.getByTestId('own-session').filter({ hasText: ALPINE.name }).first()).toBeVisible();
    await expect(sessions.getByTestId('own-session').filter({ hasText: FJORD.name }).first()).toBeVisible();
    await expect(
      orders
        .getByTestId('own-order')
        .filter({ hasText: `${FJORD.name} (${FJORD.number})` })
        .first(),
    ).toBeVisible();
    const alpineOrder = orders
      .getByTestId('own-order')
      .filter({ hasText: `${ALPINE.name} (${ALPINE.number})` })
      .first();
    await expect(alpineOrder.getByTestId('own-order-total')).toHaveText(/^€[\d,]+\.\d{2}$/);
    await expectNoAxeViolations(page);

    // not acting: the order's link leads to acting for its customer, then to the order
    const orderLink = alpineOrder.getByRole('link');
    const orderNumber = ((await orderLink.textContent()) ?? '').trim();
    expect(orderNumber).toMatch(/^SO-\d{6,}$/);
    await orderLink.click();
    await expect(page).toHaveURL(/\/customer-center\/impersonation\?q=10001&redirect=%2Fcustomer-center%2Forders%2F/);
    await expect(page.getByTestId('wanted-page-note')).toHaveText(`The order ${NOTE_TAIL}`);
    await expect(page.getByRole('table', { name: 'Your customers' }).getByRole('rowheader')).toHaveText([ALPINE.name]);
    await actFor(page, ALPINE, 'Order question');
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();

    // acting: the page lists the running session first, and this customer's orders open at once
    await page.goto('/customer-center/impersonation/sessions');
    const running = sessions.getByTestId('own-session').first();
    await expect(running).toContainText(ALPINE.name);
    await expect(running.getByTestId('running')).toHaveText('Running');
    await expect(running.getByTestId('own-session-reason')).toHaveText('Order question');
    await expect(running.getByTestId('own-session-changes')).toHaveText('0');
    await expect(orders.getByRole('link', { name: orderNumber, exact: true })).toHaveAttribute(
      'href',
      /^\/customer-center\/orders\/[0-9a-f-]{36}$/,
    );
    await expect(customerCenterNav(page).getByRole('link', { name: 'My assisted sessions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(customerCenterNav(page).getByRole('link', { name: 'Act for a customer' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations(page);
    await end(page);
  });

  test('while acting the header is one row, and "Log out" stands far from the banner\'s "End"', async ({ page }) => {
    await logIn(page, SALES_REP.username);
    await page.goto('/customer-center/impersonation');
    await actFor(page, ALPINE, 'Visit');
    for (const path of ['/', '/search', '/customer-center']) {
      await page.goto(path);
      const row = [
        header(page).getByRole('link', { name: 'Ridgeline B2B' }),
        header(page).getByRole('button', { name: 'Search', exact: true }),
        header(page).getByRole('link', { name: 'Customer center' }),
        header(page).getByRole('button', { name: 'Log out' }),
        header(page).getByRole('link', { name: 'Quick order' }),
        header(page).getByRole('button', { name: /^Cart/ }),
      ];
      const boxes = await Promise.all(row.map((item) => boxOf(item)));
      const middles = boxes.map((box) => box.y + box.height / 2);
      // one row: every item's middle within a few pixels of the logo's
      for (const [index, middle] of middles.entries()) {
        expect(Math.abs(middle - (middles[0] ?? 0)), `${path}: item ${index} of the header row`).toBeLessThan(8);
      }
      const endBox = await boxOf(banner(page).getByRole('button', { name: /^End/ }));
      const logOutBox = await boxOf(header(page).getByRole('button', { name: 'Log out' }));
      // the top bar stands between them, and Log out is well left of End
      expect(logOutBox.y - (endBox.y + endBox.height), `${path}: vertical gap`).toBeGreaterThan(40);
      expect(endBox.x - (logOutBox.x + logOutBox.width), `${path}: horizontal gap`).toBeGreaterThan(150);
    }
    await expectNoAxeViolations(page);

    // and in the Tab order: End, then the banner's other link, the top bar, logo, search… Log out comes much later
    const endButton = banner(page).getByRole('button', { name: /^End/ });
    await endButton.focus();
    let presses = 0;
    while (
      !(await header(page)
        .getByRole('button', { name: 'Log out' })
        .evaluate((e) => e === document.activeElement))
    ) {
      await page.keyboard.press('Tab');
      presses += 1;
      expect(presses, 'Tab presses from End to Log out').toBeLessThan(40);
    }
    expect(presses).toBeGreaterThanOrEqual(8);
    await end(page);
  });
});

function header(page: Page): Locator {
  return page.getByRole('banner');
}

async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

test.describe('phone 390 × 844', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('while acting: one row of header buttons, End in the banner, Log out inside the account menu', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username' }).fill(SALES_REP.username);
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/customer-center/impersonation');
    await actFor(page, FJORD, 'Visit');

    const menu = header(page).getByRole('button', { name: 'Menu' });
    const account = header(page).getByRole('button', { name: 'Account' });
    const cart = header(page).getByRole('button', { name: /^Cart/ });
    const [menuBox, accountBox, cartBox] = await Promise.all([boxOf(menu), boxOf(account), boxOf(cart)]);
    for (const box of [accountBox, cartBox]) {
      expect(Math.abs(box.y + box.height / 2 - (menuBox.y + menuBox.height / 2))).toBeLessThan(8);
    }
    await expect(banner(page).getByRole('button', { name: /^End/ })).toBeInViewport();
    await expect(header(page).getByRole('button', { name: 'Log out' })).toBeHidden();
    await account.click();
    await expect(header(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Act for a customer' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);

    await page.goto('/customer-center/impersonation/sessions');
    await expect(page.getByTestId('own-session').first()).toContainText(FJORD.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    await end(page);
  });
});
