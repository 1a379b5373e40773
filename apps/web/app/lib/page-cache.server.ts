/**
 * Pages kept for anonymous visitors (issue 12). The front page, listings, product pages and content pages are the
 * same for every anonymous visitor of an address, apart from the Content-Security-Policy nonce, and each cost the
 * web 8–19 ms of CPU and the API its calls. Like the content cache (content.server.ts), such a page is kept 5 seconds
 * per server process: a busy page is rendered once every few seconds, and edited content, stock and the search index
 * show almost at once. Each answer from the cache gets a fresh nonce, in its header and in its HTML.
 *
 * What keeps a page from reaching the wrong visitor, in three parts:
 * - Only a request without the session's cookies is answered from the cache or fills it (`pageCookiesOf`): a
 *   logged-in buyer, one whose session expired, and a sales rep are always rendered for themselves. The other cookie
 *   the server reads, a dismissed modal's, is part of the page's key.
 * - A route offers its page (`offerToAnonymousVisitors`, in its loader); every other page is never kept. A page that
 *   holds something made for this one view, a content form's submission key, is kept to its visitor
 *   (`keepToThisVisitor`), whatever its route offered.
 * - entry.server.tsx marks the rendered page as shareable (SHARED_PAGE_HEADER, holding its nonce) only when the
 *   session is anonymous and the page rendered as a 200; the cache keeps only pages so marked and sent without a
 *   cookie. It takes the mark off every answer.
 *
 * Nothing per customer is ever kept: `e2e/customer-isolation.spec.ts` and `e2e/page-cache.spec.ts` check it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCESS_TOKEN_COOKIE, IMPERSONATION_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@b2b/contract';
import { LRUCache } from 'lru-cache';
import { createContext, type RouterContextProvider } from 'react-router';
import { MODAL_DISMISSAL_COOKIE_PREFIX, parseCookies } from './cookies.ts';
import { createNonce } from './security-headers.server.ts';

/** As long as the content cache keeps GetContentByUrl's answers (content.server.ts), for the same reasons. */
const PAGE_CACHE_TTL_MS = 5_000;
/** Per server process: a listing is ≈ 110 kB, so about 150 pages of the most visited addresses. */
const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** Set by entry.server.tsx on a page the cache may keep, to that page's nonce; removed before the answer goes out. */
export const SHARED_PAGE_HEADER = 'x-shared-page-nonce';
/** Tells whoever looks (tests, operators) whether the cache answered: `hit`, or `miss` when it kept the page. */
const PAGE_CACHE_STATUS_HEADER = 'x-page-cache';

type PageSharing = 'unmarked' | 'offered' | 'personal';
const pageSharingContext = createContext<PageSharing>('unmarked');

/** In a loader: this route's page is the same for every anonymous visitor of its address. */
export function offerToAnonymousVisitors(context: Readonly<RouterContextProvider>): void {
  if (context.get(pageSharingContext) === 'unmarked') context.set(pageSharingContext, 'offered');
}

/** The page holds something made for this one view (a form's submission key): never kept, whatever was offered. */
export function keepToThisVisitor(context: Readonly<RouterContextProvider>): void {
  context.set(pageSharingContext, 'personal');
}

/** Whether a route offered the page and nothing in it is this view's own (entry.server.tsx). */
export function isOfferedToAnonymousVisitors(context: Readonly<RouterContextProvider>): boolean {
  return context.get(pageSharingContext) === 'offered';
}

/** A kept page (always a 200): its HTML and headers cut at its nonce, so each answer gets a fresh one. */
type KeptPage = {
  headers: Array<[name: string, value: string | string[]]>;
  /** The Content-Security-Policy cut at the nonce. */
  policyParts: string[];
  htmlParts: string[];
};

/** Headers not kept with a page: the transport's own, and the mark. */
const HEADERS_NOT_KEPT = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'content-security-policy',
  SHARED_PAGE_HEADER,
  PAGE_CACHE_STATUS_HEADER,
]);

/** The session's cookies (session.server.ts): a request with any of them is rendered for its visitor alone. */
const SESSION_COOKIES = new Set([ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, IMPERSONATION_TOKEN_COOKIE]);

/**
 * What of the request's cookies a page depends on: null when it carries a session cookie (the page is its visitor's
 * own), else its dismissed modals (modals.server.ts leaves them out of the page), as part of the page's key. Other
 * cookies (a tag manager's) change nothing on a page. A new cookie the server reads must be handled here, or
 * visitors who carry it would be answered from the cache as if they did not.
 */
export function pageCookiesOf(header: string | undefined): string | null {
  if (!header) return '';
  const cookies = parseCookies(header);
  const names = Object.keys(cookies);
  if (names.some((name) => SESSION_COOKIES.has(name))) return null;
  return names
    .filter((name) => name.startsWith(MODAL_DISMISSAL_COOKIE_PREFIX))
    .sort()
    .map((name) => `${name}=${cookies[name]}`)
    .join('; ');
}

type NextFunction = (error?: unknown) => void;

/**
 * The key of a page: every part of the request a page depends on. The host (it decides the area,
 * session.server.ts), the forwarded host and scheme (React Router builds the request's URL from them when
 * TRUST_PROXY allows), the path with its query, and the cookies a page reads (`pageCookiesOf`). Anything else a
 * loader read would have to be added here.
 */
function pageKeyOf(request: IncomingMessage, pageCookies: string): string {
  const { host, 'x-forwarded-host': forwardedHost, 'x-forwarded-proto': forwardedProto } = request.headers;
  const encrypted = 'encrypted' in request.socket && Boolean(request.socket.encrypted);
  return JSON.stringify([host, forwardedHost, forwardedProto, encrypted, request.url, pageCookies]);
}

/**
 * The cache as a middleware of the page server (server.mjs), placed after compression (a kept page is compressed for
 * each answer, like any page) and before React Router's handler.
 */
export function createAnonymousPageCache(options: { now?: () => number } = {}) {
  const pages = new LRUCache<string, KeptPage>({
    maxSize: PAGE_CACHE_MAX_BYTES,
    sizeCalculation: (page) => page.htmlParts.reduce((sum, part) => sum + part.length, 0) || 1,
    ttl: PAGE_CACHE_TTL_MS,
    // a clock of the tests' own, read on every look-up
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });

  return function anonymousPageCache(request: IncomingMessage, response: ServerResponse, next: NextFunction): void {
    const pageCookies = pageCookiesOf(request.headers.cookie);
    if (request.method !== 'GET' || pageCookies === null) {
      watchAnswer(response, null);
      next();
      return;
    }
    const key = pageKeyOf(request, pageCookies);
    const kept = asksForAFreshPage(request) ? undefined : pages.get(key);
    if (kept) {
      sendKeptPage(response, kept);
      return;
    }
    // the page rendered now replaces the one kept before
    watchAnswer(response, (page) => pages.set(key, page));
    next();
  };
}

/**
 * A hard reload (Shift+F5, `Cache-Control: no-cache`) asks for the page as it is now: an editor checking a change
 * sees it at once. A plain reload (`max-age=0`) is answered from the cache.
 */
function asksForAFreshPage(request: IncomingMessage): boolean {
  const { 'cache-control': cacheControl, pragma } = request.headers;
  return (
    /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(cacheControl ?? '') || (cacheControl === undefined && pragma === 'no-cache')
  );
}

function sendKeptPage(response: ServerResponse, page: KeptPage): void {
  const nonce = createNonce();
  const html = Buffer.from(page.htmlParts.join(nonce));
  response.statusCode = 200;
  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader('content-security-policy', page.policyParts.join(nonce));
  response.setHeader('content-length', html.byteLength);
  response.setHeader(PAGE_CACHE_STATUS_HEADER, 'hit');
  response.end(html);
}

/**
 * Watches the answer as it is written: the mark is taken off before the headers go out, and with `keep`, a page
 * marked shareable is collected and handed to it at its end. Its headers are read at the same moment, before the
 * compressor adds its own.
 */
function watchAnswer(response: ServerResponse, keep: ((page: KeptPage) => void) | null): void {
  const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  let page: (KeptPage & { nonce: string }) | null | undefined;
  const chunks: Buffer[] = [];
  const takeMark = () => {
    if (page !== undefined) return;
    const nonce = response.getHeader(SHARED_PAGE_HEADER);
    response.removeHeader(SHARED_PAGE_HEADER);
    const policy = response.getHeader('content-security-policy');
    const shareable =
      keep !== null &&
      typeof nonce === 'string' &&
      typeof policy === 'string' &&
      policy.includes(nonce) &&
      response.statusCode === 200 &&
      response.getHeader('set-cookie') === undefined;
    if (!shareable) {
      page = null;
      return;
    }
    response.setHeader(PAGE_CACHE_STATUS_HEADER, 'miss');
    page = {
      nonce,
      headers: Object.entries(response.getHeaders()).flatMap(([name, value]): KeptPage['headers'] =>
        HEADERS_NOT_KEPT.has(name) || value === undefined
          ? []
          : [[name, typeof value === 'number' ? String(value) : value]],
      ),
      policyParts: policy.split(nonce),
      htmlParts: [],
    };
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (!page || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    if (typeof chunk === 'string')
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    takeMark();
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  response.end = ((...args: unknown[]) => {
    takeMark();
    collect(args[0], args[1]);
    const result = end(...args);
    if (page && keep) {
      const { nonce, ...kept } = page;
      keep({ ...kept, htmlParts: Buffer.concat(chunks).toString('utf8').split(nonce) });
    }
    return result;
  }) as ServerResponse['end'];
}
