import { SEARCH_PAGE_SIZE } from '@b2b/contract/constants';
import { toSortKey } from '../apps/api/src/modules/search/sort-orders.ts';
import { E2E_API_URL } from './support/shop-api.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/**
 * The main user journey of the storefront in real Chromium, against the seeded demo catalogue (2,000 products,
 * scripts/start.mjs --fresh). Elements are found the way a user or a screen reader finds them: by role and
 * accessible name. Prices are marked `data-testid="price"` (apps/web ProductPrice).
 */

const BUYER = { username: 'eu-buyer', password: 'demo', customerNumber: '10001' };
const PRICE = '[data-testid="price"]';
const WRONG_CREDENTIALS = 'Wrong username or password.';

/** Matches several hundred demo products ("… Pro Model …"), so two brands and a stock range still fill two pages. */
const SEARCH_TEXT = 'pro';

function currentParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The name links of the product cards (the only link of a card besides "Log in to see prices"). */
function productNameLinks(page: Page): Locator {
  return page.getByTestId('product-card').getByRole('heading').getByRole('link');
}

async function logIn(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * The neighbours in `names` that break "Name A-Z": the API orders names case- and accent-insensitively with digit
 * runs by value ("Deck 9" before "deck 10"), ties in item-number order, which is what its sort key expresses.
 */
function namesOutOfOrder(names: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let index = 1; index < names.length; index++) {
    const before = names[index - 1] ?? '';
    const after = names[index] ?? '';
    if (toSortKey(before) > toSortKey(after)) pairs.push(`"${before}" before "${after}"`);
  }
  return pairs;
}

type FacetValue = { checkbox: Locator; value: string; count: number };

/** The enabled, unchecked values of a checkbox facet, read from their labels "<value> (<count>)", largest first. */
async function facetValuesByCount(facet: Locator): Promise<FacetValue[]> {
  const checkboxes = facet.getByRole('checkbox', { checked: false, disabled: false });
  await expect(checkboxes.first()).toBeVisible();
  const values: FacetValue[] = [];
  for (const checkbox of await checkboxes.all()) {
    const label = await checkbox.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? '');
    const count = Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? 0);
    // The URL carries the checkbox's value, which may differ from its label.
    values.push({ checkbox, value: (await checkbox.getAttribute('value')) ?? '', count });
  }
  return values.sort((a, b) => b.count - a.count);
}

test.describe('anonymous visitor', () => {
  test('search shows products without prices, also in the server-rendered HTML', async ({ page, request }) => {
    await page.goto('/search');
    await expect(productNameLinks(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to see prices' }).first()).toBeVisible();
    await expect(page.locator(PRICE)).toHaveCount(0);

    const response = await request.get('/search');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="product-card"');
    expect(html).not.toContain('data-testid="price"');
  });

  test('a wrong password shows the error and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    // Another account than the journey's, so the failure never counts against the buyer's login rate limit.
    await logIn(page, { username: 'us-buyer', password: 'not-the-password' });
    await expect(page.getByRole('alert').filter({ hasText: WRONG_CREDENTIALS })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });
});

test('customer journey: login redirect, search with facets, product price, logout', async ({ page }) => {
  await test.step('a protected page sends an anonymous visitor to the login page with the wanted path', async () => {
    await page.goto('/customer-center');
    await expect(page).toHaveURL(/\/login\?/);
    expect(currentParams(page).get('redirect')).toBe('/customer-center');
  });

  await test.step('logging in returns to the wanted page', async () => {
    await logIn(page, BUYER);
    await expect(page).toHaveURL(/\/customer-center$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Customer center' })).toBeVisible();
    await expect(page.getByText(BUYER.customerNumber, { exact: true })).toBeVisible();
  });

  await test.step('free text from the header: only q in the URL', async () => {
    const searchBox = page.getByRole('combobox', { name: 'Search products', exact: true });
    await searchBox.fill(SEARCH_TEXT);
    await searchBox.press('Enter');
    await expect(page).toHaveURL(/\/search\?/);
    await expect(productNameLinks(page).first()).toBeVisible();
    expect([...currentParams(page).keys()]).toEqual(['q']);
    expect(currentParams(page).get('q')).toBe(SEARCH_TEXT);
    await expect(page.locator(PRICE).first()).toBeVisible();
  });

  await test.step('a checkbox facet: its values comma-separated in one parameter', async () => {
    const [largest] = await facetValuesByCount(page.getByRole('group', { name: 'Brand', exact: true }));
    if (!largest) throw new Error('the Brand facet offers no value');
    await largest.checkbox.check();
    await expect.poll(() => currentParams(page).get('brand')).toBe(largest.value);

    const [second] = await facetValuesByCount(page.getByRole('group', { name: 'Brand', exact: true }));
    if (!second) throw new Error('the Brand facet offers no second value');
    await second.checkbox.check();
    await expect
      .poll(() => currentParams(page).get('brand')?.split(',').sort())
      .toEqual([largest.value, second.value].sort());
    expect(currentParams(page).has('p')).toBe(false);
    expect(currentParams(page).has('s')).toBe(false);
  });

  await test.step('a slider: min,max in one parameter', async () => {
    const stockLevel = page.getByRole('group', { name: 'Stock level', exact: true });
    const to = stockLevel.getByRole('spinbutton', { name: 'Stock level to', exact: true });
    const highest = (await to.getAttribute('placeholder')) ?? '100000';
    await stockLevel.getByRole('spinbutton', { name: 'Stock level from', exact: true }).fill('1');
    await to.fill(highest);
    await stockLevel.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => currentParams(page).get('stockLevel')).toBe(`1,${highest}`);
    expect(currentParams(page).get('brand')?.split(',')).toHaveLength(2);
  });

  let namesOnPageOne: string[] = [];
  await test.step('a sorting other than the first option is written as s and orders every card of the page', async () => {
    await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
    await expect.poll(() => currentParams(page).get('s')).toBe('name-asc');
    expect(currentParams(page).has('p')).toBe(false);
    // Every neighbouring pair, not only the ends: waits until the listing shows the sorted page.
    await expect.poll(async () => namesOutOfOrder(await productNameLinks(page).allTextContents())).toEqual([]);
    namesOnPageOne = await productNameLinks(page).allTextContents();
    // A full page, so a second page follows.
    expect(namesOnPageOne).toHaveLength(SEARCH_PAGE_SIZE);
  });

  await test.step('page 2: p=2, the other parameters stay', async () => {
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next page' }).click();
    await expect.poll(() => currentParams(page).get('p')).toBe('2');
    const params = currentParams(page);
    expect(params.get('q')).toBe(SEARCH_TEXT);
    expect(params.get('s')).toBe('name-asc');
    expect(params.get('brand')?.split(',')).toHaveLength(2);
    expect(params.get('stockLevel')).toMatch(/^1,\d+$/);
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(productNameLinks(page).first()).not.toHaveText(namesOnPageOne[0] ?? '');
    // Page 2 is in order too, and continues where page 1 ended.
    const namesOnPageTwo = await productNameLinks(page).allTextContents();
    expect(namesOnPageTwo.length).toBeGreaterThan(0);
    expect(namesOutOfOrder([...namesOnPageOne.slice(-1), ...namesOnPageTwo])).toEqual([]);
  });

  await test.step('the product page shows the customer price', async () => {
    const link = productNameLinks(page).first();
    const productName = ((await link.textContent()) ?? '').trim();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    await expect(page.locator(PRICE).first()).toBeVisible();
    await expect(page.locator(PRICE).first()).toHaveText(/\d/);
  });

  await test.step('logging out ends the session: no prices any more, and the old refresh token is revoked', async () => {
    const cookies = await page.context().cookies();
    const refreshToken = cookies.find((cookie) => cookie.name === 'refreshToken')?.value;
    expect(refreshToken, 'the refresh token cookie').toBeTruthy();
    expect(cookies.find((cookie) => cookie.name === 'refreshToken')?.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('accessToken');
    expect(names).not.toContain('refreshToken');
    // A copy of the cookie taken before logging out no longer buys a new session.
    const replay = await page.request.post(`${E2E_API_URL}/api/User/GetAccessToken`, { data: { refreshToken } });
    expect(replay.status()).toBe(401);
    await page.goto('/search');
    await expect(productNameLinks(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to see prices' }).first()).toBeVisible();
    await expect(page.locator(PRICE)).toHaveCount(0);
  });
});
