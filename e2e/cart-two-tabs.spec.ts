import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { cartWithOneJacket, emptyCartThroughApi } from './support/cart-api.ts';
import { waitForHydration } from './support/hydration.ts';
import { logIn } from './support/log-in.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * Issue 29 §2, ADR 035: one buyer with the cart open in two tabs. A change made from a tab that shows an older cart
 * never removes or brings back what the other tab changed: the tab says so and shows the cart as it is, with its
 * calculation. eu-buyer, whose cart each test empties first and last (specs run one after another).
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const CHECKOUT_CHANGED_MESSAGE =
  'Your cart changed while you checked out. Please check the order summary and place the order again.';
const CHANGED_MESSAGE =
  'The cart changed since this page showed it (for example in another window), so nothing was changed. The page now shows what the cart holds.';

async function cartLines(request: APIRequestContext, token: string) {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  return cart.lines.filter((line) => line.parentId === null).map((line) => line.quantity);
}

/** Opens /cart in the tab, hydrated, with its calculation shown. */
async function openCart(tab: Page): Promise<void> {
  await tab.goto('/cart');
  await waitForHydration(tab);
}

const quantityBox = (tab: Page) => tab.getByTestId('cart-line-quantity').getByRole('spinbutton');

test.afterEach(async ({ request }) => {
  await emptyCartThroughApi(request, await logInToApi(request, BUYER, AREA), AREA);
});

test('Empty cart in a tab showing an older cart keeps what another tab changed, and shows the cart as it is', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  await cartWithOneJacket(request, token, AREA, 1);
  await logIn(page, BUYER.username);
  const first = page;
  const second = await page.context().newPage();
  await openCart(first);
  await expect(quantityBox(first)).toHaveValue('1');
  await expect(first.getByTestId('cart-total')).toBeVisible();
  const totalBefore = (await first.getByTestId('cart-total').textContent()) ?? '';

  // The second tab raises the quantity.
  await openCart(second);
  await quantityBox(second).fill('4');
  await second.getByRole('button', { name: /^Update/ }).click();
  await expect(quantityBox(second)).toHaveValue('4');
  // The second tab's calculation of 4 (it replaces the one of 1 once the cart is reloaded).
  await expect(second.getByTestId('cart-total')).not.toHaveText(totalBefore);
  const totalNow = (await second.getByTestId('cart-total').textContent()) ?? '';

  // The first tab still shows 1 and asks to empty the cart: refused, said, and the cart shown as it is now.
  await expect(quantityBox(first)).toHaveValue('1');
  await first.getByRole('button', { name: 'Empty cart' }).click();
  await expect(first.getByRole('alert')).toHaveText(CHANGED_MESSAGE);
  await expect(quantityBox(first)).toHaveValue('4');
  await expect(first.getByTestId('cart-total')).toHaveText(totalNow);
  expect(await cartLines(request, token)).toEqual([4]);
  await expectNoAxeViolations(first);

  // Now that it shows the cart as it is, emptying it works.
  await first.getByRole('button', { name: 'Empty cart' }).click();
  await expect(first.getByTestId('cart-empty')).toHaveText('Your cart is empty.');
  expect(await cartLines(request, token)).toEqual([]);
});

test('a quantity sent from a tab whose line another tab deleted does not bring the line back', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  await cartWithOneJacket(request, token, AREA, 2);
  await logIn(page, BUYER.username);
  const first = page;
  const second = await page.context().newPage();
  await openCart(first);
  await openCart(second);
  await expect(quantityBox(first)).toHaveValue('2');

  await second.getByRole('button', { name: /^Delete/ }).click();
  await expect(second.getByTestId('cart-empty')).toBeVisible();

  await quantityBox(first).fill('5');
  await first.getByRole('button', { name: /^Update/ }).click();
  await expect(first.getByRole('alert')).toHaveText(CHANGED_MESSAGE);
  await expect(first.getByTestId('cart-empty')).toHaveText('Your cart is empty.');
  expect(await cartLines(request, token)).toEqual([]);
  await expectNoAxeViolations(first);
});

test('Place order from a checkout reviewed before another tab changed the cart places nothing and shows the new summary', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  const cartId = await cartWithOneJacket(request, token, AREA, 1);
  await logIn(page, BUYER.username);
  const checkout = page;
  const cart = await page.context().newPage();
  await checkout.goto('/checkout');
  await waitForHydration(checkout);
  const reviewedTotal = (await checkout.getByTestId('order-total').textContent()) ?? '';

  await openCart(cart);
  await quantityBox(cart).fill('3');
  await cart.getByRole('button', { name: /^Update/ }).click();
  await expect(cart.getByTestId('cart-total')).not.toHaveText(reviewedTotal);
  const totalNow = (await cart.getByTestId('cart-total').textContent()) ?? '';

  await checkout.getByRole('button', { name: 'Place order' }).click();
  // The summary reloads with the cart as it is now, and the message stays beside it (the reload must not clear it).
  await expect(checkout.getByTestId('order-total')).toHaveText(totalNow);
  await expect(checkout.getByRole('alert')).toHaveText(CHECKOUT_CHANGED_MESSAGE);
  await expect(checkout).toHaveURL(/\/checkout$/);
  // Nothing was ordered: the open cart is still this one (an order retires it), with what the other tab set.
  const { cart: open } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  expect(open.cartId).toBe(cartId);
  expect(open.lines.filter((line) => line.parentId === null).map((line) => line.quantity)).toEqual([3]);
  await expectNoAxeViolations(checkout);
});
