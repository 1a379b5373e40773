import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCESS_TOKEN_COOKIE, IMPERSONATION_TOKEN_COOKIE, LOCALE_COOKIE, REFRESH_TOKEN_COOKIE } from '@b2b/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnonymousPageCache, pageCookiesOf, SHARED_PAGE_HEADER } from './page-cache.server.ts';
import { createNonce } from './security-headers.server.ts';

/** What the stand-in for React Router answers: a page with its nonce in the policy and the HTML, written in chunks. */
type Answer = { status?: number; shared?: boolean; setCookie?: string };

describe('the anonymous page cache over HTTP', () => {
  let server: Server;
  let base: string;
  let renders: number;
  let answer: Answer;
  let nowMs: number;

  beforeEach(async () => {
    renders = 0;
    answer = { shared: true };
    nowMs = 1_000_000;
    const cache = createAnonymousPageCache({ now: () => nowMs });
    const render = (request: IncomingMessage, response: ServerResponse) => {
      renders += 1;
      const nonce = createNonce();
      response.statusCode = answer.status ?? 200;
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.setHeader('content-security-policy', `script-src 'self' 'nonce-${nonce}'`);
      if (answer.shared) response.setHeader(SHARED_PAGE_HEADER, nonce);
      if (answer.setCookie) response.setHeader('set-cookie', answer.setCookie);
      response.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head>`);
      response.write(Buffer.from(`<body>${request.url} · render ${renders} · ünïcode</body>`));
      response.end(`<script nonce="${nonce}">2</script></html>`);
    };
    server = createServer((request, response) => cache(request, response, () => render(request, response)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** node:http, not fetch: fetch does not let a test set the Host header. */
  function send(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
    return new Promise<{ headers: IncomingHttpHeaders; html: string }>((resolve, reject) => {
      const outgoing = httpRequest(`${base}${path}`, options, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ headers: incoming.headers, html: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(options.method === 'POST' ? 'a=1' : undefined);
    });
  }

  async function get(path: string, headers: Record<string, string> = {}) {
    const { headers: answered, html } = await send(path, { headers });
    const nonce = /'nonce-([^']+)'/.exec(String(answered['content-security-policy']))?.[1];
    return { headers: answered, html, nonce, cache: answered['x-page-cache'] ?? null };
  }

  it('answers a marked page again from the cache, with a fresh nonce in its policy and in every script', async () => {
    const first = await get('/search?q=helmet');
    const second = await get('/search?q=helmet');
    expect(renders).toBe(1);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.nonce).toBeDefined();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toBe(first.html.replaceAll(first.nonce ?? '', second.nonce ?? ''));
    expect(second.html).toContain('render 1 · ünïcode');
    expect(second.html.split(`nonce="${second.nonce}"`)).toHaveLength(3);
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.html));
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    // the mark never leaves the server
    expect(first.headers[SHARED_PAGE_HEADER]).toBeUndefined();
    expect(second.headers[SHARED_PAGE_HEADER]).toBeUndefined();
  });

  it('keeps each address, host, scheme and set of dismissed modals apart', async () => {
    await get('/search?q=helmet');
    await get('/search?q=boots');
    await get('/search?q=helmet', { host: 'nok.localhost' });
    await get('/search?q=helmet', { 'x-forwarded-proto': 'https' });
    await get('/search?q=helmet', { cookie: 'modal-dismissed-first-visit=3' });
    await get('/search?q=helmet', { cookie: 'modal-dismissed-first-visit=4' });
    expect(renders).toBe(6);
    // a cookie the shop does not read is not part of the key
    expect((await get('/search?q=helmet', { cookie: '_ga=GA1.1.123' })).cache).toBe('hit');
    expect((await get('/search?q=helmet', { cookie: 'modal-dismissed-first-visit=3; _ga=x' })).cache).toBe('hit');
    expect(renders).toBe(6);
  });

  it('renders every page of a session for its visitor alone, and keeps none of them', async () => {
    await get('/search');
    const sessions = [
      `${ACCESS_TOKEN_COOKIE}=Bearer%20a.b.c`,
      `${REFRESH_TOKEN_COOKIE}=r`,
      `${IMPERSONATION_TOKEN_COOKIE}=i`,
      `x=1; ${ACCESS_TOKEN_COOKIE}=`,
    ];
    for (const cookie of sessions) {
      const { cache, html, headers } = await get('/search', { cookie });
      expect(cache, cookie).toBeNull();
      expect(headers[SHARED_PAGE_HEADER]).toBeUndefined();
      expect(html).not.toContain('render 1 ');
    }
    expect(renders).toBe(5);
    expect((await get('/search')).cache).toBe('hit');
  });

  it('keeps a page per locale: two locales never share a kept page, nor a locale and none (ADR 036)', async () => {
    const english = await get('/search?q=helmet', { cookie: `${LOCALE_COOKIE}=en-GB` });
    const danish = await get('/search?q=helmet', { cookie: `${LOCALE_COOKIE}=da-DK` });
    const none = await get('/search?q=helmet');
    expect([english.cache, danish.cache, none.cache]).toEqual(['miss', 'miss', 'miss']);
    expect([english, danish, none].map(({ html }) => /render \d+/.exec(html)?.[0])).toEqual([
      'render 1',
      'render 2',
      'render 3',
    ]);
    // each is answered its own page again, whatever other cookies the cache ignores come with it
    const danishAgain = await get('/search?q=helmet', { cookie: `_ga=GA1.1.123; ${LOCALE_COOKIE}=da-DK` });
    const englishAgain = await get('/search?q=helmet', { cookie: `${LOCALE_COOKIE}=en-GB` });
    expect([danishAgain.cache, englishAgain.cache]).toEqual(['hit', 'hit']);
    expect(danishAgain.html).toContain('render 2 ');
    expect(englishAgain.html).toContain('render 1 ');
    expect((await get('/search?q=helmet')).html).toContain('render 3 ');
    expect(renders).toBe(3);
  });

  it('renders a page for a visitor with a cookie it does not know, and never hands that page to another', async () => {
    // A cookie the server may read one day: whatever page it makes, it must not come from the cache nor go into it,
    // or one visitor's page would reach visitors with another value or none.
    const german = await get('/search?q=helmet', { cookie: 'currency=EUR' });
    const french = await get('/search?q=helmet', { cookie: 'currency=NOK; _ga=GA1.1.123' });
    expect([german.cache, french.cache]).toEqual([null, null]);
    expect([german.html, french.html].map((html) => /render \d+/.exec(html)?.[0])).toEqual(['render 1', 'render 2']);
    const anonymous = await get('/search?q=helmet');
    expect(anonymous.cache).toBe('miss');
    expect(anonymous.html).toContain('render 3 ');
    // the page kept now is not handed to a visitor with the unknown cookie either
    const germanAgain = await get('/search?q=helmet', { cookie: 'currency=EUR' });
    expect(germanAgain.cache).toBeNull();
    expect(germanAgain.html).toContain('render 4 ');
    expect((await get('/search?q=helmet')).cache).toBe('hit');
    expect(renders).toBe(4);
  });

  it('keeps no page its route did not offer, no failed page and no page that sets a cookie', async () => {
    for (const unkept of [{ shared: false }, { shared: true, status: 404 }, { shared: true, setCookie: 'a=1' }]) {
      answer = unkept;
      const first = await get(`/page-${renders}`);
      const second = await get(`/page-${renders - 1}`);
      expect([first.cache, second.cache], JSON.stringify(unkept)).toEqual([null, null]);
      expect(first.headers[SHARED_PAGE_HEADER]).toBeUndefined();
    }
    expect(renders).toBe(6);
  });

  it('renders the page again for a hard reload, and keeps that one', async () => {
    await get('/search');
    const reloaded = await get('/search', { 'cache-control': 'no-cache' });
    expect(reloaded.cache).toBe('miss');
    expect(reloaded.html).toContain('render 2 ');
    expect((await get('/search', { pragma: 'no-cache' })).html).toContain('render 3 ');
    // a plain reload is answered from the cache, with the page the last hard reload rendered
    const plain = await get('/search', { 'cache-control': 'max-age=0' });
    expect([plain.cache, plain.html.includes('render 3 ')]).toEqual(['hit', true]);
    expect(renders).toBe(3);
  });

  it('answers only GET from the cache', async () => {
    await get('/search');
    const posted = await send('/search', { method: 'POST' });
    expect(posted.headers['x-page-cache']).toBeUndefined();
    expect(posted.headers[SHARED_PAGE_HEADER]).toBeUndefined();
    expect(renders).toBe(2);
  });

  it('renders the page again after 3 seconds (with the content cache, an edit shows within 5 s)', async () => {
    await get('/');
    nowMs += 2_900;
    expect((await get('/')).cache).toBe('hit');
    nowMs += 200;
    expect((await get('/')).cache).toBe('miss');
    expect(renders).toBe(2);
  });
});

describe('pageCookiesOf', () => {
  it('is the locale and the dismissed modals in a stable order, leaving the tag manager’s cookies out', () => {
    expect(pageCookiesOf(undefined)).toBe('');
    expect(pageCookiesOf(`modal-dismissed-a=1; ${LOCALE_COOKIE}=en-GB; _ga=1`)).toBe(
      `${LOCALE_COOKIE}=en-GB; modal-dismissed-a=1`,
    );
    expect(pageCookiesOf('_ga=1; _ga_ABC123=2; _gid=3; _gat_UA-1=4; _gcl_au=5')).toBe('');
    expect(pageCookiesOf('modal-dismissed-b=2; _ga=1; modal-dismissed-a=1')).toBe(
      'modal-dismissed-a=1; modal-dismissed-b=2',
    );
  });

  it('is null with a session cookie or any cookie it does not know', () => {
    for (const header of [
      'refreshToken=abc; _ga=1',
      `${ACCESS_TOKEN_COOKIE}=`,
      `${IMPERSONATION_TOKEN_COOKIE}=i`,
      'currency=EUR',
      'modal-dismissed-a=1; currency=NOK',
      '_ga=1; _gax=2',
      'ga=1',
    ]) {
      expect(pageCookiesOf(header), header).toBeNull();
    }
  });
});
