import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import type { AreaInfo } from '@b2b/contract';
import type { Cart } from '@b2b/contract/cart';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { logIn } from './support/log-in.ts';
import { receivedMails } from './support/mailbox.ts';
import { freePort, logMessages, type OwnServer, startOwnServer } from './support/own-server.ts';
import { callApi, logInToApi } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * Requests the storefront's server refuses before any route sees them (ADR 011, issue 24 §3), sent as an attacker
 * would: state-changing requests from another site (to every route that takes one, as the build lists them, and from
 * a real page of another origin), and request lines whose target is not a path. The buyer is eu-buyer; what the test
 * adds to the cart to prove the same request works from the shop itself, it takes out again.
 */

const FOREIGN_ORIGIN = 'http://evil.example';
const REFUSED_BODY = 'Forbidden: this request was sent by another site.';
const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const EU_AREA: AreaInfo = { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' };
/** The web's build, which the shop under test serves (Playwright runs from the repository root). */
const BUILT_ASSETS = path.join('apps', 'web', 'build', 'client', 'assets');

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasDefaultExport: boolean;
};

/**
 * Every route with an action, from the build's route manifest (what React Router itself serves, not a list kept by
 * hand): its id, its address pattern (the parents' paths joined) and whether it is a page (which also takes `.data`
 * requests).
 */
function routesWithAnAction(): Array<{ id: string; pattern: string; isPage: boolean }> {
  const file = readdirSync(BUILT_ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${BUILT_ASSETS}: run "npm run build --workspace @b2b/web" first`);
  const source = readFileSync(path.join(BUILT_ASSETS, file), 'utf8');
  const { routes } = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  const patternOf = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const parentPattern = parent ? patternOf(parent) : '';
    return route.path ? `${parentPattern.replace(/\/$/, '')}/${route.path}` : parentPattern || '/';
  };
  return Object.values(routes)
    .filter((route) => route.hasAction)
    .map((route) => ({ id: route.id, pattern: patternOf(route), isPage: route.hasDefaultExport }));
}

/** The single-fetch address of a page's action (`/cart` → `/cart.data`, `/` → `/_root.data`). */
function dataAddressOf(address: string): string {
  return address === '/' ? '/_root.data' : `${address}.data`;
}

/** The buyer's cart as the storefront's own cart resource shows it: its lines and their quantities. */
async function cartLines(page: Page): Promise<Array<{ id: string; item: string; quantity: number }>> {
  const response = await page.request.get('/resources/cart');
  expect(response.ok()).toBe(true);
  const { cart } = (await response.json()) as { cart: Cart };
  return cart.lines.map((line) => ({
    id: line.id,
    item: line.productKey.variantId ?? line.productKey.productId,
    quantity: line.quantity,
  }));
}

/** An item number (a variant in stock) that quick order takes, from the API so no seed's numbers are assumed. */
async function itemInStock(request: APIRequestContext): Promise<string> {
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    body: { area: EU_AREA, facets: [], skip: 0, take: 50 },
  });
  for (const { item: product } of items) {
    const variant = product.variants.find((candidate) => candidate.stockLevel >= 10);
    if (variant) return variant.id;
  }
  throw new Error('no variant with 10 in stock among the first 50 products');
}

test.describe('a state-changing request from another site', () => {
  test('is refused with 403 by every route that has an action, in every method, and changes nothing', async ({
    page,
    request,
  }) => {
    const routes = routesWithAnAction();
    // The list is the build's: it holds the resource routes and /logout that React Router's own check left open.
    expect(routes.map((route) => route.id)).toEqual(
      expect.arrayContaining(['routes/logout', 'routes/resources.quick-order', 'routes/cart', 'routes/login']),
    );
    await logIn(page, 'eu-buyer');
    const ownOrigin = new URL(page.url()).origin;
    const itemNumber = await itemInStock(request);
    await page.goto('/customer-center/orders');
    const orderPath = await page.locator('a[href^="/customer-center/orders/"]').first().getAttribute('href');
    if (!orderPath) throw new Error('eu-buyer has no order to reorder');
    const quickOrderRows = JSON.stringify([{ itemNumber, quantity: '2' }]);

    const linesBefore = await cartLines(page);
    await test.step('the same quick order from the shop itself adds its lines', async () => {
      const own = await page.request.post('/resources/quick-order', {
        headers: { Origin: ownOrigin, 'Sec-Fetch-Site': 'same-origin' },
        form: { rows: quickOrderRows },
      });
      expect(own.status()).toBe(200);
      expect(await own.json()).toMatchObject({ ok: true, message: 'Added 2 units (1 line) to the cart.' });
    });
    const cartBefore = await cartLines(page);
    const addedLine = cartBefore.find((line) => line.item === itemNumber);
    expect(addedLine?.quantity).toBe((linesBefore.find((line) => line.item === itemNumber)?.quantity ?? 0) + 2);
    const cookiesBefore = await page.context().cookies();
    const mailsBefore = receivedMails().length;

    /** What each action would do with the buyer's cookies if it ran: empty or fill the cart, log in or out, … */
    const actingForms: Record<string, Record<string, string>> = {
      'routes/cart': { intent: 'empty' },
      'routes/resources.quick-order': { rows: quickOrderRows },
      'routes/customer-center.orders.$orderId': { intent: 'reorder' },
      'routes/customer-center.user.change-password': {
        currentPassword: 'demo',
        newPassword: 'Taken-over-1234',
        repeatNewPassword: 'Taken-over-1234',
      },
      'routes/login': { username: 'eu-buyer', password: 'demo' },
      'routes/user.recover-password': { username: 'eu-buyer' },
      'routes/customer-center.impersonation': { intent: 'end' },
      'routes/checkout': { intent: 'place-order' },
      'routes/resources.favorite-list': { productId: itemNumber, wanted: 'add', returnTo: '/' },
      'routes/customer-center.favorite-list': { intent: 'create', listName: 'Taken over' },
      'routes/customer-center.favorite-list.$id': { intent: 'add-all' },
    };
    const refused: string[] = [];
    for (const route of routes) {
      const address = route.pattern
        .replace('/customer-center/orders/:orderId', orderPath)
        // refused before any route reads it: no list of the buyer's is needed
        .replace(
          '/customer-center/favorite-list/:id',
          '/customer-center/favorite-list/00000000-0000-4000-8000-000000000000',
        )
        .replace('/*', '/contact')
        // the back office's pages (an order, a document, a campaign, a mail): refused before the id is read
        .replace(/^(\/backoffice\/.*)$/, (backofficePath) => backofficePath.replace(/:\w+/g, 'any-id'));
      expect(address, `${route.id}: a path parameter the test does not fill`).not.toMatch(/[:*]/);
      for (const target of route.isPage ? [address, dataAddressOf(address)] : [address]) {
        for (const method of STATE_CHANGING_METHODS) {
          const response = await page.request.fetch(target, {
            method,
            headers: { Origin: FOREIGN_ORIGIN, 'Sec-Fetch-Site': 'cross-site' },
            form: actingForms[route.id] ?? { intent: 'anything' },
            maxRedirects: 0,
          });
          const label = `${method} ${target}`;
          expect(response.status(), label).toBe(403);
          expect(await response.text(), label).toBe(REFUSED_BODY);
          expect(response.headers()['set-cookie'], label).toBeUndefined();
          refused.push(label);
        }
      }
    }
    // 14 routes today, pages twice (their address and its .data)
    expect(refused.length).toBeGreaterThanOrEqual(4 * routes.length);

    await test.step('nothing changed: the cart, the session, the password, the mails', async () => {
      expect(await cartLines(page)).toEqual(cartBefore);
      expect(await page.context().cookies()).toEqual(cookiesBefore);
      const account = await page.request.get('/customer-center', { maxRedirects: 0 });
      expect(account.status(), 'still logged in').toBe(200);
      await logInToApi(request, { username: 'eu-buyer', password: 'demo' }, EU_AREA);
      // a recovery mail would be on its way within a fifth of a second (MAIL_DELIVERY_INTERVAL_MS)
      await page.waitForTimeout(1_000);
      expect(receivedMails()).toHaveLength(mailsBefore);
    });

    await test.step('without Origin, a browser that says cross-site or same-site is refused too', async () => {
      for (const fetchSite of ['cross-site', 'same-site']) {
        const response = await page.request.post('/resources/quick-order', {
          headers: { 'Sec-Fetch-Site': fetchSite },
          form: { rows: quickOrderRows },
        });
        expect(response.status(), fetchSite).toBe(403);
      }
      const fromNowhere = await page.request.post('/logout', { headers: { Origin: 'null' }, maxRedirects: 0 });
      expect(fromNowhere.status()).toBe(403);
      expect(await cartLines(page)).toEqual(cartBefore);
    });

    // Leave the cart as it was found.
    const restore = await page.request.post('/cart', {
      headers: { Origin: ownOrigin },
      form: {
        intent: 'update-quantity',
        lineId: addedLine?.id ?? '',
        quantity: String(addedLine ? addedLine.quantity - 2 : 0),
      },
      maxRedirects: 0,
    });
    expect(restore.status()).toBeLessThan(400);
    expect(await cartLines(page)).toEqual(linesBefore);
  });

  test('from a page of another site, a form posted to quick order or /logout gets a 403 page', async ({ page }) => {
    await logIn(page, 'eu-buyer');
    const shop = new URL(page.url()).origin;
    const cartBefore = await cartLines(page);
    for (const action of ['/resources/quick-order', '/logout']) {
      // The other site's page, as the browser gets it; Chromium sends its own Origin and Sec-Fetch-Site.
      await page.route(`${FOREIGN_ORIGIN}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>Win a board</title>
            <form method="post" action="${shop}${action}">
              <input type="hidden" name="rows" value='[{"itemNumber":"1","quantity":"2"}]'>
              <button>Claim your prize</button>
            </form>`,
        }),
      );
      await page.goto(`${FOREIGN_ORIGIN}/prize`);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url() === `${shop}${action}`),
        page.getByRole('button', { name: 'Claim your prize' }).click(),
      ]);
      expect(answer.status(), action).toBe(403);
      expect(await answer.request().headerValue('origin')).toBe(FOREIGN_ORIGIN);
      await expect(page.locator('body')).toHaveText(REFUSED_BODY);
      await page.unroute(`${FOREIGN_ORIGIN}/**`);
    }
    await page.goto('/customer-center');
    await expect(page).toHaveURL(/\/customer-center$/);
    await expect(page.getByTestId('account-name')).toBeVisible();
    expect(await cartLines(page)).toEqual(cartBefore);
  });
});

/** Sends `requestLine` with a Host header over TCP as typed (no client library sends absolute form) to `port`. */
function sendRequestLine(port: number, requestLine: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]),
        body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
      }),
    );
  });
}

test.describe('a request line whose target is not a path', () => {
  let server: OwnServer | undefined;

  test.afterEach(() => {
    server?.kill();
    server = undefined;
  });

  test('answers 400 with a short body and one line in the log, no stack', async () => {
    // A server of the test's own, to read its log.
    const port = await freePort();
    server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '1' });
    const running = server;
    await expect.poll(running.output, { timeout: 30_000 }).toContain(`listening on http://127.0.0.1:${port}`);
    const logBefore = running.output();

    const requestLines = [
      'GET http://evil.example/ HTTP/1.1',
      'OPTIONS * HTTP/1.1',
      'POST http://evil.example/logout HTTP/1.1',
    ];
    for (const requestLine of requestLines) {
      expect(await sendRequestLine(port, requestLine), requestLine).toEqual({
        status: 400,
        body: 'Bad request: the request target must be a path on this host.',
      });
    }
    expect((await sendRequestLine(port, 'GET /search HTTP/1.1')).status).toBe(200);

    const logged = running.output().slice(logBefore.length);
    expect(logMessages(logged).filter((message) => message.startsWith('[web] 400 '))).toEqual([
      '[web] 400 GET "http://evil.example/": the request target is not a path of this host',
      '[web] 400 OPTIONS "*": the request target is not a path of this host',
      '[web] 400 POST "http://evil.example/logout": the request target is not a path of this host',
    ]);
    // no stack, printed (a line of its own) or logged (within a JSON line)
    expect(logged).not.toMatch(/TypeError|Invalid URL|^\s+at |\\n\s+at /m);
  });
});
