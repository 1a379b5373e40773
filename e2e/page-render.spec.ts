import { RENDER_FALLBACK_LOG_PREFIX } from '../apps/web/app/lib/render-fallbacks.server.ts';
import { freePort, logMessages, type OwnServer, startOwnServer } from './support/own-server.ts';
import { expect, request as playwrightRequest, test } from './support/test.ts';

/**
 * app/entry.server.tsx renders a page in one synchronous pass once the lazy parts of the page have loaded, and with
 * React's streaming renderer before that (right after the start) or whenever the page suspends. Both must give the
 * browser the same page: the same markup, the same `useId`s its hydration must match, and React Router's loader data.
 * A server of the test's own, so its first requests really are the first since its start. The one-pass render leans
 * on React Router's undocumented `renderMeta.streamCache` (ADR 020): a page it gives up on is rendered twice, which
 * the server counts and logs; on a warm server no page may be.
 */

let server: OwnServer | undefined;

test.afterEach(() => {
  server?.kill();
  server = undefined;
});

test('a page is the same HTML on the first requests after the start and later, loader data included', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '1' });
  const running = server;
  await expect.poll(running.output, { timeout: 30_000 }).toContain('listening');

  const buyer = await playwrightRequest.newContext({ baseURL: base });
  try {
    const login = await buyer.post('/login', {
      form: { username: 'eu-buyer', password: 'demo', redirect: '/' },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    const pages: string[] = [];
    for (let round = 0; round < 4; round++) {
      const answer = await buyer.get('/search');
      expect(answer.status()).toBe(200);
      // each page has its own nonce; everything else must be the same
      pages.push((await answer.text()).replace(/nonce="[^"]*"/g, 'nonce=""'));
    }
    const [first = ''] = pages;
    expect(first.startsWith('<!DOCTYPE html><html lang="en-GB">')).toBe(true);
    expect(first).toContain('Log out');
    expect(first).toContain('window.__reactRouterContext.streamController.enqueue(');
    expect(first).toContain('window.__reactRouterContext.streamController.close();');
    expect(first).not.toContain('<!--$!-->');
    for (const later of pages.slice(1)) expect(later).toBe(first);
  } finally {
    await buyer.dispose();
  }
  expect(running.output()).not.toMatch(/Error/);
});

test('a warm server renders every main page in one pass: no page falls back to the streaming renderer', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = startOwnServer({ PORT: String(port), WEB_PROCESSES: '1' });
  const running = server;
  await expect.poll(running.output, { timeout: 30_000 }).toContain('listening');

  // A hard reload is rendered for each request, past the page cache (app/lib/page-cache.server.ts).
  const rendered = { 'cache-control': 'no-cache' };
  const visitor = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: rendered });
  const buyer = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: rendered });
  try {
    const login = await buyer.post('/login', {
      form: { username: 'eu-buyer', password: 'demo', redirect: '/' },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    const listing = await (await visitor.get('/search')).text();
    const product = /href="(\/p\/[^"]+)"/.exec(listing)?.[1];
    expect(product, 'a product on /search').toBeTruthy();
    const orders = await (await buyer.get('/customer-center/orders')).text();
    const order = /href="(\/customer-center\/orders\/[^"?]+)"/.exec(orders)?.[1];
    expect(order, "an order in eu-buyer's history").toBeTruthy();
    const pages: Array<[context: typeof visitor, path: string, status: number]> = [
      ...['/', '/search', '/search?q=board', `${product}`, '/about', '/login', '/user/recover-password'].map(
        (path): [typeof visitor, string, number] => [visitor, path, 200],
      ),
      [visitor, '/no-such-page', 404],
      ...[
        '/',
        '/search',
        '/search?q=board',
        `${product}`,
        '/cart',
        '/customer-center',
        '/customer-center/orders',
        `${order}`,
        '/customer-center/invoices',
        '/customer-center/credit-memos',
        '/customer-center/user/change-password',
      ].map((path): [typeof visitor, string, number] => [buyer, path, 200]),
    ];
    const renderAll = async () => {
      for (const [context, path, status] of pages) {
        expect((await context.get(path, { maxRedirects: 0 })).status(), path).toBe(status);
      }
    };

    await renderAll();
    // right after the start the lazy parts' first use suspends: the fallbacks are counted and logged
    const warmUp = running.output();
    expect(warmUp).toContain(RENDER_FALLBACK_LOG_PREFIX);
    await renderAll();
    await renderAll();
    const fallbacksWhenWarm = logMessages(running.output().slice(warmUp.length)).filter((message) =>
      message.startsWith(RENDER_FALLBACK_LOG_PREFIX),
    );
    expect(fallbacksWhenWarm).toEqual([]);
  } finally {
    await visitor.dispose();
    await buyer.dispose();
  }
});
