import type { AreaInfo, CalculatedCart } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { CAMPAIGN_DEMO_CAMPAIGN_ID, CAMPAIGN_DEMO_PRODUCT_ID } from '../packages/db/src/seed/campaigns.ts';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * Issue 27's price explainer and splashes, as eu-buyer meets them: the listing shows the campaign product's splash and
 * its level; 11 pieces in the cart → the line says "Add 1 more of this product for 10 %"; its "Add 1" (clicked twice,
 * adding once) reaches the level, and the campaign's discount shows in the line, the totals, the mini-cart and the
 * placed order, to the cent of what CalculateCart and the order answer. Desktop and 390 px, axe clean.
 *
 * The seed's demo product (packages/db/src/seed/campaigns.ts): the Lowtide Undertow Deck of "Skate deck deal", 10 %
 * from 12 pieces (its only level), in no other EU campaign, splash "New", with over 70 in stock on its first variant.
 */

const AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const PRODUCT_NAME = 'Lowtide Undertow Deck';
const PRODUCT_URL = `/p/lowtide-undertow-deck-${CAMPAIGN_DEMO_PRODUCT_ID}`;
const FIRST_VARIANT_ID = `${CAMPAIGN_DEMO_PRODUCT_ID}-01`;
const LEVEL_TEXT = 'Skate deck deal: 10 % from 12 pcs';

/** An amount as shown (en-GB, "€1,234.50", "−€12.00") in cents. */
function cents(text: string): number {
  const amount = Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  return /^\s*[−-]/.test(text) ? -amount : amount;
}
const toCents = (amount: number) => Math.round(amount * 100);

/** Logs eu-buyer in through the form; on a phone the account name sits in the menu drawer, so leaving /login says it. */
async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('eu-buyer');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function emptyCart(request: APIRequestContext, token: string): Promise<string> {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: AREA, cartId: cart.cartId } });
  return cart.cartId;
}

/** CalculateCart of the buyer's open cart for the default ship-to country, as /cart asks it. */
async function calculated(request: APIRequestContext, token: string): Promise<CalculatedCart> {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  const { addresses } = await callApi(request, customerEndpoints.getAddresses, { token, body: { area: AREA } });
  const address = addresses.find((candidate) => candidate.isDefault) ?? addresses[0];
  return (
    await callApi(request, cartEndpoints.calculateCart, {
      token,
      body: { area: AREA, cartId: cart.cartId, shipToCountryCode: address?.countryCode },
    })
  ).cart;
}

/** The totals' two discount rows say the cart's discount as CalculateCart splits it, to the cent. */
async function expectDiscountRows(page: Page, cart: CalculatedCart): Promise<void> {
  const shown = async (testId: string) => cents((await page.getByTestId(testId).textContent()) ?? '');
  expect(await shown('totals-discount')).toBe(-toCents(cart.discountBreakdown.priceAgreement));
  expect(await shown('totals-campaign-discount')).toBe(-toCents(cart.discountBreakdown.campaigns));
  await expect(page.getByTestId('totals-campaign-discount')).toBeVisible();
}

async function runCampaignPricing(page: Page, request: APIRequestContext): Promise<void> {
  // A whole buyer's journey: six pages, five of them checked with axe, and an order placed (≈ 40–45 s on 2 busy cores)
  test.slow();
  const token = await logInToApi(request, { username: 'eu-buyer', password: 'demo' }, AREA);
  const cartId = await emptyCart(request, token);
  await logIn(page);

  await test.step('the listing shows the product’s splash and its campaign level', async () => {
    await page.goto('/skate/decks');
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('link', { name: PRODUCT_NAME }) });
    await expect(card.getByTestId('discount-splash')).toHaveText(['New']);
    await expect(card.getByTestId('campaign-levels')).toHaveText(LEVEL_TEXT);
    await expectNoAxeViolations(page);
  });

  await test.step('11 pieces from the product page', async () => {
    await page.goto(PRODUCT_URL);
    await expect(page.getByTestId('campaign-levels')).toHaveText(LEVEL_TEXT);
    const matrix = page.getByTestId('variant-matrix');
    // the first variant's box in either layout (grid on a wide screen, list on a phone)
    await matrix.locator('input:visible').first().fill('11');
    // the matrix's own Add to cart on a wide screen, the sticky order bar's on a phone: the one shown
    await page.getByRole('button', { name: 'Add to cart', exact: true }).filter({ visible: true }).click();
    await expect(matrix.getByTestId('matrix-status')).toContainText('Added 11 units');
  });

  const line = page.getByTestId('cart-line').filter({ hasText: PRODUCT_NAME });
  await test.step('the cart line says what the next level needs', async () => {
    await page.goto('/cart');
    await expect(line.getByTestId('price-explainer-next')).toContainText('Add 1 more of this product for 10 %');
    await expect(line.getByTestId('price-explainer-campaign')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  await test.step('"Add 1", clicked twice, adds one: the level applies to the line and the totals', async () => {
    const addOne = line.getByRole('button', { name: `Add 1 more of ${PRODUCT_NAME}` });
    await addOne.dblclick();
    await expect(line.getByRole('spinbutton', { name: /^Quantity/ })).toHaveValue('12');
    await expect(line.getByTestId('price-explainer-campaign')).toContainText(LEVEL_TEXT);
    await expect(line.getByTestId('price-explainer-next')).toHaveCount(0);

    const cart = await calculated(request, token);
    const priced = cart.lines.find((candidate) => candidate.productKey.variantId === FIRST_VARIANT_ID);
    expect(priced?.quantity).toBe(12);
    expect(priced?.campaign?.campaignId).toBe(CAMPAIGN_DEMO_CAMPAIGN_ID);
    expect(priced?.campaign?.currentLevel).toEqual({ minimumQuantity: 12, discountPercentage: 10 });
    const campaignDiscount = priced?.campaign?.discount ?? 0;
    expect(campaignDiscount).toBeGreaterThan(0);
    expect(cart.discountBreakdown.campaigns).toBe(campaignDiscount);
    await expect(line.getByTestId('price-explainer-campaign')).toHaveText(
      `${LEVEL_TEXT}, −€${campaignDiscount.toFixed(2)}`,
    );
    await expect(line.getByTestId('line-total')).toHaveText(`€${priced?.netLinePrice.priceWithoutVat.toFixed(2)}`);
    // the totals: the price agreement's part and the campaigns' part, each as CalculateCart splits the discount
    await expectDiscountRows(page, cart);
    expect(cents((await page.getByTestId('cart-total').textContent()) ?? '')).toBe(toCents(cart.totalNetPrice));
    await expectNoAxeViolations(page);
  });

  await test.step('the mini-cart explains the line too', async () => {
    await page.goto('/search');
    await page.getByRole('button', { name: /^Cart 12 items$/ }).click();
    const miniCart = page.getByTestId('mini-cart');
    await expect(miniCart.getByTestId('price-explainer-campaign')).toContainText(LEVEL_TEXT);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
  });

  await test.step('the placed order keeps the campaign and its discount', async () => {
    const cart = await calculated(request, token);
    await page.goto('/checkout');
    await page.getByRole('group', { name: 'Ship-to address' }).getByRole('radio').first().check();
    await page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
    await page.getByRole('group', { name: 'Payment method' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/receipt\?cartId=/);
    await expectDiscountRows(page, cart);
    await expectNoAxeViolations(page);

    const { order } = await callApi(request, orderEndpoints.getOrderByCartId, {
      token,
      body: { area: AREA, cartId },
    });
    const orderLine = order.lines.find((candidate) => candidate.productKey.variantId === FIRST_VARIANT_ID);
    expect(orderLine?.campaign).toMatchObject({
      campaignId: CAMPAIGN_DEMO_CAMPAIGN_ID,
      level: { minimumQuantity: 12, discountPercentage: 10 },
      discount: cart.discountBreakdown.campaigns,
    });
  });
}

test('visitors see the splashes that state no discount, and never a level or a percentage', async ({ page }) => {
  await page.goto('/skate/decks');
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('link', { name: PRODUCT_NAME }) });
  await expect(card.getByTestId('discount-splash')).toHaveText(['New']);
  await expect(page.getByTestId('campaign-levels')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('%');
  await page.goto(PRODUCT_URL);
  await expect(page.getByTestId('discount-splash')).toHaveText(['New']);
  await expect(page.getByTestId('campaign-levels')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a quick-order row says its splash and what the next level needs, and "Add 1" raises the row', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, { username: 'eu-buyer', password: 'demo' }, AREA);
  await emptyCart(request, token);
  await logIn(page);
  await page.goto('/cart#quick-order');
  const panel = page.getByTestId('quick-order');
  await panel.getByRole('combobox', { name: 'Item number, row 1' }).fill(FIRST_VARIANT_ID);
  await panel.getByRole('textbox', { name: 'Quantity, row 1' }).fill('11');
  const explainer = panel.getByTestId('quick-order-explainer');
  // the splash comes through the browser's 500 ms queue, the level from the row's stock answer
  await expect(explainer.getByTestId('discount-splash')).toHaveText(['New']);
  await expect(explainer).toContainText('Add 1 more of this product for 10 %');
  await expectNoAxeViolations(page);
  await explainer.getByRole('button', { name: 'Add 1 to row 1' }).click();
  await expect(panel.getByRole('textbox', { name: 'Quantity, row 1' })).toHaveValue('12');
  await expect(explainer).toContainText(LEVEL_TEXT);
  await expect(explainer.getByRole('button')).toHaveCount(0);
});

test.describe('desktop', () => {
  test('splashes, the level, "Add 1" to reach it, and its discount in cart, mini-cart and order', async ({
    page,
    request,
  }) => {
    await runCampaignPricing(page, request);
  });
});

test.describe('phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same on a phone', async ({ page, request }) => {
    await runCampaignPricing(page, request);
  });
});
