import { createContext } from 'react-router';

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
  /** spec §8: a 401 whose type is not InvalidCredentialsException resets the session and redirects to `/`. */
  isResetRequested: boolean;
  /**
   * The API refused the impersonation token during this request (the session was ended elsewhere, expired, or the
   * rep lost the customer): only that token is dropped, the rep's own stays (ADR 013), and the page reloads as the rep.
   */
  isImpersonationDropped: boolean;
};

export const authStateContext = createContext<AuthState>();

export function createAuthState(
  tokens: Partial<Pick<AuthState, 'accessToken' | 'refreshToken' | 'impersonationToken'>>,
): AuthState {
  return {
    accessToken: tokens.accessToken ?? null,
    refreshToken: tokens.refreshToken ?? null,
    impersonationToken: tokens.impersonationToken ?? null,
    isDirty: false,
    isResetRequested: false,
    isImpersonationDropped: false,
  };
}

/**
 * What a refused token (401, not InvalidCredentialsException) does to the session: the impersonation token is
 * dropped alone and the rep falls back to their own token (spec §4, ADR 013); any other token resets the session.
 */
export function handleRefusedToken(auth: AuthState, token: string): void {
  if (auth.impersonationToken && token === auth.impersonationToken) {
    auth.impersonationToken = null;
    auth.isImpersonationDropped = true;
    auth.isDirty = true;
    return;
  }
  auth.isResetRequested = true;
}
