import { freePort, type OwnServer, startOwnServer } from './support/own-server.ts';
import { expect, request as playwrightRequest, test } from './support/test.ts';

/**
 * app/entry.server.tsx renders a page in one synchronous pass once the lazy parts of the page have loaded, and with
 * React's streaming renderer before that (right after the start) or whenever the page suspends. Both must give the
 * browser the same page: the same markup, the same `useId`s its hydration must match, and React Router's loader data.
 * A server of the test's own, so its first requests really are the first since its start.
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
