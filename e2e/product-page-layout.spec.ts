import type { Product } from '@b2b/contract';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { waitForHydration } from './support/hydration.ts';
import { callApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test.ts';

/**
 * The product page's layout as a buyer meets it (issue 24): on a desktop the order form sits beside the image, with
 * the matrix and Add to cart on the first screen and each quantity box beside its variant; on a phone the page keeps
 * its order and the sticky Add to cart bar waits until the buyer reaches the matrix or types a quantity, so it never
 * covers the price on load. Looks only: nothing is added to a cart.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** How far a quantity box may sit from the name of the variant it orders, left to right (it was ≈ 1,150 px). */
const MOST_LABEL_TO_BOX_GAP_PX = 200;

/** eu-buyer, through the login form; leaving /login is the sign of success on every viewport (a phone's header
 * keeps the account's name in a menu). */
async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('eu-buyer');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

const centreY = (box: Box) => box.y + box.height / 2;

/**
 * Two products of the demo catalogue, from the API so the test does not depend on one seed's item numbers: the one
 * with the longest list of variants in a single colour (sizes alone: the list layout, whose boxes sat a page's width
 * from their sizes) and a full grid of sizes × colours.
 */
async function findProducts(request: APIRequestContext): Promise<{ list: Product; grid: Product }> {
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    body: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, facets: [], skip: 0, take: 100 },
  });
  const products = items.map(({ item }) => item);
  const colourCount = (product: Product) => new Set(product.variants.map((variant) => variant.colour)).size;
  const sizeCount = (product: Product) => new Set(product.variants.map((variant) => variant.size)).size;
  const list = products
    .filter((product) => colourCount(product) === 1 && product.variants.every((variant) => variant.size))
    .sort((a, b) => b.variants.length - a.variants.length)[0];
  const grid = products.find(
    (product) =>
      product.variants.every((variant) => variant.size && variant.colour) &&
      sizeCount(product) >= 2 &&
      colourCount(product) >= 2 &&
      product.variants.length === sizeCount(product) * colourCount(product),
  );
  if (!list || list.variants.length < 4) throw new Error('no product with four sizes or more in one colour');
  if (!grid) throw new Error('no product with a full size × colour grid');
  return { list, grid };
}

/** Waits until the page's scripts run and its observers have reported once (two frames after hydration began). */
async function waitForSettledPage(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.getByRole('banner').getByTestId('mini-cart-count')).toBeVisible();
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the order form sits beside the image, matrix and Add to cart on the first screen', async ({
    page,
    request,
  }) => {
    const { list, grid } = await findProducts(request);
    await logIn(page);
    for (const product of [list, grid]) {
      await page.goto(product.url);
      const matrix = page.getByTestId('variant-matrix');
      const addToCart = matrix.getByRole('button', { name: 'Add to cart' });
      await expect(addToCart).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      // the first screen holds the price, the first quantity box and Add to cart, whole
      await expect(page.getByTestId('price'), product.url).toBeInViewport({ ratio: 1 });
      await expect(matrix.getByRole('textbox').first(), product.url).toBeInViewport({ ratio: 1 });
      await expect(addToCart, product.url).toBeInViewport({ ratio: 1 });

      // beside the image, not below it: the right column holds the name and the matrix
      const gallery = await boxOf(page.getByRole('region', { name: 'Images' }));
      const matrixBox = await boxOf(matrix);
      const heading = await boxOf(page.getByRole('heading', { level: 1 }));
      expect(matrixBox.x, product.url).toBeGreaterThanOrEqual(gallery.x + gallery.width);
      expect(matrixBox.y, product.url).toBeLessThan(gallery.y + gallery.height);
      expect(Math.abs(heading.x - matrixBox.x), product.url).toBeLessThan(2);
      await expectNoAxeViolations(page);
    }
  });

  test('a list of sizes keeps each quantity box beside its size', async ({ page, request }) => {
    const { list } = await findProducts(request);
    await logIn(page);
    await page.goto(list.url);
    const cells = page.getByTestId('variant-matrix').getByTestId('matrix-cell');
    await expect(cells).toHaveCount(list.variants.length);
    const boxLefts: number[] = [];
    for (const variant of list.variants) {
      const cell = cells.filter({ has: page.getByText(`No. ${variant.id}`, { exact: true }) });
      const label = await boxOf(cell.getByTestId('matrix-cell-label'));
      await expect(cell.getByTestId('matrix-cell-label')).toHaveText(variant.size ?? '');
      const box = await boxOf(cell.getByRole('textbox', { name: `Quantity, ${variant.size} ${variant.colour}` }));
      const gap = box.x - (label.x + label.width);
      expect(gap, `${variant.id}: from its size to its box`).toBeGreaterThan(0);
      expect(gap, `${variant.id}: from its size to its box`).toBeLessThan(MOST_LABEL_TO_BOX_GAP_PX);
      expect(Math.abs(centreY(box) - centreY(label)), `${variant.id}: on the size's line`).toBeLessThan(12);
      boxLefts.push(box.x);
    }
    // the boxes form one column
    expect(Math.max(...boxLefts) - Math.min(...boxLefts)).toBeLessThan(1);
  });

  test("a grid keeps each quantity box in its size's row, under its colour", async ({ page, request }) => {
    const { grid } = await findProducts(request);
    await logIn(page);
    await page.goto(grid.url);
    const table = page.getByRole('table', { name: 'Quantities by size and colour' });
    await expect(table).toBeVisible();
    for (const variant of grid.variants) {
      const row = await boxOf(table.getByRole('rowheader', { name: variant.size ?? '', exact: true }));
      const column = await boxOf(table.getByRole('columnheader', { name: variant.colour ?? '', exact: true }));
      const box = await boxOf(table.getByRole('textbox', { name: `Quantity, ${variant.size} ${variant.colour}` }));
      expect(centreY(box), `${variant.id}: in its size's row`).toBeGreaterThan(row.y);
      expect(centreY(box), `${variant.id}: in its size's row`).toBeLessThan(row.y + row.height);
      expect(Math.abs(box.x - column.x), `${variant.id}: under its colour`).toBeLessThan(2);
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('the page keeps its order: image, name, price, description, then the matrix', async ({ page, request }) => {
    const { grid } = await findProducts(request);
    await logIn(page);
    await page.goto(grid.url);
    const tops = [
      page.getByRole('region', { name: 'Images' }),
      page.getByRole('heading', { level: 1 }),
      page.getByTestId('price'),
      page.getByTestId('product-description'),
      page.getByRole('heading', { name: 'Variants' }),
      page.getByRole('heading', { name: 'Specifications' }),
    ];
    let previous: Box | null = null;
    for (const locator of tops) {
      const box = await boxOf(locator);
      if (previous)
        expect(box.y, `${locator} after the one before`).toBeGreaterThanOrEqual(previous.y + previous.height);
      previous = box;
    }
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  });

  test('the sticky bar waits until the matrix is reached or a quantity typed; it never covers the price on load', async ({
    page,
    request,
  }) => {
    const { grid } = await findProducts(request);
    const [variant] = grid.variants;
    if (!variant) throw new Error('no variant');
    await logIn(page);
    await page.goto(grid.url);
    await waitForSettledPage(page);
    const bar = page.getByTestId('sticky-order-bar');
    // includeHidden: a hidden bar is out of the accessibility tree, which is what the first step checks
    const barButton = bar.getByRole('button', { name: 'Add to cart', includeHidden: true });
    const matrix = page.getByTestId('variant-matrix');
    const price = page.getByTestId('price');

    await test.step('on load: hidden, out of the Tab order, the price uncovered', async () => {
      await expect(bar).toBeHidden();
      const takesFocus = await barButton.evaluate((button: HTMLButtonElement) => {
        button.focus();
        return document.activeElement === button;
      });
      expect(takesFocus, "the hidden bar's button takes focus").toBe(false);
      await price.scrollIntoViewIfNeeded();
      const isPriceOnTop = await price.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      });
      expect(isPriceOnTop, 'the price is what the buyer sees at its place').toBe(true);
      await expectNoAxeViolations(page);
    });

    await test.step('the matrix scrolled into view shows it; back at the top, with nothing typed, it goes', async () => {
      await matrix.scrollIntoViewIfNeeded();
      await expect(bar).toBeVisible();
      await expect(bar).toBeInViewport({ ratio: 1 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar).toBeHidden();
    });

    await test.step('a quantity typed keeps it, wherever the buyer scrolls', async () => {
      await matrix.getByRole('textbox', { name: `Quantity, ${variant.size} ${variant.colour}`, exact: true }).fill('2');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar).toBeVisible();
      await expect(bar).toBeInViewport({ ratio: 1 });
      await expect(bar.getByTestId('order-units')).toHaveText('2 units');
      await expect(barButton).toBeEnabled();
      await expectNoAxeViolations(page);
    });
  });
});
