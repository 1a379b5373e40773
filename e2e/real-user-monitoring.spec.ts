import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { DISMISSED_MODALS_STATE } from './support/dismissed-modals.ts';
import { waitForHydratedElement, waitForHydration } from './support/hydration.ts';
import { logIn } from './support/log-in.ts';
import { freePort, type OwnServer, startOwnServer } from './support/own-server.ts';
import { type RumEvent as Event, startIntake, transactions } from './support/rum-intake.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * Real-user monitoring (spec §7 Monitoring, ADR 033) with the real agent in Chromium: a storefront of the test's own
 * with tracking on (RUM_SERVER_URL) sends its events to an intake the test runs, which answers as an APM server does
 * (CORS, 202) and records what arrives. With the intake down the shop works and says so once, in the console.
 */

const BUYER = { username: 'eu-buyer', password: 'demo' };
const BUYER_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
const WARNING = /^\[monitoring\] the monitoring intake at .* cannot be reached: real-user monitoring is skipped/;

/** The first-visit modal dismissed on the own server's host, as the shared shops' contexts have it on theirs. */
const DISMISSED_ON_LOOPBACK = {
  cookies: DISMISSED_MODALS_STATE.cookies.map((cookie) => ({ ...cookie, domain: '127.0.0.1' })),
  origins: [],
};

type Span = { name?: string; type?: string };

/** Spans sent inside their transaction or on their own lines, each with its transaction's type. */
function spansOf(events: Event[], type: string): Span[] {
  const ofType = transactions(events).filter((transaction) => transaction.type === type);
  const ids = new Set(ofType.map((transaction) => transaction.id));
  return [
    ...ofType.flatMap((transaction) => transaction.spans ?? []),
    ...events.flatMap((event) =>
      event.span && ids.has(event.span.transaction_id as string) ? [event.span as Span] : [],
    ),
  ];
}

async function emptyCart(request: APIRequestContext): Promise<void> {
  const token = await logInToApi(request, BUYER, BUYER_AREA);
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area: BUYER_AREA } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area: BUYER_AREA, cartId: cart.cartId } });
}

function consoleMessages(page: Page) {
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
    if (message.type() === 'error') errors.push(message.text());
  });
  return { warnings, errors };
}

test.describe('real-user monitoring with tracking on', () => {
  let intake: ReturnType<typeof startIntake>;
  let intakeUrl: string;
  let shop: OwnServer | undefined;
  let shopUrl: string;

  test.beforeAll(async () => {
    intake = startIntake();
    intake.server.listen(0, '127.0.0.1');
    await once(intake.server, 'listening');
    intakeUrl = `http://127.0.0.1:${(intake.server.address() as AddressInfo).port}`;
    const port = await freePort();
    shop = startOwnServer({ PORT: String(port), WEB_PROCESSES: '1', RUM_SERVER_URL: intakeUrl });
    const running = shop;
    await expect.poll(running.output, { timeout: 60_000 }).toContain(`listening on http://127.0.0.1:${port}`);
    shopUrl = `http://127.0.0.1:${port}`;
  });

  test.afterAll(async () => {
    shop?.kill();
    intake?.server.closeAllConnections();
    intake?.server.close();
  });

  test('a page load, a navigation, an add-to-cart and an error arrive at the intake as NDJSON events', async ({
    browser,
    request,
  }) => {
    await emptyCart(request);
    const context = await browser.newContext({ baseURL: shopUrl, storageState: DISMISSED_ON_LOOPBACK });
    const page = await context.newPage();
    const { warnings, errors } = consoleMessages(page);

    await test.step('the page allows the intake and nothing more in connect-src', async () => {
      const response = await page.request.get(`${shopUrl}/`);
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(policy).toContain(`connect-src 'self' ${intakeUrl};`);
    });

    await test.step('the probe asks first, then the page load is sent', async () => {
      await logIn(page, BUYER.username);
      await expect.poll(() => transactions(intake.events).map((t) => t.type)).toContain('page-load');
      expect(intake.requests[0]).toBe('OPTIONS /intake/v2/rum/events');
      expect(intake.requests).toContain('POST /intake/v2/rum/events');
      const metadata = intake.events.find((event) => event.metadata)?.metadata;
      expect(metadata?.service).toMatchObject({ name: 'b2b-storefront', agent: { name: 'rum-js' } });
    });

    await test.step('a React Router navigation is a route-change transaction named by its route', async () => {
      await waitForHydration(page);
      const searchBox = page.getByRole('combobox', { name: 'Search products', exact: true });
      await searchBox.fill('pro');
      await searchBox.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=pro/);
      await expect
        .poll(() =>
          transactions(intake.events)
            .filter((t) => t.type === 'route-change')
            .map((t) => t.name),
        )
        .toContain('routes/search');
    });

    await test.step("adding to the cart is traced with the cart's call", async () => {
      const card = page
        .getByTestId('product-card')
        .filter({ has: page.getByLabel(/^Variant/) })
        .first();
      const select = card.getByLabel(/^Variant/);
      const labels = await select.locator('option:not([value=""])').allTextContents();
      const inStock = labels.find((text) => !text.endsWith('(out of stock)'));
      if (!inStock) throw new Error('no variant in stock');
      await select.selectOption({ label: inStock });
      await card.getByRole('spinbutton', { name: /^Quantity/ }).fill('1');
      await card.getByRole('button', { name: /^Add to cart/ }).click();
      await expect(card.getByTestId('add-to-cart-status')).toHaveText('Added to cart.');
      await expect
        .poll(() => spansOf(intake.events, 'user-interaction').map((span) => span.name))
        .toContainEqual(expect.stringMatching(/^POST .*\/cart/));
    });

    await test.step('an error the page does not catch is sent as an error event', async () => {
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('monitoring check: an uncaught error');
        }, 0);
      });
      await expect
        .poll(() => intake.events.flatMap((event) => (event.error ? [event.error.exception] : [])))
        .toContainEqual(
          // the browser's own wording of the message: "Uncaught Error: …"
          expect.objectContaining({ message: expect.stringContaining('monitoring check: an uncaught error') }),
        );
    });

    expect(warnings.filter((text) => WARNING.test(text))).toEqual([]);
    expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
    await emptyCart(request);
  });

  test('with the intake down the shop works and one console warning says monitoring is skipped', async ({
    browser,
  }) => {
    intake.server.closeAllConnections();
    await new Promise((resolve) => intake.server.close(resolve));
    const context = await browser.newContext({ baseURL: shopUrl, storageState: DISMISSED_ON_LOOPBACK });
    const page = await context.newPage();
    const { warnings } = consoleMessages(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => warnings.filter((text) => WARNING.test(text))).toHaveLength(1);
    // the shop goes on: the listing, then a product page, by links (React Router navigations), no second warning
    const viewAll = page.getByRole('link', { name: 'View all New arrivals' });
    await waitForHydratedElement(viewAll); // the home page's blocks hydrate once their module is in
    await viewAll.click();
    await expect(page).toHaveURL(/\/search/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.getByTestId('product-card').first().getByRole('heading').getByRole('link').click();
    await expect(page).not.toHaveURL(/\/search/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(warnings.filter((text) => WARNING.test(text))).toHaveLength(1);
    await context.close();
  });
});
