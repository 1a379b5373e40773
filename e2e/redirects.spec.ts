import { expect, test } from './support/test.ts';

/**
 * Redirects of old URLs (spec §2), against the demo redirects the seed stores (packages/db/src/seed/redirects.ts):
 * the storefront asks for one only where it would otherwise answer its 404 page.
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
