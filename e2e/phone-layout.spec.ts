import { expectNoAxeViolations } from './support/accessibility.ts';
import { firstRowHref } from './support/rows.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * The storefront on a phone and by keyboard (issue 11 §3): a skip link to the main content, a compact header below
 * 768 px (search behind an icon, the menu in a drawer, account and cart as buttons), the customer center's lists as
 * cards instead of tables that scroll sideways, and no page wider than the screen; axe on the pages the header and the
 * lists touch, at 390 × 844 and on the desktop.
 */

const PHONE = { width: 390, height: 844 };

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The page is no wider than the viewport: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.document, `${path} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
}

/** The text a sighted user reads on an element: its text without screen-reader-only and aria-hidden parts. */
async function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.sr-only, [aria-hidden="true"]')) continue;
      parts.push(node.textContent ?? '');
    }
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  });
}

/** A list's rows are cards: each row fits the screen and its cells stack (the second below the first). */
async function expectRowsAsCards(rows: Locator): Promise<void> {
  await expect(rows.first()).toBeVisible();
  const row = rows.first();
  const box = await row.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  const cells = row.locator(':scope > th, :scope > td');
  const cellBoxes = await cells.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).filter((rect) => rect.width > 1),
  );
  const [title, ...rest] = cellBoxes;
  const firstBelow = rest.find((rect) => rect.top > (title?.top ?? 0) + 4);
  expect(firstBelow, 'the cells stack below the title').toBeDefined();
}

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the skip link is the first stop of Tab and moves the focus into the main content', async ({ page }) => {
    await page.goto('/search');
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('the compact header: one row of buttons, the search behind an icon, the menu in a drawer', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const headerBox = await header.boundingBox();
    // the top bar is one line, the header row one row of buttons (the search and the menu bar are folded away)
    expect(headerBox?.height ?? 1000).toBeLessThan(110);
    const searchBox = page.getByRole('combobox', { name: 'Search products' });
    await expect(searchBox).toBeHidden();
    const searchButton = header.getByRole('button', { name: 'Show search' });
    await expect(searchButton).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations(page);

    await searchButton.click();
    await expect(searchButton).toHaveAttribute('aria-expanded', 'true');
    await expect(searchBox).toBeFocused();
    await expectNoSidewaysScroll(page, '/ with the search open');
    await page.keyboard.press('Escape');
    await expect(searchBox).toBeHidden();
    await expect(searchButton).toBeFocused();

    await searchButton.click();
    await searchBox.fill('helmet');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=helmet/);
    await expect(searchBox).toBeHidden();

    const menuButton = header.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test("a buyer's header: the account behind a button, the cart button named by what it shows", async ({ page }) => {
    await logIn(page, 'eu-buyer');
    await page.goto('/');
    const accountButton = page.getByRole('banner').getByRole('button', { name: 'Account', exact: true });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Customer center' })).toBeHidden();
    // one tap, whenever it comes: before the page's scripts have run, the menu opens natively (e2e/early-presses.spec.ts)
    await accountButton.click();
    await expect(accountButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Customer center' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(accountButton).toBeFocused();

    const cartButton = page.getByRole('banner').getByRole('button', { name: /^Cart/ });
    await expect(cartButton.getByTestId('mini-cart-count')).toBeVisible();
    const shown = await visibleText(cartButton);
    expect(shown).toMatch(/^Cart/);
    // WCAG 2.5.3 label in name: the accessible name starts with what the button shows
    expect(await cartButton.ariaSnapshot()).toContain(`button "${shown}`);
  });

  test("the customer center's lists are cards, and no page is wider than the screen", async ({ page }) => {
    test.slow(); // fifteen pages at 390 px, nine of them checked with axe (≈ 45 s on 2 busy cores)
    await logIn(page, 'eu-buyer');

    await page.goto('/customer-center/orders');
    await expectRowsAsCards(page.getByTestId('order-row'));
    await expectNoSidewaysScroll(page, '/customer-center/orders');
    await expectNoAxeViolations(page);
    const orderPath = await firstRowHref(page.getByTestId('order-row'));

    await page.goto('/customer-center/invoices');
    await expectRowsAsCards(page.getByTestId('invoice-row'));
    // the header row keeps only "choose every invoice", with its label shown beside it
    await expect(page.getByRole('checkbox', { name: 'Choose every invoice on this page' })).toBeVisible();
    await expect(page.getByText('Choose every invoice on this page')).toBeVisible();
    await expectNoSidewaysScroll(page, '/customer-center/invoices');
    await expectNoAxeViolations(page);
    const invoicePath = await firstRowHref(page.getByTestId('invoice-row'));

    await page.goto('/customer-center/credit-memos');
    await expectRowsAsCards(page.getByTestId('credit-memo-row'));
    await expectNoSidewaysScroll(page, '/customer-center/credit-memos');
    await expectNoAxeViolations(page);
    const creditMemoPath = await firstRowHref(page.getByTestId('credit-memo-row'));

    const productPath = await page.request
      .get('/search?q=helmet')
      .then(async (response) => /href="(\/p\/[^"]+)"/.exec(await response.text())?.[1]);
    expect(productPath).toBeTruthy();
    const paths = [
      '/customer-center',
      orderPath,
      invoicePath,
      creditMemoPath,
      '/customer-center/assisted-sessions',
      '/customer-center/user/change-password',
      '/',
      '/search',
      '/search?q=helmet',
      '/cart',
      '/checkout',
      productPath,
    ];
    for (const path of paths) {
      expect(path).toBeTruthy();
      await page.goto(path ?? '/');
      await expectNoSidewaysScroll(page, path ?? '/');
      if (path?.startsWith('/customer-center')) await expectNoAxeViolations(page);
    }
  });

  test("the sales rep's customer list is cards, no wider than the screen", async ({ page }) => {
    await logIn(page, 'sales-rep');
    await page.goto('/customer-center/impersonation');
    await expect(page.getByTestId('customer-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page, '/customer-center/impersonation');
    await expectNoAxeViolations(page);
  });

  test('the login page is no wider than the screen', async ({ page }) => {
    await page.goto('/login');
    await expectNoSidewaysScroll(page, '/login');
    await expectNoAxeViolations(page);
  });
});

test.describe('desktop', () => {
  test('the header keeps its row: search, account links and cart in view; the lists stay tables', async ({ page }) => {
    await logIn(page, 'eu-buyer');
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Show search' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Customer center' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account', exact: true })).toBeHidden();
    await expectNoAxeViolations(page);

    for (const path of ['/customer-center/orders', '/customer-center/invoices', '/customer-center/credit-memos']) {
      await page.goto(path);
      await expect(page.getByRole('columnheader').nth(1)).toBeVisible();
      const row = page.locator('tbody tr').first();
      const [first, second] = await row
        .locator(':scope > th, :scope > td')
        .evaluateAll((cells) => cells.slice(0, 3).map((cell) => cell.getBoundingClientRect().top));
      // one line per row: the cells sit side by side
      expect(Math.abs((first ?? 0) - (second ?? 100))).toBeLessThan(4);
      await expectNoAxeViolations(page);
    }
  });
});
