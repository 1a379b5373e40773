/**
 * Lifetimes and limits of authentication, in one place (the issue asks for them as named constants).
 * None of them comes from the spec; the reasons are in docs/decisions (token lifetimes and login rate limit).
 */

/** Access tokens (JWT, HS256) live 15 minutes; GetAccessToken exchanges a refresh token for a new one. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Refresh tokens live 30 days from their issue; each rotation issues a new one with a fresh 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A refresh token presented again this soon after its rotation gets the same successor it got the first time, instead
 * of ending the session as a replay: the same browser's requests that arrive together with the old cookie at two web
 * processes or hosts each refresh it (ADR 011). A copy used later than this is taken for a theft.
 */
export const REFRESH_TOKEN_REUSE_GRACE_MS = 30_000;

/** Random bytes in a refresh token (base64url-encoded: 43 characters). */
export const REFRESH_TOKEN_BYTES = 32;

/** Issuer and audience claims of our access tokens. */
export const TOKEN_ISSUER = 'b2b-api';
export const TOKEN_AUDIENCE = 'b2b-api';

/**
 * Login rate limit, counted in PostgreSQL (`login_attempts`) so all API instances share it: after this many failed
 * attempts within the window, Login answers 429 TooManyLoginAttemptsException (spec §8 "429 on login") until the
 * window has passed, even for the right password.
 */
export const LOGIN_RATE_LIMIT = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerClientAddress: 20,
} as const;

/** A password recovery link works this long, and once. */
export const RECOVERY_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * RecoverPassword is limited per account and per client address, counting every request (not only failures): each
 * one sends a mail, and an unlimited endpoint would let anyone flood a user's mailbox.
 */
export const RECOVERY_RATE_LIMIT = {
  windowMs: 60 * 60 * 1000,
  maxPerAccount: 3,
  maxPerClientAddress: 20,
} as const;
