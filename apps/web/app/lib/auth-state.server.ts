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
  };
}
