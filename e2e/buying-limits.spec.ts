import type { AreaInfo, Product } from '@b2b/contract';
import type { UsualQuantity } from '@b2b/contract/customer';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import { customerCenterEndpoints } from '@b2b/contract/endpoints/customer-center';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { logIn } from './support/log-in.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test.ts';

/**
 * Buying limits (issue 24, ADR 019) in real Chromium against the demo shop: the line limit said and enforced on the
 * product page (matrix and the phone's bar), in quick order and on the cart line; the question before a quantity far
 * above what the customer usually orders; the credit limit at checkout. eu-buyer, whose cart each test empties first
 * and last (specs run one after another).
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const PHONE = { width: 390, height: 844 };
const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
const count = (value: number) => value.toLocaleString('en-GB');

async function emptyCart(request: APIRequestContext, token: string): Promise<string> {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: AREA, cartId: cart.cartId } });
  return cart.cartId;
}

/** The quantity of each variant in the buyer's cart, read through the storefront's own cart resource. */
async function cartQuantities(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get('/resources/cart');
  expect(response.ok()).toBe(true);
  const { cart } = (await response.json()) as {
    cart: {
      lines: Array<{
        parentId: string | null;
        quantity: number;
        productKey: { productId: string; variantId?: string | null };
      }>;
    };
  };
  return Object.fromEntries(
    cart.lines
      .filter((line) => line.parentId === null)
      .map((line) => [line.productKey.variantId ?? line.productKey.productId, line.quantity]),
  );
}

type Ordered = { product: Product; variant: Product['variants'][number]; usual: UsualQuantity; label: string };

/**
 * A product with variants that the buyer has ordered before, whose "far above usual" quantity is below its line
 * limit: from the buyer's recent orders and GetUsualQuantities, so the test holds for any seed.
 */
async function findOrderedProduct(request: APIRequestContext, token: string): Promise<Ordered> {
  const { orders } = await callApi(request, customerCenterEndpoints.getOrders, { token, body: { area: AREA } });
  const productIds = new Set<string>();
  for (const summary of orders.slice(0, 10)) {
    const { order } = await callApi(request, customerCenterEndpoints.getOrder, {
      token,
      body: { area: AREA, orderId: summary.orderId },
    });
    for (const line of order.lines)
      if (line.type === 'Product' && !line.parentId) productIds.add(line.productKey.productId);
  }
  const ids = [...productIds].slice(0, 50);
  const { items: usual } = await callApi(request, customerEndpoints.getUsualQuantities, {
    token,
    body: { area: AREA, productIds: ids },
  });
  const { items: products } = await callApi(request, productEndpoints.getProductsByIds, {
    token,
    body: { area: AREA, ids },
  });
  for (const figures of usual) {
    const product = products[figures.productId];
    const variant = product?.variants.find((candidate) => candidate.size && candidate.colour);
    if (!product || !variant || figures.usualQuantity === null) continue;
    // room for twice the "far above" quantity on a line: quick order's last step adds the rest of the line on top
    if (2 * figures.confirmAbove >= product.maxLineQuantity) continue;
    return { product, variant, usual: figures, label: `${variant.size} ${variant.colour}` };
  }
  throw new Error('none of the buyer’s recently ordered products has sizes and colours and room above the usual');
}

/** The least quantity the storefront asks about: one above `confirmAbove`. */
function unusualQuantity(usual: UsualQuantity): number {
  return usual.confirmAbove + 1;
}

/** The quantity box of a variant in the matrix layout on screen (the grid and the phone's list are both in the page). */
function matrixBox(page: Page, variantId: string): Locator {
  return page.locator(`[data-testid="matrix-cell"][data-variant-id="${variantId}"] input`).locator('visible=true');
}

test('product page: the line limit is said and enforced; a far-above-usual quantity is asked about first', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  await emptyCart(request, token);
  const { product, variant, usual, label } = await findOrderedProduct(request, token);
  const limit = count(product.maxLineQuantity);
  await logIn(page, BUYER.username);
  await page.goto(product.url);
  const matrix = page.getByTestId('variant-matrix');
  const box = matrixBox(page, variant.id);

  await test.step('the limit is said before typing; a quantity above it is refused in the box, and not sent', async () => {
    await expect(matrix.getByTestId('line-limit-note')).toHaveText(`Up to ${limit} of each variant per order line.`);
    await expect(box).toHaveAccessibleDescription(`Up to ${limit} of each variant per order line.`);
    await box.fill(String(product.maxLineQuantity + 1));
    await expect(box).toHaveAccessibleDescription(`At most ${limit} per line`);
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await matrix.getByRole('button', { name: 'Add to cart' }).click();
    await expect(matrix.getByTestId('matrix-status')).toHaveText('Correct the quantities marked before adding.');
    expect(await cartQuantities(page)).toEqual({});
  });

  await test.step('the usual quantity is added without a question', async () => {
    await box.fill(String(usual.usualQuantity));
    await matrix.getByRole('button', { name: 'Add to cart' }).click();
    await expect(matrix.getByTestId('matrix-status')).toHaveText(
      `Added ${count(usual.usualQuantity ?? 0)} ${usual.usualQuantity === 1 ? 'unit' : 'units'} (1 line) to the cart.`,
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  const unusual = unusualQuantity(usual);
  const dialog = page.getByRole('dialog', { name: 'Check the quantity' });
  await test.step('far above the usual: a dialog asks first; Escape goes back to the quantity, nothing added', async () => {
    await box.fill(String(unusual));
    await matrix.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      `You usually order ${count(usual.usualQuantity ?? 0)} of ${product.name}, ${label}. Add ${count(unusual)}?`,
    );
    await expect(dialog.getByRole('button', { name: 'Change quantity' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(box).toBeFocused();
    await expect(matrix.getByTestId('matrix-status')).toHaveText(
      'Nothing was added. Change the quantity, then add to cart.',
    );
    expect(await cartQuantities(page)).toEqual({ [variant.id]: usual.usualQuantity });
  });

  await test.step('confirmed by keyboard, the quantity is added', async () => {
    await matrix.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: `Add ${count(unusual)}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(matrix.getByTestId('matrix-status')).toHaveText(`Added ${count(unusual)} units (1 line) to the cart.`);
    expect(await cartQuantities(page)).toEqual({ [variant.id]: (usual.usualQuantity ?? 0) + unusual });
  });

  await test.step('the cart line says the limit; the browser refuses more, and so does the shop with the reason', async () => {
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line.getByTestId('cart-line-limit')).toHaveText(`Max. ${limit} per line; 0 or empty deletes the line`);
    await expect(line.getByTestId('cart-line-limit')).toBeVisible();
    const quantity = line.getByRole('spinbutton', { name: /^Quantity/ });
    await expect(quantity).toHaveAttribute('max', String(product.maxLineQuantity));
    await quantity.fill(String(product.maxLineQuantity + 1));
    await line.getByRole('button', { name: /^Update/ }).click();
    expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    // a browser that lets it through (the limit lifted from the box) gets the shop's own refusal, with the reason
    await quantity.evaluate((input: HTMLInputElement) => input.removeAttribute('max'));
    await line.getByRole('button', { name: /^Update/ }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `Quantity must be at most ${limit} for ${variant.id} (${product.name}).`,
    );
    expect(await cartQuantities(page)).toEqual({ [variant.id]: (usual.usualQuantity ?? 0) + unusual });
    await expectNoAxeViolations(page);
  });
  await emptyCart(request, token);
});

test('phone: the sticky bar asks before a far-above-usual quantity too', async ({ page, request }) => {
  const token = await logInToApi(request, BUYER, AREA);
  await emptyCart(request, token);
  const { product, variant, usual } = await findOrderedProduct(request, token);
  await logIn(page, BUYER.username);
  await page.setViewportSize(PHONE);
  await page.goto(product.url);
  await expect(page.getByTestId('line-limit-note')).toBeVisible();
  const box = matrixBox(page, variant.id);
  await box.fill(String(unusualQuantity(usual)));
  await page.getByTestId('sticky-order-bar').getByRole('button', { name: 'Add to cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check the quantity' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Change quantity' }).click();
  await expect(box).toBeFocused();
  expect(await cartQuantities(page)).toEqual({});
});

test('a listing card asks before a far-above-usual quantity too', async ({ page, request }) => {
  const token = await logInToApi(request, BUYER, AREA);
  await emptyCart(request, token);
  const { product, variant, usual } = await findOrderedProduct(request, token);
  await logIn(page, BUYER.username);
  await page.goto(`/search?q=${encodeURIComponent(product.id)}`);
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product.name }) });
  const choice = card.getByLabel(/^Variant/);
  await choice.selectOption(variant.id);
  // the dialog names the variant as the card's choice does ("S · White", or "S" where every variant has one colour)
  const shownVariant = ((await choice.locator('option:checked').textContent()) ?? '').replace(/ \(.*\)$/, '');
  expect(shownVariant).toContain(variant.size ?? '');
  const quantity = card.getByRole('spinbutton', { name: /^Quantity/ });
  const unusual = unusualQuantity(usual);
  await quantity.fill(String(unusual));
  await card.getByRole('button', { name: /^Add to cart/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Check the quantity' });
  await expect(dialog).toHaveAccessibleDescription(
    `You usually order ${count(usual.usualQuantity ?? 0)} of ${product.name}, ${shownVariant}. Add ${count(unusual)}?`,
  );
  await dialog.getByRole('button', { name: 'Change quantity' }).click();
  await expect(quantity).toBeFocused();
  expect(await cartQuantities(page)).toEqual({});
});

test('quick order: a row says the limit and refuses more; a far-above-usual quantity is asked about', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  await emptyCart(request, token);
  const { product, variant, usual, label } = await findOrderedProduct(request, token);
  const limit = count(product.maxLineQuantity);
  await logIn(page, BUYER.username);
  await page.goto('/cart#quick-order');
  const panel = page.getByTestId('quick-order');
  const row = panel.getByTestId('quick-order-row').first();
  const quantity = panel.getByRole('textbox', { name: 'Quantity, row 1' });

  await test.step('the row says the limit once the number is known; above it the row is refused', async () => {
    await panel.getByRole('combobox', { name: 'Item number, row 1' }).fill(variant.id);
    await expect(row.getByTestId('quick-order-limit')).toHaveText(`Up to ${limit} per line`);
    await quantity.fill(String(product.maxLineQuantity + 1));
    await expect(quantity).toHaveAccessibleDescription(`At most ${limit} per line`);
    await panel.getByRole('button', { name: 'Add all to cart' }).click();
    // said once, by the quantity box's note (not again as the row's problem)
    await expect(panel.getByTestId('quick-order-status')).toContainText('1 row was not added: see the row above.');
    await expect(row.getByText(`At most ${limit} per line`)).toHaveCount(1);
    await expect(row.getByTestId('quantity-error')).toHaveText(`At most ${limit} per line`);
    expect(await cartQuantities(page)).toEqual({});
  });

  await test.step('far above the usual: asked first, then added once confirmed', async () => {
    const unusual = unusualQuantity(usual);
    await quantity.fill(String(unusual));
    await panel.getByRole('button', { name: 'Add all to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check the quantity' });
    await expect(dialog).toHaveAccessibleDescription(
      `You usually order ${count(usual.usualQuantity ?? 0)} of ${product.name}, ${label}. Add ${count(unusual)}?`,
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: `Add ${count(unusual)}` }).click();
    await expect(panel.getByTestId('quick-order-status')).toHaveText(
      `Added ${count(unusual)} units (1 line) to the cart.`,
    );
    expect(await cartQuantities(page)).toEqual({ [variant.id]: unusual });
  });

  await test.step('more than the cart line has room for: the row says how much more fits, nothing is added', async () => {
    const inCart = unusualQuantity(usual);
    const rest = product.maxLineQuantity - inCart + 1;
    await panel.getByRole('combobox', { name: 'Item number, row 1' }).fill(variant.id);
    await quantity.fill(String(rest));
    await panel.getByRole('button', { name: 'Add all to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check the quantity' });
    await dialog.getByRole('button', { name: `Add ${count(rest)}` }).click();
    await expect(row.getByTestId('quick-order-problem')).toHaveText(
      `Quantity must be at most ${limit} for ${variant.id} (${product.name}): the cart holds ${count(inCart)} ` +
        `already, so at most ${count(rest - 1)} more can be added.`,
    );
    await expect(panel.getByTestId('quick-order-status')).toContainText('Nothing was added');
    expect(await cartQuantities(page)).toEqual({ [variant.id]: inCart });
  });
  await emptyCart(request, token);
});

test('checkout: the available credit is shown; an order above it is stopped, with the open balance', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  const cartId = await emptyCart(request, token);
  const credit = await callApi(request, customerEndpoints.getCreditStatus, { token, body: { area: AREA } });
  expect(credit.creditLimit).toBe(120_000);
  const available = credit.available ?? 0;
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    token,
    body: { area: AREA, facets: [], skip: 0, take: 24, search: 'jacket' },
  });
  const [small] = items.flatMap(({ item }) => item.variants.map((v) => ({ product: item, variant: v })));
  if (!small) throw new Error('no jacket found');
  await callApi(request, cartEndpoints.addOrUpdateLines, {
    token,
    body: {
      area: AREA,
      cartId,
      lines: [{ productKey: { productId: small.product.id, variantId: small.variant.id }, quantity: 1 }],
    },
  });
  await logIn(page, BUYER.username);
  const placeOrder = page.getByRole('button', { name: 'Place order' });

  await test.step('paying on account, checkout says how much credit is available', async () => {
    await page.goto('/checkout');
    await expect(page.getByTestId('available-credit')).toHaveText(
      `Available credit ${euros.format(available)} of your ${euros.format(120_000)} credit limit`,
    );
    await expect(placeOrder).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('credit-limit-message')).toHaveCount(0);
  });

  await test.step('an order above the available credit says why, with the open balance, and is not placed', async () => {
    // every variant of the jackets at its line limit, until the cart totals more than is available
    const lines = items.flatMap(({ item }) =>
      item.variants.map((v) => ({
        productKey: { productId: item.id, variantId: v.id },
        quantity: item.maxLineQuantity,
      })),
    );
    let total = 0;
    for (let start = 0; total <= available && start < lines.length; start += 5) {
      await callApi(request, cartEndpoints.addOrUpdateLines, {
        token,
        body: { area: AREA, cartId, lines: lines.slice(start, start + 5), overrideExistingQuantity: true },
      });
      const { cart } = await callApi(request, cartEndpoints.calculateCart, {
        token,
        body: { area: AREA, cartId, shipToCountryCode: 'AT' },
      });
      total = cart.totalPrice.priceWithVat;
    }
    expect(total).toBeGreaterThan(available);
    await page.goto('/checkout');
    const message = page.getByTestId('credit-limit-message');
    await expect(message).toContainText('This order is above your available credit');
    await expect(message).toContainText(
      `${euros.format(available)} of your ${euros.format(120_000)} credit limit is available. Your open balance is ` +
        `${euros.format(credit.openBalance)}, and orders not yet invoiced come to ${euros.format(credit.uninvoicedOrders)}.`,
    );
    await expect(placeOrder).toHaveAttribute('aria-disabled', 'true');
    await expect(placeOrder).toHaveAccessibleDescription(/This order is above your available credit/);
    await expectNoAxeViolations(page);
    // pressed anyway (by keyboard: Playwright's click waits for a button that says it is disabled), or Enter in a
    // text field: the order is not sent
    await placeOrder.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Reference (PO number)').press('Enter');
    await expect(page).toHaveURL(/\/checkout$/);
    const { cart } = await callApi(request, cartEndpoints.getCartById, { token, body: { area: AREA, cartId } });
    expect(cart.status).toBe('open');
  });

  await test.step('the statement of account is one click away and shows the same open balance', async () => {
    await page.getByRole('link', { name: 'see your statement of account' }).click();
    await expect(page).toHaveURL(/\/customer-center#statement-heading$/);
    await expect(page.getByTestId('statement-open')).toHaveText(euros.format(credit.openBalance));
  });
  await emptyCart(request, token);
});
