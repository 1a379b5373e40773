import { expectNoAxeViolations } from './support/accessibility.ts';
import { firstRowHref } from './support/rows.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * The customer center on a phone (issue 11 §3): its sub-navigation is one row that scrolls sideways (it wrapped to
 * three lines at 390 px) and reaches every link by keyboard; an invoice's and a credit memo's lines are cards like the
 * lists, not a box that scrolls sideways; on the desktop the navigation is a column and the lines a table. axe on
 * each page at 390 × 844 and on the desktop.
 */

const PHONE = { width: 390, height: 844 };

async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('eu-buyer');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The first invoice's and credit memo's pages, from the lists. */
async function documentPaths(page: Page): Promise<{ invoicePath: string; creditMemoPath: string }> {
  await page.goto('/customer-center/invoices');
  const invoicePath = await firstRowHref(page.getByTestId('invoice-row'));
  await page.goto('/customer-center/credit-memos');
  const creditMemoPath = await firstRowHref(page.getByTestId('credit-memo-row'));
  return { invoicePath, creditMemoPath };
}

/** Nothing in the page scrolls sideways: neither the page nor any box inside it (a table in its own scroll box). */
async function expectNothingScrollsSideways(page: Page): Promise<void> {
  const wide = await page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page');
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      const { overflowX } = getComputedStyle(element);
      const scrolls = overflowX === 'auto' || overflowX === 'scroll';
      // the sub-navigation's row is meant to scroll sideways
      if (scrolls && element.scrollWidth > element.clientWidth + 1 && !element.closest('nav')) {
        found.push(element.outerHTML.slice(0, 80));
      }
    }
    return found;
  });
  expect(wide).toEqual([]);
}

/** Each line is a card: inside the screen, its cells stacked one under another. */
async function expectLinesAsCards(lines: Locator): Promise<void> {
  await expect(lines.first()).toBeVisible();
  for (const line of (await lines.all()).slice(0, 3)) {
    const box = await line.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
    const tops = await line
      .locator(':scope > th, :scope > td')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)));
    for (let index = 1; index < tops.length; index++) {
      expect(tops[index] ?? 0).toBeGreaterThan(tops[index - 1] ?? 0);
    }
  }
  // each value is named by its column on the card
  await expect(lines.first().getByText('Amount excl. VAT')).toBeVisible();
}

test.describe('phone (390 × 844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the sub-navigation is one row that scrolls; Tab reaches every link and shows it', async ({ page }) => {
    await logIn(page);
    await page.goto('/customer-center/user/change-password');
    const nav = page.getByRole('navigation', { name: 'Customer center' });
    const links = nav.getByRole('link');
    const tops = await links.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, 'the links sit in one row').toBe(1);
    // the current page's link is scrolled into the row's view
    await expect(nav.getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Change password' })).toBeInViewport({ ratio: 1 });
    await expectNothingScrollsSideways(page);
    await expectNoAxeViolations(page);

    await page.goto('/customer-center');
    const first = nav.getByRole('link', { name: 'Account overview' });
    await first.focus();
    const count = await links.count();
    for (let index = 1; index < count; index++) await page.keyboard.press('Tab');
    const last = links.last();
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport({ ratio: 1 });
  });

  test("an invoice's and a credit memo's lines are cards, nothing scrolls sideways", async ({ page }) => {
    await logIn(page);
    const { invoicePath, creditMemoPath } = await documentPaths(page);

    await page.goto(invoicePath);
    await expectLinesAsCards(page.getByTestId('invoice-line'));
    await expectNothingScrollsSideways(page);
    await expectNoAxeViolations(page);

    await page.goto(creditMemoPath);
    await expectLinesAsCards(page.getByTestId('credit-memo-line'));
    await expectNothingScrollsSideways(page);
    await expectNoAxeViolations(page);
  });
});

test('on the desktop the sub-navigation is a column and the lines a table', async ({ page }) => {
  await logIn(page);
  const { invoicePath, creditMemoPath } = await documentPaths(page);
  for (const path of [invoicePath, creditMemoPath]) {
    await page.goto(path);
    const links = page.getByRole('navigation', { name: 'Customer center' }).getByRole('link');
    const lefts = await links.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().left)),
    );
    expect(new Set(lefts).size, 'the links sit in one column').toBe(1);
    await expect(page.getByRole('columnheader', { name: 'Amount excl. VAT' })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
