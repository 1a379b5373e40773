import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test.ts';

/**
 * Issue 24, ADR 018: the VAT a buyer reads. eu-buyer is Alpine Boardshop GmbH, an Austrian business with its VAT
 * number ATU12345675: the seller is Danish, so its sales are reverse charge. The cart, checkout, receipt, order page
 * and the invoice each state the rate ("VAT 0 % — reverse charge", € 0.00), the legal note and the VAT number, and
 * the invoice shows its units as "pcs". On a phone the invoice's note fits the screen.
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const VAT_LABEL = 'VAT 0 % — reverse charge';
const LEGAL_NOTE =
  /Reverse charge: intra-Community supply of goods, exempt from VAT under Article 138 of Council Directive 2006\/112\/EC; VAT to be accounted for by the recipient\./;

/** Logs in through the form; on a phone "Log out" sits in the menu drawer, so leaving /login says it worked. */
async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(BUYER.username);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Empties the buyer's open cart and puts two variants in stock into it; answers the cart's id. */
async function fillCart(request: APIRequestContext, token: string): Promise<string> {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: AREA, cartId: cart.cartId } });
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    token,
    body: { area: AREA, search: 'helmet', take: 24 },
  });
  const lines = items
    .map(({ item }) => ({ product: item, variant: item.variants.find((variant) => variant.stockLevel > 10) }))
    .filter((candidate) => candidate.variant)
    .slice(0, 2)
    .map(({ product, variant }) => ({
      productKey: { productId: product.id, variantId: variant?.id ?? null, unitOfMeasure: product.unitOfMeasure },
      quantity: 3,
    }));
  expect(lines).toHaveLength(2);
  await callApi(request, cartEndpoints.addOrUpdateLines, {
    token,
    body: { area: AREA, cartId: cart.cartId, lines, overrideExistingQuantity: true },
  });
  return cart.cartId;
}

/** The VAT row of the totals in `scope`: its label, 0.00, and the total incl. VAT equal to the total excl. VAT. */
async function expectReverseCharge(scope: Locator, totalExclVatTestId: string): Promise<void> {
  const totals = scope.getByTestId('order-totals');
  await expect(totals.locator('dt', { hasText: 'VAT 0 %' })).toHaveText(VAT_LABEL);
  await expect(totals.getByTestId('totals-vat')).toHaveText('€0.00');
  await expect(totals.getByTestId('totals-total')).toHaveText(
    (await totals.getByTestId(totalExclVatTestId).textContent()) ?? '',
  );
  const note = scope.getByTestId('vat-note');
  await expect(note).toContainText(LEGAL_NOTE);
  await expect(note).toContainText('Your VAT number: ATU12345675.');
}

async function expectNoWiderThanViewport(page: Page): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(viewport);
}

test('an Austrian business with its VAT number reads reverse charge on cart, checkout and receipt', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  await fillCart(request, token);
  await logIn(page);

  await test.step('the cart states the rate, 0.00 VAT and the legal note with the VAT number', async () => {
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expectReverseCharge(page.locator('[aria-labelledby="cart-summary-heading"]'), 'cart-total');
    await expectNoAxeViolations(page);
  });

  await test.step('checkout states the same', async () => {
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expectReverseCharge(page.locator('[aria-labelledby="order-summary-heading"]'), 'order-total');
    await expectNoAxeViolations(page);
  });

  await test.step('the receipt states the VAT the order was placed with', async () => {
    await page.getByRole('group', { name: 'Payment method' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await expectReverseCharge(page.locator('main'), 'order-total');
  });
});

/** One of the customer's invoiced orders from its history (the seed bills 10001 with reverse charge, ADR 018). */
test('an invoice and its order state the rate and the note; the invoice’s units read "pcs"', async ({ page }) => {
  await logIn(page);

  await test.step('the invoice', async () => {
    await page.goto('/customer-center/invoices');
    await page
      .getByRole('link', { name: /^INV-\d+$/ })
      .first()
      .click();
    await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
    await expect(page.locator('main dt', { hasText: 'VAT 0 %' })).toHaveText(VAT_LABEL);
    await expect(page.getByTestId('document-vat')).toHaveText('€0.00');
    await expect(page.getByTestId('vat-note')).toContainText(LEGAL_NOTE);
    await expect(page.getByTestId('invoice-customer-vat-number')).toHaveText('VAT no. ATU12345675');
    const productLines = page.getByTestId('invoice-line').filter({ hasText: 'Item no.' });
    await expect(productLines.first()).toBeVisible();
    for (const line of await productLines.all()) await expect(line).toContainText(/\d pcs/);
    await expect(page.locator('main')).not.toContainText('STK');
    await expectNoAxeViolations(page);
  });

  await test.step('its order', async () => {
    await page.getByTestId('invoice-order-link').click();
    await expect(page.getByTestId('order-number')).toBeVisible();
    await expectReverseCharge(page.locator('main'), 'order-total');
    await expectNoAxeViolations(page);
  });
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an invoice states its VAT and note within the screen', async ({ page, request }) => {
    const token = await logInToApi(request, BUYER, AREA);
    const { invoices } = await callApi(request, documentsEndpoints.getInvoices, { token, body: { area: AREA } });
    const newest = invoices[0];
    if (!newest) throw new Error('the demo history has no invoice');
    await logIn(page);
    await page.goto(`/customer-center/invoices/${newest.linkId}`);
    await expect(page.locator('main dt', { hasText: 'VAT 0 %' })).toHaveText(VAT_LABEL);
    await page.getByTestId('vat-note').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('vat-note')).toContainText(LEGAL_NOTE);
    await expectNoWiderThanViewport(page);
    await expectNoAxeViolations(page);
  });
});
