import { waitForHydration } from './support/hydration.ts';
import { logIn } from './support/log-in.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * A visitor's page brings the stylesheet along (app/lib/stylesheet.tsx): the first paint waits for the HTML alone. The
 * browser never fetches the stylesheet's file, not while the page loads, hydrates or navigates, and React keeps the one
 * `<style>` the server wrote. A logged-in buyer's pages link the file the login page prefetched.
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

  // a utility overrides a component class (app.css's components layer): the filters' "Apply" has `btn px-3`
  const apply = page.locator('fieldset[data-facet]').getByRole('button', { name: 'Apply' }).first();
  expect(await apply.evaluate((button) => getComputedStyle(button).paddingLeft)).toBe('12px');

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

test("a logged-in buyer's page links the stylesheet the login page had the browser fetch", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const loginHtml = (await (await page.goto('/login'))?.text()) ?? '';
  const [, href = ''] =
    /<link[^>]* rel="prefetch" href="(\/assets\/app-[^"]+\.css)" as="style"\/>/.exec(loginHtml) ?? [];
  expect(href, 'the login page prefetches the stylesheet').not.toBe('');
  await logIn(page, 'eu-buyer');

  const html = (await (await page.goto('/search'))?.text()) ?? '';
  expect(html).toContain(`<link rel="stylesheet" href="${href}" data-precedence="default"/>`);
  expect(html, 'no stylesheet text in the page').not.toMatch(/<style[^>]*data-href=/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

  await waitForHydration(page);
  await page.getByTestId('product-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/p\//);
  await page.goBack();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // React adopted the server's link and added nothing
  expect(await stylesheetsOf(page)).toEqual([`link ${href}`]);
  expect(consoleErrors).toEqual([]);
});

/**
 * The rendering a browser takes from a `srcset` by width for an image shown `shownWidth` CSS pixels wide: the
 * smallest that is at least as wide in device pixels, else the widest (what Chromium does here).
 */
function sharpestNeeded(widths: number[], shownWidth: number, pixelRatio: number): number | undefined {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.find((width) => width >= shownWidth * pixelRatio) ?? sorted.at(-1);
}

/**
 * Images whose shown width the layout decides (listing and carousel cards, the product page's large image, content
 * images) offer renderings by width with a `sizes` attribute, which the browser picks from before layout: `sizes` has
 * to match the layout. For each such image loaded on screen, the rendering picked is the one the browser would pick
 * knowing the width the image is really shown at: sharp, and no larger than that needs.
 */
async function expectRenderingsForTheirShownWidth(page: Page, where: string): Promise<number> {
  const images = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('img[sizes][srcset]')]
      .filter((image) => image.complete && image.currentSrc && image.getBoundingClientRect().top < innerHeight)
      .map((image) => ({
        picked: image.currentSrc,
        shownWidth: image.getBoundingClientRect().width,
        pixelRatio: devicePixelRatio,
        offered: image.srcset.split(',').map((candidate) => {
          const [url = '', width = ''] = candidate.trim().split(/\s+/);
          return { url: new URL(url, location.href).href, width: Number.parseInt(width, 10) };
        }),
      })),
  );
  for (const { picked, shownWidth, pixelRatio, offered } of images) {
    const expected = sharpestNeeded(
      offered.map((candidate) => candidate.width),
      shownWidth,
      pixelRatio,
    );
    const pickedWidth = offered.find((candidate) => candidate.url === picked)?.width;
    expect(pickedWidth, `${where}: ${picked}, shown ${Math.round(shownWidth)} CSS px wide`).toBe(expected);
  }
  return images.length;
}

for (const { name, viewport, deviceScaleFactor } of [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75 },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 },
]) {
  test.describe(name, () => {
    test.use({ viewport, deviceScaleFactor });

    test('images come in the rendering their shown width calls for, not a larger one', async ({ page }) => {
      await page.goto('/');
      await page.waitForLoadState('load');
      // the hero and the category tiles (content images)
      expect(await expectRenderingsForTheirShownWidth(page, `${name} /`)).toBeGreaterThanOrEqual(1);
      await page.goto('/search');
      await page.waitForLoadState('load');
      // the cards of the first row at least
      expect(await expectRenderingsForTheirShownWidth(page, `${name} /search`)).toBeGreaterThanOrEqual(2);
      await page.getByTestId('product-card').first().getByRole('link').first().click();
      await expect(page.getByTestId('product-image')).toBeVisible();
      await expect
        .poll(() => page.getByTestId('product-image').evaluate((image: HTMLImageElement) => image.complete))
        .toBe(true);
      expect(await expectRenderingsForTheirShownWidth(page, `${name} product page`)).toBeGreaterThanOrEqual(1);
    });
  });
}
