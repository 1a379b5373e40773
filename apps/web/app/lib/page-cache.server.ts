/**
 * Pages kept for anonymous visitors (issue 12, ADR 021). The front page, listings, product and content pages are the
 * same for every anonymous visitor of an address, apart from the Content-Security-Policy nonce, and each cost the
 * web 8–19 ms of CPU and the API its calls. Like the content cache (content.server.ts), such a page is kept 3 seconds
 * per server process: a busy page is rendered once every few seconds, and edited content, stock and the search index
 * show almost at once. Each answer from the cache gets a fresh nonce, in its header and in its HTML.
 *
 * What keeps a page from reaching the wrong visitor, in three parts:
 * - Only a request whose every cookie the cache knows is answered from the cache or fills it (`pageCookiesOf`): a
 *   session's cookies (a logged-in buyer, one whose session expired, a sales rep) and any cookie it does not know
 *   are rendered for their visitor alone. It fails closed: a cookie added later bypasses the cache until it is listed
 *   here. The other cookies the server reads, the locale (spec §9, ADR 036) and a dismissed modal's, are part of the
 *   page's key, so two locales never share a page; the tag manager's own cookies, which only its scripts in the
 *   browser read, are left out of it.
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
import { lruCacheSource } from '@b2b/contract/cache-registry';
import { LOCALE_COOKIE } from '@b2b/contract/constants';
import { LRUCache } from 'lru-cache';
import { createContext, type RouterContextProvider } from 'react-router';
import { MODAL_DISMISSAL_COOKIE_PREFIX, parseCookies } from './cookies.ts';
import { createNonce } from './security-headers.server.ts';
import { webCaches } from './web-caches.server.ts';

/**
 * A kept page may have been rendered from a content answer (content.server.ts) or modals (modals.server.ts) up to 2 s
 * old: 3 s more keeps an editor's change within 5 s of its save for every visitor (issue 28).
 */
const PAGE_CACHE_TTL_MS = 3_000;
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

/**
 * Cookies the tag manager's scripts set in the browser (Google Analytics and Ads: `_ga`, `_ga_<stream>`, `_gid`,
 * `_gat…`, `_gcl_…`). No code of the shop reads them and a page is the same with or without them, so they neither
 * bypass the cache nor split its key: were they unknown, every visitor the tag manager had seen would be rendered.
 */
const TAG_MANAGER_COOKIE = /^(?:_ga|_ga_[A-Za-z0-9]+|_gid|_gat(?:_[A-Za-z0-9_-]+)?|_gcl_[a-z]+)$/;

/**
 * What of the request's cookies a page depends on, as part of the page's key: the locale (its texts and the language
 * of every API call, session.server.ts) and its dismissed modals (modals.server.ts leaves them out of the page). The
 * locale is keyed as it was sent: a value the area does not configure is rendered in the area's language and answered
 * with a Set-Cookie, so that page is never kept. Null when the page must be rendered for its visitor alone: a session cookie (the page
 * is its visitor's own, session.server.ts) or a cookie this function does not know. A new cookie the server reads
 * thus bypasses the cache until it is added here, as part of the key or as one that changes nothing; it can never be
 * answered a page rendered for a visitor without it.
 */
export function pageCookiesOf(header: string | undefined): string | null {
  if (!header) return '';
  const cookies = parseCookies(header);
  const keyed: string[] = [];
  for (const name of Object.keys(cookies).sort()) {
    if (name === LOCALE_COOKIE || name.startsWith(MODAL_DISMISSAL_COOKIE_PREFIX))
      keyed.push(`${name}=${cookies[name]}`);
    else if (!TAG_MANAGER_COOKIE.test(name)) return null;
  }
  return keyed.join('; ');
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
  const lookups = webCaches.register(
    'page',
    lruCacheSource(() => [pages]),
  );

  return function anonymousPageCache(request: IncomingMessage, response: ServerResponse, next: NextFunction): void {
    const pageCookies = pageCookiesOf(request.headers.cookie);
    if (request.method !== 'GET' || pageCookies === null) {
      watchAnswer(response, null);
      next();
      return;
    }
    const key = pageKeyOf(request, pageCookies);
    const isFreshPageAsked = asksForAFreshPage(request);
    const kept = isFreshPageAsked ? undefined : pages.get(key);
    if (!isFreshPageAsked) lookups.count(kept !== undefined);
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
