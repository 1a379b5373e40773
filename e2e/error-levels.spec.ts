import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { expectNoAxeViolations } from './support/accessibility.ts';
import { cartWithOneJacket, emptyCartThroughApi } from './support/cart-api.ts';
import { type FailingApi, startFailingApi } from './support/failing-api.ts';
import { waitForHydration } from './support/hydration.ts';
import { freePort, type OwnServer, startOwnServer } from './support/own-server.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { expect, type Page, test } from './support/test.ts';

/**
 * Issue 29 §1, ADR 032: the error store's three levels where the shop meets a failing API. A storefront server of the
 * test's own talks to the API through a proxy that makes chosen calls answer 503 (as a load balancer does when no API
 * instance is up), then heals:
 * - Header: a page the root loader could load only in part says so under the header, with Reload;
 * - Local: a cart change the API failed is said beside the cart's forms, with Try again (sent once when it works);
 * - Modal: an order the API failed to place blocks the checkout, with Try again (placed once, never twice).
 * Every retry that fails again is counted on screen.
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const ERROR_TOAST_TITLE = 'Der opstod en fejl';

let api: FailingApi | undefined;
let server: OwnServer | undefined;
let base = '';

test.beforeEach(async () => {
  api = await startFailingApi();
  const port = await freePort();
  // localhost: the run's dismissed first-visit modal (support/dismissed-modals.ts) is a cookie of that host
  base = `http://localhost:${port}`;
  server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '1', API_URL: api.url });
  const running = server;
  await expect.poll(running.output, { timeout: 30_000 }).toContain('listening');
});

test.afterEach(async ({ request }) => {
  server?.kill();
  server = undefined;
  await api?.close();
  api = undefined;
  await emptyCartThroughApi(request, await logInToApi(request, BUYER, AREA), AREA);
});

async function logInOwnServer(page: Page): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill(BUYER.username);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('account-name')).toBeVisible();
}

test('Header: a page shown without a part it could not load says so under the header, and Reload brings it back', async ({
  page,
}) => {
  api?.fail('/api/Shipping/GetOrderTerms');
  await page.goto(`${base}/`);
  await waitForHydration(page);
  const bar = page.getByRole('region', { name: 'Errors' });
  await expect(bar.getByRole('alert')).toContainText(
    'This page is shown without its order terms: they could not be loaded. Everything else works.',
  );
  // a server error: the global error toast with its Danish title (spec §8), once
  await expect(page.getByText(ERROR_TOAST_TITLE)).toHaveCount(1);
  await expectNoAxeViolations(page);

  // still failing: the bar stays and counts the try
  await bar.getByRole('button', { name: 'Reload' }).click();
  await expect(bar).toContainText('tried again 1 time');

  api?.heal();
  await bar.getByRole('button', { name: 'Reload' }).click();
  await expect(bar).toHaveCount(0);
});

test('Header: a page shown without its menus (the area failed to load) says so, and Reload brings the menus back', async ({
  page,
}) => {
  api?.fail('/api/Area/GetAreaById');
  await page.goto(`${base}/`);
  await waitForHydration(page);
  const bar = page.getByRole('region', { name: 'Errors' });
  await expect(bar.getByRole('alert')).toContainText(
    'This page is shown without its menus: they could not be loaded. Everything else works.',
  );
  // the page itself is there, without the menus the area holds
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  api?.heal();
  await bar.getByRole('button', { name: 'Reload' }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('Local: a cart change the API failed is said beside the cart with Try again, which sends it once when it works', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  await cartWithOneJacket(request, token, AREA, 1);
  await logInOwnServer(page);
  await page.goto(`${base}/cart`);
  await waitForHydration(page);
  const quantity = page.getByTestId('cart-line-quantity').getByRole('spinbutton');
  await expect(quantity).toHaveValue('1');

  api?.fail('/api/Cart/UpdateLineQuantity');
  await quantity.fill('3');
  await page.getByRole('button', { name: /^Update/ }).click();
  const error = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again', exact: true }) });
  await expect(error).toBeVisible();
  await expectNoAxeViolations(page);
  await error.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(error).toContainText('tried again 1 time');

  api?.heal();
  await error.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(error).toHaveCount(0);
  await expect(quantity).toHaveValue('3');
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: AREA } });
  expect(cart.lines.map((line) => line.quantity)).toEqual([3]);
  expect(api?.forwarded('/api/Cart/UpdateLineQuantity')).toBe(1);
});

test('Modal: an order the API failed to place blocks the checkout; Try again places it once', async ({
  page,
  request,
}) => {
  const token = await logInToApi(request, BUYER, AREA);
  const cartId = await cartWithOneJacket(request, token, AREA, 1);
  await logInOwnServer(page);
  await page.goto(`${base}/checkout`);
  await waitForHydration(page);

  api?.fail('/api/Order/CreateOrderByCartId');
  await page.getByRole('button', { name: 'Place order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('503 Service Unavailable');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(dialog).toContainText('tried again 1 time');

  api?.heal();
  await dialog.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/receipt/);
  await expect(dialog).toHaveCount(0);
  // the order of that cart exists (placed by the retry), and only one call ever reached the API
  await callApi(request, orderEndpoints.getOrderByCartId, { token, body: { area: AREA, cartId } });
  expect(api?.forwarded('/api/Order/CreateOrderByCartId')).toBe(1);
});
