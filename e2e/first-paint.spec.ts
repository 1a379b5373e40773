import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './support/hydration.ts';

/**
 * The stylesheet comes in the page (app/lib/stylesheet.tsx): the first paint waits for the HTML alone. The browser
 * never fetches the stylesheet's file, not while the page loads, hydrates or navigates, and React keeps the one
 * `<style>` the server wrote.
 */

async function stylesheetsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('style, link[rel="stylesheet"]')].map(
      (element) =>
        `${element.tagName.toLowerCase()} ${element.getAttribute('data-href') ?? element.getAttribute('href')}`,
    ),
  );
}

test('a page brings its stylesheet along, and hydration and client navigation keep it without fetching one', async ({
  page,
  request,
}) => {
  const stylesheetRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'stylesheet' || new URL(sent.url()).pathname.endsWith('.css')) {
      stylesheetRequests.push(sent.url());
    }
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  const response = await page.goto('/search');
  const html = (await response?.text()) ?? '';
  const [, href = ''] = /<style data-precedence="default" data-href="(\/assets\/app-[^"]+\.css)">/.exec(html) ?? [];
  expect(href, 'the page carries the stylesheet in its <head>').not.toBe('');
  expect(html.indexOf(`data-href="${href}"`)).toBeLessThan(html.indexOf('</head>'));
  expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  // the text is the build's stylesheet (the client build emits the same file; the server build inlines it)
  const built = await request.get(href);
  expect(built.status()).toBe(200);
  const inline = await page.evaluate((key) => document.querySelector(`style[data-href="${key}"]`)?.textContent, href);
  expect(inline?.trim()).toBe((await built.text()).trim());

  // styled from the first paint: the body's background is the stylesheet's, not the browser's default
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

  await waitForHydration(page);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await stylesheetsOf(page)).toEqual([`style ${href}`]);

  // a client navigation to another kind of page, and back
  await page.getByTestId('product-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/p\//);
  await expect(page.getByTestId('product-image')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await stylesheetsOf(page)).toEqual([`style ${href}`]);

  expect(stylesheetRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
