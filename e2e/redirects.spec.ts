import { SUCCEEDED_PRODUCT_ID } from '../packages/db/src/seed/discontinued-products.ts';
import { expect, test } from './support/test.ts';

/**
 * Redirects of old URLs (spec §2), against the demo redirects the seed stores (packages/db/src/seed/redirects.ts):
 * every route looks one up before it renders, from the storefront's redirect map (ADR 037).
 */

test('an old category URL lands on the category that replaced it, with a permanent redirect', async ({ page }) => {
  const response = await page.goto('/en-GB/skateboards/decks');
  expect(response?.status()).toBe(200);
  const redirected = await response?.request().redirectedFrom()?.response();
  expect(redirected?.status()).toBe(301);
  expect(new URL(page.url()).pathname).toBe('/skate/decks');
  await expect(page.getByRole('heading', { level: 1, name: 'Decks' })).toBeVisible();
});

test('a temporary redirect keeps its 302 and its target query', async ({ page }) => {
  const temporary = await page.request.get('/winter-clearance', { maxRedirects: 0 });
  expect(temporary.status()).toBe(302);
  expect(temporary.headers().location).toBe('/snow');
  const campaign = await page.request.get('/summer-wetsuit-week', { maxRedirects: 0 });
  expect(campaign.status()).toBe(301);
  expect(campaign.headers().location).toBe('/search?q=wetsuit');
});

test('an absolute target is answered with a Location to the other site', async ({ page }) => {
  const response = await page.request.get('/careers', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('https://careers.ridgeline.example/');
});

test('a redirect loop ends on the 404 page', async ({ page }) => {
  const response = await page.goto('/outlet');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /outlet');
});

test('a path with neither a page nor a redirect is the 404 page naming the path', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /no-such-page-here');
});

test("a discontinued product's page, a route the shop has, redirects to its successor before it renders", async ({
  page,
}) => {
  // /product-detail-page answers the product's own URL; that URL's stored redirect then wins over its page.
  const response = await page.goto(`/product-detail-page?id=${SUCCEEDED_PRODUCT_ID}`);
  expect(response?.status()).toBe(200);
  const moved = await response?.request().redirectedFrom()?.response();
  expect(moved?.status()).toBe(301);
  const oldPath = new URL(moved?.url() ?? '').pathname;
  expect(oldPath).toMatch(new RegExp(`^/p/.+-${SUCCEEDED_PRODUCT_ID}$`));
  const successorPath = new URL(page.url()).pathname;
  expect(successorPath).toMatch(/^\/p\/.+-\d+$/);
  expect(successorPath).not.toBe(oldPath);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('unavailable-product')).toHaveCount(0);

  // With the language prefix too, and without following: the old page itself answers the redirect.
  const direct = await page.request.get(`/en-GB${oldPath}`, { maxRedirects: 0 });
  expect(direct.status()).toBe(301);
  expect(direct.headers().location).toBe(successorPath);
});
