import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test.ts';

/**
 * Issue 24, keyboard alone: after logging in and on checkout the focus is on the page's heading, not left on the
 * body; a navigation moves it to the new page's heading, a filter change leaves it where it was, a page opened
 * directly keeps the browser's start; the new-stock date field shows the same focus ring as the other fields; the
 * skip links reach the main content, the filters and the results of a listing. nok-buyer: its cart is emptied and
 * refilled by cart-totals.spec.ts on every run too, and left empty here.
 */

const BUYER = { username: 'nok-buyer', password: 'demo' };
const BUYER_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'XNOK' };
const PHONE = { width: 390, height: 844 };
/** A category page of the demo catalogue (a listing with filters). */
const CATEGORY_PATH = '/protection/helmets';

async function submitLogin(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(BUYER.username);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The page's main heading, the `<h1>` in `<main>`. */
function mainHeading(page: Page): Locator {
  return page.locator('main h1');
}

async function emptyCart(request: APIRequestContext, token: string): Promise<string> {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: BUYER_AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: BUYER_AREA, cartId: cart.cartId } });
  return cart.cartId;
}

/** The outline a field shows while it has the keyboard focus. */
async function focusRing(field: Locator) {
  return field.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      isFocusVisible: element.matches(':focus-visible'),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
    };
  });
}

/** Presses Tab from the element before `field` in the Tab order, as a keyboard user reaches it. */
async function tabInto(page: Page, field: Locator): Promise<void> {
  await field.evaluate((target) => {
    const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')].filter(
      (element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest('[inert]'),
    );
    focusable[focusable.indexOf(target as HTMLElement) - 1]?.focus();
  });
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
}

test.describe('desktop', () => {
  test('after logging in the focus is on the landed page’s heading; a page opened directly keeps the start', async ({
    page,
  }) => {
    await page.goto('/search');
    // opened directly: nothing takes the focus from where the browser starts (the first Tab is the skip link)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    await page.goto('/login');
    await submitLogin(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(mainHeading(page)).toBeFocused();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/login?redirect=%2Fcustomer-center%2Forders');
    await submitLogin(page);
    await expect(page).toHaveURL(/\/customer-center\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeFocused();

    // a link to another page: its heading; the customer center's navigation included
    await page
      .getByRole('navigation', { name: 'Customer center' })
      .getByRole('link', { name: 'Invoices' })
      .press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeFocused();
  });

  test('a filter applied on the listing leaves the focus on the filter', async ({ page }) => {
    await page.goto('/search?q=pro');
    const checkbox = page.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first();
    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/[?&]brand=/);
    await expect(page.getByRole('group', { name: 'Brand' }).getByRole('checkbox', { checked: true })).toBeFocused();
  });

  test('/checkout: the heading has the focus, from the cart’s link and when opened directly', async ({
    page,
    request,
  }) => {
    const token = await logInToApi(request, BUYER, BUYER_AREA);
    const cartId = await emptyCart(request, token);
    const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
      token,
      body: { area: BUYER_AREA, search: 'pro', take: 24 },
    });
    const product = items.map(({ item }) => item).find((item) => item.variants.some((v) => v.stockLevel > 10));
    const variant = product?.variants.find((candidate) => candidate.stockLevel > 10);
    if (!product || !variant) throw new Error('no variant in stock among the first 24 products');
    await callApi(request, cartEndpoints.addOrUpdateLines, {
      token,
      body: {
        area: BUYER_AREA,
        cartId,
        lines: [{ productKey: { productId: product.id, variantId: variant.id, unitOfMeasure: 'STK' }, quantity: 1 }],
        overrideExistingQuantity: true,
      },
    });

    try {
      await page.goto('/login');
      await submitLogin(page);
      await page.goto('/cart');
      await page.getByRole('link', { name: 'Go to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      const heading = page.getByRole('heading', { level: 1, name: 'Checkout' });
      await expect(heading).toBeFocused();
      await expect(heading).toHaveAttribute('tabindex', '-1');

      await page.reload();
      await expect(heading).toBeFocused();
      // the next Tab goes on into the page ("Back to the cart"), not back to the header
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Back to the cart' })).toBeFocused();
      await expectNoAxeViolations(page);
    } finally {
      await emptyCart(request, token);
    }
  });

  test('the new-stock date field shows the focus ring the other fields show', async ({ page }) => {
    await page.goto('/search');
    const dateFacet = page.getByRole('group', { name: 'New stock date' });
    const from = dateFacet.getByLabel('New stock date from');
    await tabInto(page, from);
    const dateRing = await focusRing(from);
    expect(dateRing.isFocusVisible).toBe(true);
    expect(dateRing.style).toBe('solid');
    expect(dateRing.width).toBeGreaterThanOrEqual(2);

    const text = page.getByRole('searchbox', { name: 'Search text' });
    await tabInto(page, text);
    expect(await focusRing(text)).toEqual(dateRing);
    // clicked into, then typed in, as a text field: the same ring
    await from.click();
    await page.keyboard.press('ArrowUp');
    expect(await focusRing(from)).toMatchObject({
      style: dateRing.style,
      width: dateRing.width,
      color: dateRing.color,
    });
    await expectNoAxeViolations(page);
  });

  test('skip links reach the main content, the filters and the results, on /search and a category', async ({
    page,
  }) => {
    for (const path of ['/search?q=pro', CATEGORY_PATH]) {
      await page.goto(path);
      const skipLinks = ['Skip to main content', 'Skip to filters', 'Skip to results'];
      for (const name of skipLinks) {
        await page.keyboard.press('Tab');
        const link = page.getByRole('link', { name, exact: true });
        await expect(link, `${path}: ${name}`).toBeFocused();
        await expect(link).toBeInViewport();
      }

      await page.getByRole('link', { name: 'Skip to filters', exact: true }).press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Filters' })).toBeFocused();
      // the next Tab is in the filters
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('form#product-filters'))),
        `${path}: Tab after the filters' heading`,
      ).toBe(true);

      await page.getByRole('link', { name: 'Skip to results', exact: true }).press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Products', exact: true })).toBeFocused();

      await page.getByRole('link', { name: 'Skip to main content', exact: true }).press('Enter');
      await expect(page.locator('main#main')).toBeFocused();
    }
    await expectNoAxeViolations(page);

    // pages without a listing have the one skip link
    await page.goto('/about');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await expect(page.getByRole('link', { name: /^Skip to (filters|results)$/ })).toHaveCount(0);
  });
});

test.describe('phone 390 × 844', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a page opened from the menu drawer starts at its heading, not on the menu button', async ({ page }) => {
    await page.goto('/search');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Campaigns', exact: true }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await expect(drawer).toBeHidden();
    await expect(mainHeading(page)).toBeFocused();
  });

  test('"Skip to filters" lands on the filters button; the date field in the drawer shows its focus ring', async ({
    page,
  }) => {
    await page.goto('/search?q=pro');
    const filtersButton = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
    await expect(filtersButton).toBeVisible();
    await page.getByRole('link', { name: 'Skip to filters', exact: true }).press('Enter');
    await expect(filtersButton).toBeFocused();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    const from = drawer.getByLabel('New stock date from');
    await tabInto(page, from);
    const ring = await focusRing(from);
    expect(ring).toMatchObject({ isFocusVisible: true, style: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page);
  });
});
