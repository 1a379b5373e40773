import { UNAUTHORIZED_MAX_WAIT_MS } from '@b2b/contract/constants';
import { LRUCache } from 'lru-cache';
import { createContext } from 'react-router';
import { countUnauthorized, isWindowOpen, type UnauthorizedCount } from './events/unauthorized-counter.ts';

/**
 * The request's tokens, as read from (and to be written back to) the httpOnly cookies of spec §3/§4.
 * The session middleware creates one per request; the API client reads it; actions change it through
 * `setAuthTokens` / `endSession` (session.server.ts) and the middleware writes the cookies once, at the end.
 */
export type AuthState = {
  /** The raw JWT, without the "Bearer " prefix the cookie stores. */
  accessToken: string | null;
  refreshToken: string | null;
  impersonationToken: string | null;
  /** Set when the tokens changed during this request and the cookies must be rewritten. */
  isDirty: boolean;
  /**
   * spec §8: the second 401 (type not InvalidCredentialsException) within the counter's window resets the session and
   * redirects to `/` (events/unauthorized-counter.ts, ADR 032).
   */
  isResetRequested: boolean;
  /** The browser's 401 count as its cookie brought it, updated by this request's 401s. */
  unauthorized: UnauthorizedCount | null;
  /** Set when this request counted a 401 and the count's cookie must be rewritten. */
  isUnauthorizedCountDirty: boolean;
  /** The token the request came with that names the browser's session (its refresh token, else its access token). */
  countKey: string | null;
  /**
   * The API refused the impersonation token during this request (the session was ended elsewhere, expired, or the
   * rep lost the customer): only that token is dropped, the rep's own stays (ADR 013), and the page reloads as the rep.
   */
  isImpersonationDropped: boolean;
};

export const authStateContext = createContext<AuthState>();

export function createAuthState(
  tokens: Partial<Pick<AuthState, 'accessToken' | 'refreshToken' | 'impersonationToken' | 'unauthorized'>>,
): AuthState {
  return {
    accessToken: tokens.accessToken ?? null,
    refreshToken: tokens.refreshToken ?? null,
    impersonationToken: tokens.impersonationToken ?? null,
    isDirty: false,
    isResetRequested: false,
    isImpersonationDropped: false,
    unauthorized: tokens.unauthorized ?? null,
    isUnauthorizedCountDirty: false,
    countKey: tokens.refreshToken ?? tokens.accessToken ?? null,
  };
}

/**
 * The latest 401 count of each session in this process, by the token its requests came with: requests a browser sends
 * at the same moment all carry the count cookie as it was before any of them, so without this a burst of parallel
 * requests would count as one. Kept no longer than the counter's window.
 */
const recentCounts = new LRUCache<string, UnauthorizedCount>({ max: 10_000, ttl: UNAUTHORIZED_MAX_WAIT_MS });

/** Of the count the cookie brought and the one this process saw, the one still open with the most 401s. */
function latestCount(
  fromCookie: UnauthorizedCount | null,
  inProcess: UnauthorizedCount | undefined,
  nowMs: number,
): UnauthorizedCount | null {
  const open = [fromCookie, inProcess ?? null].filter((count) => isWindowOpen(count, nowMs));
  return open.sort((a, b) => (b?.count ?? 0) - (a?.count ?? 0))[0] ?? null;
}

/**
 * Counts one 401 of the user's own token (spec §4, §8); the second within the window requests the session's reset.
 * Returns whether this one did.
 */
export function countRefusedAccess(auth: AuthState, nowMs = Date.now()): boolean {
  const inProcess = auth.countKey ? recentCounts.get(auth.countKey) : undefined;
  const { state, logOut } = countUnauthorized(latestCount(auth.unauthorized, inProcess, nowMs), nowMs);
  if (auth.countKey) recentCounts.set(auth.countKey, state);
  auth.unauthorized = state;
  auth.isUnauthorizedCountDirty = true;
  if (logOut) auth.isResetRequested = true;
  return logOut;
}

/**
 * What a refused token (401, not InvalidCredentialsException) does to the session: the impersonation token is
 * dropped alone and the rep falls back to their own token (spec §4, ADR 013); any other token's refusal is counted,
 * and the second within the window resets the session (countRefusedAccess).
 */
export function handleRefusedToken(auth: AuthState, token: string): void {
  if (auth.impersonationToken && token === auth.impersonationToken) {
    auth.impersonationToken = null;
    auth.isImpersonationDropped = true;
    auth.isDirty = true;
    return;
  }
  countRefusedAccess(auth);
}
