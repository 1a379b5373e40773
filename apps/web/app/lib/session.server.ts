import {
  ACCESS_TOKEN_COOKIE,
  type AreaInfo,
  BEARER_PREFIX,
  type Customer,
  DEFAULT_LANGUAGE_CODE,
  type GetUserResponse,
  IMPERSONATION_TOKEN_COOKIE,
  LOCALE_COOKIE,
  REFRESH_TOKEN_COOKIE,
  type TokenResponse,
  type User,
} from '@b2b/contract';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { LRUCache } from 'lru-cache';
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router';
import { ApiError, requestEndpoint } from './api.server.ts';
import { getAreaById } from './area.server.ts';
import { buildAreaInfo, getAreaIdFromHost, getHostName } from './area.ts';
import {
  type AuthState,
  authStateContext,
  countRefusedAccess,
  createAuthState,
  handleRefusedToken,
} from './auth-state.server.ts';
import { type WebConfig, webConfig } from './config.server.ts';
import { type CookieOptions, parseCookies, serializeCookie } from './cookies.ts';
import { toDisplayCurrency } from './currency.ts';
import {
  parseUnauthorizedCount,
  serializeUnauthorizedCount,
  UNAUTHORIZED_COUNT_COOKIE,
  UNAUTHORIZED_COUNT_COOKIE_MAX_AGE_SECONDS,
} from './events/unauthorized-counter.ts';
import { getJwtExpiry, isTokenExpiring, readJwtClaims } from './jwt.ts';
import { isLocaleCookieToRewrite, resolveLocale, serializeLocaleCookie } from './locale.ts';
import { IMPERSONATION_PATH } from './session-summary.ts';

/** What every loader and action may know about the caller. */
export type Session = {
  /** spec §4: an access token exists (and the user behind it could be loaded). */
  isLoggedIn: boolean;
  /** spec §4: an impersonation token exists. */
  isImpersonating: boolean;
  user: User | null;
  customer: Customer | null;
  /**
   * areaId from the host, languageCode the visitor's locale (lib/locale.ts: en-GB, the only language configured),
   * currencyCode = customer's when present else the area's (spec §1).
   */
  area: AreaInfo;
  /** The currency shown to people (USD variants → USD, XNOK → NOK). */
  displayCurrency: string;
};

export const sessionContext = createContext<Session>();

/** The caller's session; set by `sessionMiddleware` (root route) before any loader or action runs. */
export function getSession(context: Readonly<RouterContextProvider>): Session {
  return context.get(sessionContext);
}

/** Refresh the access token when it expires within this many seconds. */
const REFRESH_MARGIN_SECONDS = 60;
/** Cookie lifetime when a token carries no readable expiry. */
const DEFAULT_TOKEN_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/**
 * Refresh tokens rotate and a replayed one revokes its whole family (contract GetAccessToken). Requests that
 * arrive together with the same old cookie (parallel fetches, a second tab) must share one refresh, so the
 * result is kept a little while per process. Those that reach another server process refresh again; the API
 * answers a replay within 30 s of the rotation with the same successor (ADR 011).
 */
const REFRESH_RESULT_TTL_MS = 30_000;

/**
 * Paths of the static server routes (spec §2): they need neither a fresh token nor the user, so the middleware
 * does not call the API for them. Not /integrity/Check: it shows its detail to a logged-in back office.
 */
const STATIC_PATH_PREFIXES = ['/images/', '/files/', '/sitemap/', '/builds/', '/assets/'];

export function isStaticResourcePath(pathname: string): boolean {
  return STATIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === '/favicon.ico';
}

function stripBearer(value: string | undefined): string | null {
  if (!value) return null;
  const token = value.startsWith(BEARER_PREFIX) ? value.slice(BEARER_PREFIX.length) : value;
  return token.trim() || null;
}

/** Stores a fresh token pair for this session (login, refresh, change password); spec §4 clears impersonation on login. */
export function setAuthTokens(
  context: Readonly<RouterContextProvider>,
  tokens: TokenResponse,
  options: { keepImpersonation?: boolean } = {},
): void {
  const auth = context.get(authStateContext);
  auth.accessToken = tokens.accessToken;
  auth.refreshToken = tokens.refreshToken;
  if (!options.keepImpersonation) auth.impersonationToken = null;
  auth.isDirty = true;
}

/** spec §4: impersonation sets the impersonation token; from the next request on it authorises every call but Impersonate. */
export function setImpersonationToken(context: Readonly<RouterContextProvider>, token: string): void {
  const auth = context.get(authStateContext);
  auth.impersonationToken = token;
  auth.isDirty = true;
}

/** spec §4: ending impersonation clears its token; the rep's own access token authorises again. */
export function clearImpersonationToken(context: Readonly<RouterContextProvider>): void {
  const auth = context.get(authStateContext);
  auth.impersonationToken = null;
  auth.isDirty = true;
}

/**
 * Logout: ends the session at the API too (its refresh tokens are revoked, so a copied cookie is worthless; the
 * rep's running impersonation sessions end with it, ADR 013), then clears every token. The API's answer does not
 * matter: the user is logged out here either way.
 */
export async function endSession(context: Readonly<RouterContextProvider>): Promise<void> {
  await logOut(context.get(authStateContext));
}

async function logOut(auth: AuthState): Promise<void> {
  if (auth.refreshToken) {
    await requestEndpoint(userEndpoints.logout, { body: { refreshToken: auth.refreshToken } }).catch((error: unknown) =>
      console.warn('[logout] the API could not end the session', error),
    );
  }
  clearTokens(auth);
}

function clearTokens(auth: AuthState): void {
  auth.accessToken = null;
  auth.refreshToken = null;
  auth.impersonationToken = null;
  auth.isDirty = true;
}

/** Shared refreshes by old refresh token (10,000 entries at most: a burst of logins cannot grow it without bound). */
const refreshResults = new LRUCache<string, Promise<TokenResponse | null>>({
  max: 10_000,
  ttl: REFRESH_RESULT_TTL_MS,
});

/** Exchanges a refresh token for a new pair (rotation); null when the API refuses it. */
function refreshTokenPair(refreshToken: string): Promise<TokenResponse | null> {
  const cached = refreshResults.get(refreshToken);
  if (cached) return cached;
  const promise = requestEndpoint(userEndpoints.getAccessToken, { body: { refreshToken } }).catch((error: unknown) => {
    // A refused refresh token means the session is over; an unreachable API must not log people out.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    refreshResults.delete(refreshToken);
    throw error;
  });
  refreshResults.set(refreshToken, promise);
  return promise;
}

async function ensureFreshTokens(auth: AuthState, nowMs: number): Promise<void> {
  // An impersonation token is not refreshed (ADR 013): after its 8 hours the rep starts a new session.
  if (auth.impersonationToken && isTokenExpiring(auth.impersonationToken, nowMs, 0)) {
    handleRefusedToken(auth, auth.impersonationToken);
  }
  const needsRefresh = auth.accessToken
    ? isTokenExpiring(auth.accessToken, nowMs, REFRESH_MARGIN_SECONDS)
    : Boolean(auth.refreshToken);
  if (!needsRefresh) return;
  if (!auth.refreshToken) {
    if (auth.accessToken && isTokenExpiring(auth.accessToken, nowMs, 0)) clearTokens(auth);
    return;
  }
  try {
    const tokens = await refreshTokenPair(auth.refreshToken);
    if (tokens) {
      auth.accessToken = tokens.accessToken;
      auth.refreshToken = tokens.refreshToken;
      auth.isDirty = true;
    } else {
      clearTokens(auth);
    }
  } catch (error) {
    console.error('[session] token refresh failed', error);
    if (auth.accessToken && isTokenExpiring(auth.accessToken, nowMs, 0)) clearTokens(auth);
  }
}

/**
 * spec §4: "a mismatch between the user and the stored tokens triggers logout". The impersonation token belongs to
 * the rep's own login (ADR 013: its `sub` is the rep, its `sid` the rep's session), so it must name the same user and
 * session as the access token; an impersonation token without any login of the rep's is a mismatch too.
 */
export function hasMismatchedTokens(
  auth: Pick<AuthState, 'accessToken' | 'refreshToken' | 'impersonationToken'>,
): boolean {
  if (!auth.impersonationToken) return false;
  if (!auth.accessToken) return !auth.refreshToken;
  const impersonation = readJwtClaims(auth.impersonationToken);
  const access = readJwtClaims(auth.accessToken);
  if (!impersonation || !access) return true;
  if (impersonation.sub !== access.sub) return true;
  // A refreshed access token keeps its session id; another login has another one.
  return Boolean(impersonation.sid && access.sid && impersonation.sid !== access.sid);
}

/**
 * The user behind the current token; spec §4: a failure to load the user logs the user out. A refused impersonation
 * token is dropped alone and the rep's own token loads the rep (ADR 013: the session ended elsewhere or expired). A
 * refused access token is counted (spec §8, ADR 032) and first refreshed: one 401 alone (a token the API no longer
 * takes while its session runs) does not end the session; the second within the window does, and so does a refresh
 * the API refuses.
 */
async function loadUser(auth: AuthState, nowMs: number, refreshed = false): Promise<GetUserResponse | null> {
  try {
    return await requestEndpoint(userEndpoints.getUser, {}, { token: auth.impersonationToken ?? auth.accessToken });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && auth.impersonationToken) {
      handleRefusedToken(auth, auth.impersonationToken);
      return loadUser(auth, nowMs, refreshed);
    }
    if (error instanceof ApiError && error.status === 401 && !refreshed && auth.refreshToken) {
      if (countRefusedAccess(auth)) {
        clearTokens(auth);
        return null;
      }
      auth.accessToken = null;
      await ensureFreshTokens(auth, nowMs);
      return auth.accessToken ? loadUser(auth, nowMs, true) : null;
    }
    if (error instanceof ApiError && error.status === 401) countRefusedAccess(auth);
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      clearTokens(auth);
      return null;
    }
    // The API is down or failing: that is not the user's fault, so keep the cookies and show the error page.
    throw error;
  }
}

function isLoopbackHost(hostName: string): boolean {
  return hostName === 'localhost' || hostName.endsWith('.localhost') || hostName === '127.0.0.1' || hostName === '::1';
}

/**
 * Secure in production (architecture: "httpOnly, Secure (in production), SameSite=Lax"), except plain-http
 * loopback hosts so `npm start` works locally; COOKIE_SECURE=true|false overrides.
 */
export function shouldUseSecureCookies(
  request: Request,
  config: Pick<WebConfig, 'cookieSecure' | 'nodeEnv'> = webConfig,
): boolean {
  if (config.cookieSecure !== undefined) return config.cookieSecure;
  if (config.nodeEnv !== 'production') return false;
  const url = new URL(request.url);
  const forwardedProto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const isHttps = url.protocol === 'https:' || forwardedProto === 'https';
  return isHttps || !isLoopbackHost(getHostName(request.headers.get('host') ?? url.host));
}

function cookieMaxAge(token: string | null, nowMs: number): number {
  const exp = token ? getJwtExpiry(token) : null;
  return exp === null ? DEFAULT_TOKEN_COOKIE_MAX_AGE_SECONDS : Math.max(0, Math.floor(exp - nowMs / 1000));
}

/** The Set-Cookie headers that write `auth` back to the browser. */
export function serializeAuthCookies(auth: AuthState, secure: boolean, nowMs = Date.now()): string[] {
  const base: CookieOptions = { httpOnly: true, secure, sameSite: 'Lax', path: '/' };
  const expire = (name: string) => serializeCookie(name, '', { ...base, maxAgeSeconds: 0 });
  // The access cookie lives as long as the refresh token, so an expired access token can still be refreshed.
  const sessionMaxAge = cookieMaxAge(auth.refreshToken ?? auth.accessToken, nowMs);
  return [
    auth.accessToken
      ? serializeCookie(ACCESS_TOKEN_COOKIE, BEARER_PREFIX + auth.accessToken, {
          ...base,
          maxAgeSeconds: sessionMaxAge,
        })
      : expire(ACCESS_TOKEN_COOKIE),
    auth.refreshToken
      ? serializeCookie(REFRESH_TOKEN_COOKIE, auth.refreshToken, { ...base, maxAgeSeconds: sessionMaxAge })
      : expire(REFRESH_TOKEN_COOKIE),
    auth.impersonationToken
      ? serializeCookie(IMPERSONATION_TOKEN_COOKIE, auth.impersonationToken, {
          ...base,
          maxAgeSeconds: cookieMaxAge(auth.impersonationToken, nowMs),
        })
      : expire(IMPERSONATION_TOKEN_COOKIE),
  ];
}

/**
 * The 401 count's cookie (events/unauthorized-counter.ts): it lives a little longer than the counter's window, and is
 * expired once the count ended the session.
 */
function serializeUnauthorizedCountCookie(auth: AuthState, secure: boolean): string {
  const options: CookieOptions = { httpOnly: true, secure, sameSite: 'Lax', path: '/' };
  if (auth.isResetRequested || !auth.unauthorized) {
    return serializeCookie(UNAUTHORIZED_COUNT_COOKIE, '', { ...options, maxAgeSeconds: 0 });
  }
  return serializeCookie(UNAUTHORIZED_COUNT_COOKIE, serializeUnauthorizedCount(auth.unauthorized), {
    ...options,
    maxAgeSeconds: UNAUTHORIZED_COUNT_COOKIE_MAX_AGE_SECONDS,
  });
}

function buildSession(
  areaId: AreaInfo['areaId'],
  languageCode: string,
  auth: AuthState,
  loaded: GetUserResponse | null,
): Session {
  const isLoggedIn = Boolean(auth.accessToken) && loaded !== null;
  const isImpersonating = isLoggedIn && Boolean(auth.impersonationToken);
  const user = isLoggedIn ? (loaded?.user ?? null) : null;
  let customer = isLoggedIn ? (loaded?.customer ?? null) : null;
  if (isImpersonating && !customer && user) {
    // spec §4: during impersonation without a returned customer, the user stands in as the customer.
    customer = {
      customerNumber: user.customerNumber ?? '',
      name: user.name,
      areaId,
      currencyCode: buildAreaInfo(areaId).currencyCode,
      priceGroup: '',
      addresses: [],
    };
  }
  const area = buildAreaInfo(areaId, customer?.currencyCode, languageCode);
  return { isLoggedIn, isImpersonating, user, customer, area, displayCurrency: toDisplayCurrency(area.currencyCode) };
}

/** spec §4: leaving impersonation reloads the page; the rep lands where they can act for a customer again. */
function reloadAsSalesRep(): Response {
  return redirect(IMPERSONATION_PATH, { headers: { 'X-Remix-Revalidate': 'yes' } });
}

/**
 * The visitor's locale (spec §9 locale cookie, ADR 036): the cookie's language when the area's configuration names it,
 * else the area's own. Without the configuration (the API is unreachable) the spec's default, en-GB.
 */
async function readLocale(areaId: AreaInfo['areaId'], cookieValue: string | undefined): Promise<string> {
  try {
    return resolveLocale(cookieValue, await getAreaById(areaId));
  } catch (error) {
    console.error('[session] GetAreaById failed: the locale is the default one', error);
    return DEFAULT_LANGUAGE_CODE;
  }
}

/**
 * Root middleware: reads the token and locale cookies, refreshes an expiring access token, loads the user, exposes the
 * session to loaders and actions, and writes changed cookies on the way out. spec §8: a 401 whose type is not
 * InvalidCredentialsException is counted, and when this request's was the second within the window (ADR 032) the
 * session is reset and the visitor sent to `/`; a refused impersonation token only ends the impersonation (spec §4,
 * ADR 013).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const nowMs = Date.now();
  const cookies = parseCookies(request.headers.get('cookie'));
  const auth = createAuthState({
    accessToken: stripBearer(cookies[ACCESS_TOKEN_COOKIE]),
    refreshToken: cookies[REFRESH_TOKEN_COOKIE] || null,
    impersonationToken: stripBearer(cookies[IMPERSONATION_TOKEN_COOKIE]),
    unauthorized: parseUnauthorizedCount(cookies[UNAUTHORIZED_COUNT_COOKIE]),
  });
  context.set(authStateContext, auth);
  const areaId = getAreaIdFromHost(request.headers.get('host') ?? url.host);
  const localeCookie = cookies[LOCALE_COOKIE];

  let loaded: GetUserResponse | null = null;
  let locale = DEFAULT_LANGUAGE_CODE;
  if (!isStaticResourcePath(url.pathname)) {
    // spec §4 "changing locale resets the user": nothing of a user outlives a request here, the user is loaded anew
    // beside each request's locale (ADR 036).
    const localeRead = readLocale(areaId, localeCookie);
    await ensureFreshTokens(auth, nowMs);
    if (hasMismatchedTokens(auth)) {
      console.warn('[session] the impersonation token does not belong to this login: logging out');
      await logOut(auth);
    }
    if (auth.accessToken) loaded = await loadUser(auth, nowMs);
    locale = await localeRead;
  }
  context.set(sessionContext, buildSession(areaId, locale, auth, loaded));

  let response: Response;
  if (auth.isResetRequested) {
    // The second refused token of the window came with this request's own user load: the session is over already.
    response = redirect('/', { headers: { 'X-Remix-Revalidate': 'yes' } });
  } else if (auth.isImpersonationDropped) {
    // The impersonation ended before this request could use it: what it asked for was meant for the customer, so
    // it is not run as the rep.
    response = reloadAsSalesRep();
  } else {
    response = await next();
    if (auth.isResetRequested) {
      clearTokens(auth);
      // Revalidate every loader: the header must drop the user at once.
      response = redirect('/', { headers: { 'X-Remix-Revalidate': 'yes' } });
    } else if (auth.isImpersonationDropped) {
      response = reloadAsSalesRep();
    }
  }
  if (!isStaticResourcePath(url.pathname) && isLocaleCookieToRewrite(localeCookie, locale)) {
    // A language the area does not configure gives way to the area's (spec §1: en-GB forced).
    response = withSetCookie(response, [serializeLocaleCookie(locale, shouldUseSecureCookies(request))]);
  }
  const sessionCookies: string[] = [];
  if (auth.isDirty) sessionCookies.push(...serializeAuthCookies(auth, shouldUseSecureCookies(request), nowMs));
  if (auth.isUnauthorizedCountDirty) {
    sessionCookies.push(serializeUnauthorizedCountCookie(auth, shouldUseSecureCookies(request)));
  }
  if (sessionCookies.length > 0) {
    response = withSetCookie(response, sessionCookies);
  }
  return response;
};

/** `response` with the cookies appended. Redirect responses from `redirect()` are mutable; anything else whose
 * headers may be frozen is copied first. */
function withSetCookie(response: Response, cookies: string[]): Response {
  let answer = response;
  try {
    for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie);
  } catch {
    answer = new Response(response.body, response);
    for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie);
  }
  return answer;
}
