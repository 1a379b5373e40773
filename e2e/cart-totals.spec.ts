import type { AreaInfo, CalculatedCart } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * Issue 11, the totals a buyer reads (cart, checkout, receipt): the cart page's figures equal CalculateCart's for the
 * same cart, in an order that adds up; the freight is the same figure on every page; the free-freight threshold is
 * in the buyer's currency (and the top bar names no other currency); on a phone the cart's lines stack without
 * overlap and no page is wider than the screen; quantities can be changed in the mini-cart; axe finds nothing on
 * cart, checkout and receipt. Buyers of their own (not those of cart.spec.ts or shop.spec.ts).
 */

type Buyer = {
  username: string;
  password: string;
  area: AreaInfo;
  currencyText: RegExp;
  threshold: RegExp;
  /** The customer's price group (demo-accounts.ts), named in the discount row. */
  priceGroup: string;
};

const EU_BUYER: Buyer = {
  username: 'eu-buyer',
  password: 'demo',
  area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' },
  currencyText: /€/,
  threshold: /Free freight from €500\.00/,
  priceGroup: 'A',
};
/** nok-buyer pays in XNOK, shown as NOK: the threshold must say NOK, never EUR. */
const NOK_BUYER: Buyer = {
  username: 'nok-buyer',
  password: 'demo',
  area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'XNOK' },
  currencyText: /NOK/,
  threshold: /Free freight from NOK\s?5,000\.00/,
  priceGroup: 'C',
};

async function logIn(page: Page, buyer: Buyer): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(buyer.username);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // On a phone "Log out" sits in the menu drawer: leaving /login says the login worked on every screen.
  await expect(page).not.toHaveURL(/\/login/);
}

/** Empties the buyer's open cart and fills it with two variants in stock (AddOrUpdateLines), as on every run. */
async function fillCart(request: APIRequestContext, buyer: Buyer, token: string): Promise<void> {
  const { area } = buyer;
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area, cartId: cart.cartId } });
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    token,
    body: { area, search: 'pro', take: 24 },
  });
  const keys = items
    .map(({ item }) => ({ product: item, variant: item.variants.find((variant) => variant.stockLevel > 10) }))
    .filter((candidate) => candidate.variant)
    .slice(0, 2)
    .map(({ product, variant }) => ({
      productKey: { productId: product.id, variantId: variant?.id ?? null, unitOfMeasure: product.unitOfMeasure },
      quantity: 2,
    }));
  expect(keys).toHaveLength(2);
  await callApi(request, cartEndpoints.addOrUpdateLines, {
    token,
    body: { area, cartId: cart.cartId, lines: keys, overrideExistingQuantity: true },
  });
}

/** CalculateCart for the buyer's open cart and the country of the default ship-to address (as /cart asks). */
async function calculated(request: APIRequestContext, buyer: Buyer, token: string): Promise<CalculatedCart> {
  const { area } = buyer;
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area } });
  const { addresses } = await callApi(request, customerEndpoints.getAddresses, { token, body: { area } });
  const address = addresses.find((candidate) => candidate.isDefault) ?? addresses[0];
  return (
    await callApi(request, cartEndpoints.calculateCart, {
      token,
      body: { area, cartId: cart.cartId, shipToCountryCode: address?.countryCode },
    })
  ).cart;
}

/** An amount as shown (en-GB, e.g. "NOK 1,234.50", "−€12.00") in cents. */
function cents(text: string): number {
  const amount = Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  return /^\s*[−-]/.test(text) ? -amount : amount;
}
const toCents = (amount: number) => Math.round(amount * 100);

/** The totals rows shown inside `scope` (by test id), in cents, in the order shown. */
async function shownTotals(page: Page, scope: string): Promise<Array<[string, number]>> {
  const rows = await page
    .locator(`${scope} [data-testid="order-totals"] dd`)
    .evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-testid') ?? '', cell.textContent ?? '']));
  return rows.map(([id, text]) => [id ?? '', cents(text ?? '')]);
}

/** Σ of the list amounts (else the amount, when the line has no discount) of the summary's top-level lines, in cents. */
async function listAmountsOfTopLevelLines(page: Page, scope: string): Promise<number> {
  const texts = await page
    .locator(`${scope} [data-testid="summary-line"]:not([data-sub-line])`)
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          (row.querySelector('[data-testid="line-list-amount"] s') ?? row.querySelector('[data-testid="line-total"]'))
            ?.textContent ?? '',
      ),
    );
  return texts.reduce((sum, text) => sum + cents(text), 0);
}

/** What the totals must show according to CalculateCart, in the reader's order. */
function expectedTotals(cart: CalculatedCart, totalTestId: string): Array<[string, number]> {
  const products = cart.lines.filter((line) => line.type !== 'Generated' && line.parentId === null);
  const subtotal = products.reduce((sum, line) => sum + toCents(line.linePrice.priceWithoutVat), 0);
  const net = products.reduce((sum, line) => sum + toCents(line.netLinePrice.priceWithoutVat), 0);
  // issue 27: the campaigns' part of the discount is a row of its own
  const campaigns = products.reduce((sum, line) => sum + toCents(line.campaign?.discount ?? 0), 0);
  const rows: Array<[string, number]> = [['totals-subtotal', subtotal]];
  if (subtotal - campaigns !== net) rows.push(['totals-discount', net + campaigns - subtotal]);
  if (campaigns !== 0) rows.push(['totals-campaign-discount', -campaigns]);
  for (const line of cart.lines.filter((candidate) => candidate.type === 'Generated')) {
    rows.push(['totals-surcharge', toCents(line.netLinePrice.priceWithoutVat)]);
  }
  rows.push(['totals-freight', toCents(cart.shippingFee.priceWithoutVat)]);
  rows.push([totalTestId, toCents(cart.totalPrice.priceWithoutVat)]);
  rows.push(['totals-vat', toCents(cart.totalPrice.priceWithVat) - toCents(cart.totalPrice.priceWithoutVat)]);
  rows.push(['totals-total', toCents(cart.totalPrice.priceWithVat)]);
  return rows;
}

async function expectNoWiderThanViewport(page: Page): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(viewport);
}

for (const buyer of [EU_BUYER, NOK_BUYER]) {
  test(`${buyer.username}: cart totals equal CalculateCart's; the same freight on cart, checkout and receipt`, async ({
    page,
    request,
  }) => {
    const token = await logInToApi(request, { username: buyer.username, password: buyer.password }, buyer.area);
    await fillCart(request, buyer, token);
    await logIn(page, buyer);

    let freight = '';
    await test.step('the cart page shows CalculateCart’s figures, in an order that adds up', async () => {
      await page.goto('/cart');
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      const expected = expectedTotals(await calculated(request, buyer, token), 'cart-total');
      await expect.poll(() => shownTotals(page, '[aria-labelledby="cart-summary-heading"]')).toEqual(expected);
      const values = new Map(expected);
      const sum = [
        'totals-subtotal',
        'totals-discount',
        'totals-campaign-discount',
        'totals-surcharge',
        'totals-freight',
      ]
        .map((id) => values.get(id) ?? 0)
        .reduce((a, b) => a + b, 0);
      expect(sum).toBe(values.get('cart-total'));
      await expect(page.getByTestId('cart-total')).toContainText(buyer.currencyText);
      freight = (await page.getByTestId('totals-freight').textContent()) ?? '';
      await expect(page.getByTestId('free-freight-threshold')).toContainText(buyer.threshold);
      // The area's top bar must not quote another currency's threshold to this buyer.
      if (buyer !== EU_BUYER) await expect(page.locator('header')).not.toContainText('EUR');
      // Lines show picture, variant and link to the product.
      const firstLine = page.getByTestId('cart-line').first();
      await expect(firstLine.getByTestId('cart-line-image')).toHaveAttribute('width', '64');
      await expect(firstLine.getByTestId('cart-line-variant')).toContainText(/Size|Colour/);
      await expect(firstLine.getByTestId('cart-line-name').getByRole('link')).toHaveAttribute('href', /\/.+/);
      await expectNoAxeViolations(page);
    });

    await test.step('checkout shows the same freight (method and summary) and the same totals', async () => {
      await page.getByRole('link', { name: 'Go to checkout' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByTestId('totals-freight')).toHaveText(freight);
      const chosen = page.locator('label:has(input[name="shippingMethodId"]:checked)');
      await expect(chosen.getByTestId('shipping-method-fee')).toContainText(freight);
      await expectNoAxeViolations(page);
    });

    await test.step('checkout lists each line as the cart does: its list amounts add up to the subtotal', async () => {
      const summary = page.locator('[aria-labelledby="order-summary-heading"]');
      await expect(summary.getByTestId('line-list-amount')).toHaveCount(2);
      expect(await listAmountsOfTopLevelLines(page, '[aria-labelledby="order-summary-heading"]')).toBe(
        cents((await summary.getByTestId('totals-subtotal').textContent()) ?? ''),
      );
      await expect(summary.getByTestId('order-totals')).toContainText(
        `Your price agreement (group ${buyer.priceGroup})`,
      );
    });

    let orderNumber = '';
    await test.step('the receipt books the same freight', async () => {
      await page.getByRole('group', { name: 'Payment method' }).getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
      await expect(page.getByTestId('totals-freight')).toHaveText(freight);
      orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
      await expectNoAxeViolations(page);
    });

    await test.step("the customer center's order page names the price agreement and lists the lines the same way", async () => {
      await page.goto('/customer-center/orders');
      await page.getByRole('link', { name: orderNumber }).first().click();
      await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
      await expect(page.getByTestId('order-totals')).toContainText(`Your price agreement (group ${buyer.priceGroup})`);
      expect(await listAmountsOfTopLevelLines(page, 'main')).toBe(
        cents((await page.getByTestId('totals-subtotal').textContent()) ?? ''),
      );
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cart lines stack without overlap, nothing is wider than the screen, the mini-cart edits quantities', async ({
    page,
    request,
  }) => {
    const token = await logInToApi(
      request,
      { username: EU_BUYER.username, password: EU_BUYER.password },
      EU_BUYER.area,
    );
    await fillCart(request, EU_BUYER, token);
    await logIn(page, EU_BUYER);

    await test.step('the quantity input never overlaps the product name', async () => {
      await page.goto('/cart');
      const lines = page.getByTestId('cart-line');
      await expect(lines).toHaveCount(2);
      for (const line of await lines.all()) {
        const name = await line.getByTestId('cart-line-name').boundingBox();
        const quantity = await line.getByRole('spinbutton', { name: /^Quantity/ }).boundingBox();
        if (!name || !quantity) throw new Error('the name or the quantity input is not shown');
        const overlaps =
          name.x < quantity.x + quantity.width &&
          quantity.x < name.x + name.width &&
          name.y < quantity.y + quantity.height &&
          quantity.y < name.y + name.height;
        expect(overlaps, JSON.stringify({ name, quantity })).toBe(false);
      }
      await expect(page.getByTestId('cart-total')).toBeVisible();
      await expectNoWiderThanViewport(page);
      await expectNoAxeViolations(page);
    });

    await test.step('the mini-cart changes a quantity; the badge counts units', async () => {
      await page.goto('/search');
      const cartButton = page.getByRole('button', { name: /^Cart 4 items$/ });
      await cartButton.click();
      const miniCart = page.getByTestId('mini-cart');
      await expect(miniCart.getByTestId('mini-cart-line')).toHaveCount(2);
      await expect(miniCart.getByTestId('mini-cart-price').first()).toContainText('€');
      const first = miniCart.getByTestId('mini-cart-line').first();
      await first.getByRole('spinbutton', { name: /^Quantity of/ }).fill('5');
      await first.getByRole('button', { name: /^Update/ }).click();
      await expect(page.getByRole('button', { name: /^Cart 7 items$/ })).toBeVisible();
      await expect(first.getByRole('spinbutton', { name: /^Quantity of/ })).toHaveValue('5');
      await expectNoWiderThanViewport(page);
      await expectNoAxeViolations(page);
    });

    await test.step('checkout and the receipt fit the screen', async () => {
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByTestId('totals-freight')).toBeVisible();
      await expectNoWiderThanViewport(page);
      await expectNoAxeViolations(page);
      await page.getByRole('group', { name: 'Payment method' }).getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
      await expectNoWiderThanViewport(page);
      await expectNoAxeViolations(page);
    });
  });
});
