import type { Product } from '@b2b/contract';
import type { Cart } from '@b2b/contract/cart';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { callApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, type Request, test } from './support/test.ts';

/**
 * Ordering in bulk (issue 11): the product page's variant matrix (three cells → one AddOrUpdateLines call, arrows,
 * backorder note, the limit), the phone's list and sticky bar, quick order by keyboard and by paste, and axe on the
 * pages touched. us-buyer: no other spec orders with this login, so its cart is this spec's alone.
 */

const BUYER = { username: 'us-buyer', password: 'demo' };
const PHONE = { width: 390, height: 844 };
const UNKNOWN_ITEM_NUMBER = '99999999';

async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(BUYER.username);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // on a phone "Log out" sits in a menu: leaving /login is the sign of success on every viewport
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The quantity of each variant in the buyer's cart, read through the storefront's own cart resource. */
async function cartQuantities(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get('/resources/cart');
  expect(response.ok()).toBe(true);
  const { cart } = (await response.json()) as { cart: Cart };
  return Object.fromEntries(
    cart.lines
      .filter((line) => line.parentId === null && line.type === 'Product')
      .map((line) => [line.productKey.variantId ?? line.productKey.productId, line.quantity]),
  );
}

function label(variant: Product['variants'][number]): string {
  return `Quantity, ${variant.size} ${variant.colour}`;
}

/**
 * A product whose matrix is a full grid (two sizes and two colours at least, one variant per cell) with three variants
 * in stock, from the API itself so the test does not depend on one seed's item numbers.
 */
async function findGridProduct(request: APIRequestContext): Promise<{ product: Product; cells: Product['variants'] }> {
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    body: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, facets: [], skip: 0, take: 100 },
  });
  for (const { item: product } of items) {
    const { variants } = product;
    const sizes = new Set(variants.map((variant) => variant.size));
    const colours = new Set(variants.map((variant) => variant.colour));
    const combinations = new Set(variants.map((variant) => `${variant.size}|${variant.colour}`));
    const isGrid =
      variants.every((variant) => variant.size && variant.colour) &&
      sizes.size >= 2 &&
      colours.size >= 2 &&
      combinations.size === variants.length &&
      // every size in every colour: the arrow steps below need no holes
      combinations.size === sizes.size * colours.size;
    // in stock, and 40 more than the stock within the line limit (the backorder note's case below)
    const inStock = variants.filter(
      (variant) => variant.stockLevel > 0 && variant.stockLevel + 40 <= product.maxLineQuantity,
    );
    if (isGrid && inStock.length >= 3) return { product, cells: inStock.slice(0, 3) };
  }
  throw new Error('no product with a size × colour grid and three variants in stock among the first 100');
}

/** Records the storefront's cart actions (the fetcher's POST to /cart) while `run` works. */
async function cartPosts(page: Page, run: () => Promise<void>): Promise<Request[]> {
  const posts: Request[] = [];
  const listener = (request: Request) => {
    if (request.method() === 'POST' && /^\/cart(\.data)?$/.test(new URL(request.url()).pathname)) posts.push(request);
  };
  page.on('request', listener);
  await run();
  page.off('request', listener);
  return posts;
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

test.describe('desktop', () => {
  test('the matrix: three cells → one call adds three lines; arrows move; backorder and limit', async ({
    page,
    request,
  }) => {
    const { product, cells } = await findGridProduct(request);
    await logIn(page);
    await page.goto(product.url);
    const matrix = page.getByTestId('variant-matrix');
    await expect(matrix.getByRole('table', { name: 'Quantities by size and colour' })).toBeVisible();
    await expectNoAxeViolations(page);

    await test.step('arrow keys move between cells; only one cell is in the Tab order', async () => {
      const boxes = matrix.getByRole('textbox');
      // the grid is the wide screen's layout (the phone's list is hidden here)
      const grid = matrix.locator('[data-matrix-layout="grid"]');
      await expect(grid.locator('input[tabindex="0"]')).toHaveCount(1);
      const first = grid.locator('input[data-row="0"][data-column="0"]');
      const right = grid.locator('input[data-row="0"][data-column="1"]');
      await first.focus();
      await page.keyboard.press('ArrowRight');
      await expect(right).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(first).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(grid.locator('input[data-row="1"]').first()).toBeFocused();
      expect(await boxes.count()).toBe(product.variants.length);
    });

    await test.step('a quantity above stock is announced as backorder; one above the line limit is refused with it', async () => {
      const [cell] = cells;
      if (!cell) throw new Error('no cell');
      const limit = product.maxLineQuantity.toLocaleString('en-GB');
      const limitNote = `Up to ${limit} of each variant per order line.`;
      await expect(matrix.getByTestId('line-limit-note')).toHaveText(limitNote);
      const box = matrix.getByRole('textbox', { name: label(cell), exact: true });
      await expect(box).toHaveAccessibleDescription(limitNote);
      await box.fill(String(cell.stockLevel + 40));
      await expect(box).toHaveAccessibleDescription(`${cell.stockLevel} in stock, 40 will be backordered ${limitNote}`);
      await box.fill(String(product.maxLineQuantity + 1));
      await expect(box).toHaveAccessibleDescription(`At most ${limit} per line`);
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await box.fill('');
    });

    await test.step('three cells, one Add to cart: one POST, three lines added to what the cart held', async () => {
      const before = await cartQuantities(page);
      const quantities = [2, 3, 4];
      for (const [index, cell] of cells.entries()) {
        await matrix.getByRole('textbox', { name: label(cell), exact: true }).fill(String(quantities[index]));
      }
      await expect(matrix.getByTestId('order-units')).toHaveText('9 units');
      const cartButton = page.getByRole('button', { name: /^Cart/ });
      const cartButtonName = await cartButton.evaluate((button) => button.textContent ?? '');
      const posts = await cartPosts(page, async () => {
        await matrix.getByRole('button', { name: 'Add to cart' }).click();
        await expect(matrix.getByTestId('matrix-status')).toHaveText('Added 9 units (3 lines) to the cart.');
      });
      // the mini-cart's data is revalidated after the add: its button shows the new count
      await expect(cartButton).not.toHaveText(cartButtonName);
      expect(posts).toHaveLength(1);
      const form = new URLSearchParams(posts[0]?.postData() ?? '');
      expect(form.get('intent')).toBe('add-lines');
      expect(JSON.parse(form.get('lines') ?? '[]')).toHaveLength(3);
      for (const cell of cells) {
        await expect(matrix.getByRole('textbox', { name: label(cell), exact: true })).toHaveValue('');
      }
      const after = await cartQuantities(page);
      for (const [index, cell] of cells.entries()) {
        expect(after[cell.id]).toBe((before[cell.id] ?? 0) + (quantities[index] ?? 0));
      }
    });
  });

  test('quick order: two item numbers by keyboard, then a paste of three lines with one unknown', async ({
    page,
    request,
  }) => {
    const { product, cells } = await findGridProduct(request);
    const [first, second, third] = cells;
    if (!first || !second || !third) throw new Error('three cells expected');
    await logIn(page);

    await test.step('the header link leads to the panel on the cart page, its first box focused', async () => {
      await page.getByRole('link', { name: 'Quick order' }).click();
      await expect(page).toHaveURL(/\/cart#quick-order$/);
      await expect(page.getByRole('combobox', { name: 'Item number, row 1' })).toBeFocused();
    });
    const panel = page.getByTestId('quick-order');
    await expectNoAxeViolations(page);

    await test.step('type, see suggestions, Enter to the quantity, Enter to the next row; add all', async () => {
      const before = await cartQuantities(page);
      await page.keyboard.type(first.id);
      await expect(panel.getByRole('option', { name: new RegExp(`^${first.id}`) })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('textbox', { name: 'Quantity, row 1' })).toBeFocused();
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('combobox', { name: 'Item number, row 2' })).toBeFocused();
      await page.keyboard.type(second.id);
      await page.keyboard.press('Enter');
      await page.keyboard.type('6');
      await page.keyboard.press('Enter');
      await panel.getByRole('button', { name: 'Add all to cart' }).focus();
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('quick-order-status')).toHaveText('Added 11 units (2 lines) to the cart.');
      await expect(panel.getByRole('combobox', { name: 'Item number, row 1' })).toHaveValue('');
      const after = await cartQuantities(page);
      expect(after[first.id]).toBe((before[first.id] ?? 0) + 5);
      expect(after[second.id]).toBe((before[second.id] ?? 0) + 6);
    });

    await test.step('paste three lines, one unknown: the known ones are added, the unknown one stays named', async () => {
      const before = await cartQuantities(page);
      const box = panel.getByRole('combobox', { name: 'Item number, row 1' });
      await box.focus();
      const text = `${first.id}; 2\n${UNKNOWN_ITEM_NUMBER}\t3\n${third.id}, 4`;
      await box.evaluate((element, pasted) => {
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
      await expect(panel.getByRole('combobox', { name: 'Item number, row 3' })).toHaveValue(third.id);
      await expect(panel.getByRole('textbox', { name: 'Quantity, row 2' })).toHaveValue('3');
      await panel.getByRole('button', { name: 'Add all to cart' }).click();
      await expect(panel.getByTestId('quick-order-status')).toContainText('Added 6 units (2 lines) to the cart.');
      await expect(panel.getByTestId('quick-order-problem')).toHaveText(`Unknown item number ${UNKNOWN_ITEM_NUMBER}`);
      await expect(panel.getByRole('combobox', { name: 'Item number, row 1' })).toHaveValue(UNKNOWN_ITEM_NUMBER);
      await expect(panel.getByRole('textbox', { name: 'Quantity, row 1' })).toHaveValue('3');
      const after = await cartQuantities(page);
      expect(after[first.id]).toBe((before[first.id] ?? 0) + 2);
      expect(after[third.id]).toBe((before[third.id] ?? 0) + 4);
      await expectNoAxeViolations(page);
    });

    await test.step('a typed number says what will be backordered and the line limit before adding; more is refused', async () => {
      await panel.getByRole('combobox', { name: 'Item number, row 1' }).fill(third.id);
      const quantity = panel.getByRole('textbox', { name: 'Quantity, row 1' });
      await quantity.fill(String(third.stockLevel + 40));
      const limit = product.maxLineQuantity.toLocaleString('en-GB');
      await expect(quantity).toHaveAccessibleDescription(
        `${third.stockLevel} in stock, 40 will be backordered Up to ${limit} per line`,
      );
      await expect(
        panel.getByTestId('quick-order-row').first().getByTestId('quick-order-item').getByTestId('stock-status'),
      ).toContainText(`(${third.stockLevel})`);
      await expect(panel.getByTestId('backorder-note')).toBeVisible();
      // the suggestions of a box left before the typing pause ended do not open behind the buyer
      await expect(panel.getByRole('listbox')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await quantity.fill(String(product.maxLineQuantity + 1));
      await expect(quantity).toHaveAccessibleDescription(`At most ${limit} per line`);
      await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    });
  });
});

/** A product with a variant short of stock (low or out) whose new-stock date has passed (the seed's are all past). */
async function findShortVariantWithPastDate(
  request: APIRequestContext,
): Promise<{ product: Product; variant: Product['variants'][number] }> {
  const today = new Date().toISOString().slice(0, 10);
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    body: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, facets: [], skip: 0, take: 100 },
  });
  for (const { item: product } of items) {
    const variant = product.variants.find(
      (candidate) => candidate.stockLevel < 10 && candidate.newStockDate !== null && candidate.newStockDate < today,
    );
    if (variant) return { product, variant };
  }
  throw new Error('no variant short of stock with a past new-stock date among the first 100 products');
}

test('a past new-stock date is no arrival date: not on the product page, its matrix, the cards or quick order', async ({
  page,
  request,
}) => {
  const { product, variant } = await findShortVariantWithPastDate(request);
  await logIn(page);
  await page.goto(product.url);
  const cell = page.locator(`[data-testid="matrix-cell"][data-variant-id="${variant.id}"]`).first();
  await expect(cell.getByTestId('stock-status')).toHaveAttribute('data-stock-status', /low-stock|out-of-stock/);
  await expect(page.getByTestId('stock-arrival')).toHaveCount(0);
  await expect(page.getByText(/Arrival/)).toHaveCount(0);
  await page.goto('/search');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('stock-arrival')).toHaveCount(0);
  await page.goto('/cart#quick-order');
  const panel = page.getByTestId('quick-order');
  await panel.getByRole('combobox', { name: 'Item number, row 1' }).fill(variant.id);
  await expect(
    panel.getByTestId('quick-order-row').first().getByTestId('quick-order-item').getByTestId('stock-status'),
  ).toBeVisible();
  await expect(panel.getByTestId('stock-arrival')).toHaveCount(0);
});

test('listing cards keep their compact quick-add', async ({ page }) => {
  await logIn(page);
  await page.goto('/search');
  // a card with several variants: the buyer chooses, the card chooses none (issue 24)
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.locator('option[value=""]') })
    .first();
  const before = await cartQuantities(page);
  const select = card.getByLabel(/^Variant/);
  await expect(select).toHaveValue('');
  await select.selectOption({ index: 1 });
  const variantId = await select.inputValue();
  await card.getByRole('spinbutton', { name: /^Quantity/ }).fill('2');
  await card.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(card.getByTestId('add-to-cart-status')).toHaveText('Added to cart.');
  expect((await cartQuantities(page))[variantId]).toBe((before[variantId] ?? 0) + 2);
});

test('visitors see the matrix with stock, no prices and a way to log in to order', async ({ page, request }) => {
  const { product } = await findGridProduct(request);
  await page.goto(product.url);
  const matrix = page.getByTestId('variant-matrix');
  await expect(matrix.getByRole('table', { name: 'Quantities by size and colour' })).toBeVisible();
  await expect(matrix.getByTestId('stock-status').first()).toBeVisible();
  await expect(matrix.getByTestId('matrix-price')).toHaveCount(0);
  await expect(matrix.getByRole('textbox')).toHaveCount(0);
  await expect(matrix.getByRole('link', { name: 'Log in to order' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('the matrix as a list per colour, the sticky bar adds three lines in one call', async ({ page, request }) => {
    const { product, cells } = await findGridProduct(request);
    await logIn(page);
    await page.goto(product.url);
    const matrix = page.getByTestId('variant-matrix');
    await expect(matrix.getByRole('table')).toBeHidden();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);

    const before = await cartQuantities(page);
    for (const cell of cells) {
      await matrix.getByRole('textbox', { name: label(cell), exact: true }).fill('1');
    }
    const bar = page.getByTestId('sticky-order-bar');
    await expect(bar).toBeInViewport();
    await expect(bar.getByTestId('order-units')).toHaveText('3 units');
    const posts = await cartPosts(page, async () => {
      await bar.getByRole('button', { name: 'Add to cart' }).click();
      await expect(matrix.getByTestId('matrix-status')).toHaveText('Added 3 units (3 lines) to the cart.');
    });
    expect(posts).toHaveLength(1);
    const after = await cartQuantities(page);
    for (const cell of cells) expect(after[cell.id]).toBe((before[cell.id] ?? 0) + 1);

    // at the end of the page the bar rests below the content instead of covering it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barBox = await bar.boundingBox();
    const specificationsBox = await page.getByRole('heading', { name: 'Specifications' }).boundingBox();
    expect(barBox && specificationsBox && barBox.y > specificationsBox.y).toBe(true);
  });

  test('quick order on the cart page, with the backorder note', async ({ page, request }) => {
    const { cells } = await findGridProduct(request);
    const [first] = cells;
    if (!first) throw new Error('a cell expected');
    await logIn(page);
    await page.goto('/cart#quick-order');
    const panel = page.getByTestId('quick-order');
    await expect(panel).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('combobox', { name: 'Item number, row 1' }).fill(first.id);
    const quantity = panel.getByRole('textbox', { name: 'Quantity, row 1' });
    await quantity.fill(String(first.stockLevel + 40));
    await expect(panel.getByTestId('backorder-note')).toHaveText(
      `${first.stockLevel} in stock, 40 will be backordered`,
    );
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
  });
});
