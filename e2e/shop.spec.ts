import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * The main user journey of the storefront in real Chromium, driven by what a user sees and what assistive
 * technology announces (roles and accessible names), against the seeded demo catalogue (scripts/start.mjs).
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const PRICE = '[data-testid="price"]';

/** Search text that matches enough of the demo catalogue to leave several pages after a facet and a slider. */
const SEARCH_TEXT = 'black';

function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The product cards of a listing page: links named by the product. */
function productLinks(page: Page): Locator {
  return page.getByRole('main').getByRole('article').getByRole('link');
}

async function logIn(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The checkbox of a facet with the most matches, read from its label "<value> (<count>)". */
async function pickLargestFacetValue(facet: Locator): Promise<{ checkbox: Locator; value: string; count: number }> {
  const checkboxes = facet.getByRole('checkbox');
  await expect(checkboxes.first()).toBeVisible();
  let best: { index: number; value: string; count: number } | undefined;
  const total = await checkboxes.count();
  for (let index = 0; index < total; index++) {
    const label = (await checkboxes.nth(index).getAttribute('aria-label')) ?? (await labelOf(checkboxes.nth(index)));
    const match = /^(.*) \((\d+)\)$/.exec(label.trim());
    if (!match) continue;
    const count = Number(match[2]);
    if (!best || count > best.count) best = { index, value: match[1] as string, count };
  }
  if (!best) throw new Error('no facet value with a "<value> (<count>)" label');
  return { checkbox: checkboxes.nth(best.index), value: best.value, count: best.count };
}

/** The accessible name of a form control, from its <label>. */
async function labelOf(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const input = element as HTMLInputElement;
    return input.labels?.[0]?.textContent ?? '';
  });
}

test.describe('anonymous visitor', () => {
  test('search shows products without prices, also in the server-rendered HTML', async ({ page, request }) => {
    await page.goto('/search');
    await expect(productLinks(page).first()).toBeVisible();
    await expect(page.getByText('Log in to see prices').first()).toBeVisible();
    await expect(page.locator(PRICE)).toHaveCount(0);

    const response = await request.get('/search');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('data-testid="price"');
  });

  test('a wrong password shows the error and keeps the visitor on the login page', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, { username: BUYER.username, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toContainText('Wrong username or password.');
    await expect(page).toHaveURL(/\/login/);
  });
});

test('customer journey: login redirect, search with facets, product price, logout', async ({ page }) => {
  // A protected page sends an anonymous visitor to /login with the wanted path (spec §2 routing rules).
  await page.goto('/customer-center');
  await expect(page).toHaveURL(/\/login\?/);
  expect(searchParams(page).get('redirect')).toBe('/customer-center');

  // Logging in returns to the wanted page.
  await logIn(page, BUYER);
  await expect(page).toHaveURL(/\/customer-center$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer center' })).toBeVisible();
  await expect(page.getByText(/Customer (number|no\.?)/i).first()).toBeVisible();

  // Free text from the header search: only q in the URL (no p, no s for the default sorting).
  const searchBox = page
    .getByRole('searchbox', { name: 'Search products' })
    .or(page.getByRole('textbox', { name: 'Search products' }));
  await searchBox.fill(SEARCH_TEXT);
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/\/search\?/);
  expect(searchParams(page).get('q')).toBe(SEARCH_TEXT);
  expect(searchParams(page).has('p')).toBe(false);
  expect(searchParams(page).has('s')).toBe(false);
  await expect(productLinks(page).first()).toBeVisible();
  await expect(page.locator(PRICE).first()).toBeVisible();

  // A checkbox facet: its parameter holds the chosen values, comma-separated.
  const brandFacet = page.getByRole('group', { name: 'Brand' });
  const firstBrand = await pickLargestFacetValue(brandFacet);
  await firstBrand.checkbox.check();
  await expect.poll(() => searchParams(page).get('brand')).toBe(firstBrand.value);
  const secondBrand = await pickSecondFacetValue(page.getByRole('group', { name: 'Brand' }), firstBrand.value);
  await secondBrand.check();
  await expect.poll(() => searchParams(page).get('brand')?.split(',').length).toBe(2);
  expect(searchParams(page).get('brand')?.split(',')).toContain(firstBrand.value);
  expect(searchParams(page).has('p')).toBe(false);

  // A slider: min,max in one parameter.
  await page.getByLabel('Stock level from').fill('1');
  await page.getByLabel('Stock level to').fill('100000');
  await page.getByRole('button', { name: 'Apply' }).first().click();
  await expect.poll(() => searchParams(page).get('stockLevel')).toBe('1,100000');

  // A sorting other than the first option is written as s.
  await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
  await expect.poll(() => searchParams(page).get('s')).toBe('name-asc');
  const firstOnPageOne = await productLinks(page).first().textContent();

  // Page 2: p=2, and the other parameters stay.
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination
    .getByRole('link', { name: 'Next page' })
    .or(pagination.getByRole('button', { name: 'Next page' }))
    .click();
  await expect.poll(() => searchParams(page).get('p')).toBe('2');
  expect(searchParams(page).get('q')).toBe(SEARCH_TEXT);
  expect(searchParams(page).get('s')).toBe('name-asc');
  expect(searchParams(page).get('stockLevel')).toBe('1,100000');
  await expect(productLinks(page).first()).not.toHaveText(firstOnPageOne ?? '');

  // The product page shows the customer's price.
  const productName = (await productLinks(page).first().textContent())?.trim() ?? '';
  await productLinks(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.locator(PRICE).first()).toBeVisible();
  await expect(page.locator(PRICE).first()).toContainText(/\d/);

  // Logging out ends the session: the login page, and no prices on the search page.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/search');
  await expect(productLinks(page).first()).toBeVisible();
  await expect(page.locator(PRICE)).toHaveCount(0);
  await expect(page.getByText('Log in to see prices').first()).toBeVisible();
});

/** Another unchecked value of the facet than `excludedValue`. */
async function pickSecondFacetValue(facet: Locator, excludedValue: string): Promise<Locator> {
  const checkboxes = facet.getByRole('checkbox', { checked: false });
  const total = await checkboxes.count();
  for (let index = 0; index < total; index++) {
    const label = await labelOf(checkboxes.nth(index));
    if (!label.startsWith(`${excludedValue} (`)) return checkboxes.nth(index);
  }
  throw new Error('the facet has no second value');
}
