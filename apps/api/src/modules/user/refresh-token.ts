/**
 * Refresh tokens are opaque strings; only their SHA-256 is stored (a database leak does not leak sessions). A login
 * starts a session with a random one; each rotation's successor is derived from the token it replaces
 * (`createSuccessorDerivation`), so the same successor can be answered again without being stored.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { REFRESH_TOKEN_BYTES, REFRESH_TOKEN_TTL_MS } from './auth.constants.ts';

/** Keeps the successors' key apart from the access tokens' key it is derived from (JWT_SECRET). */
const SUCCESSOR_KEY_LABEL = 'b2b refresh token successor v1';

/** A new random refresh token: 32 bytes, base64url. */
export function generateRefreshToken(): string {
  return randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
}

/** The stored form of a refresh token: lower-case hex SHA-256. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function refreshTokenExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + REFRESH_TOKEN_TTL_MS);
}

/** The refresh token that rotating a given one issues; the same every time for the same token. */
export type SuccessorDerivation = (refreshToken: string) => string;

/**
 * HMAC-SHA-256 of the presented token under a key derived from `secret` (the API's JWT_SECRET, shared by every
 * instance): 32 bytes in base64url, like a random token. Without the key, a successor cannot be told from a random
 * token nor computed from its predecessor (which only its holder has), and the database holds neither token, only
 * their hashes. With it, GetAccessToken answers a token presented again within the grace the successor it answered
 * the first time (ADR 011), instead of a second live pair.
 */
export function createSuccessorDerivation(secret: string): SuccessorDerivation {
  const key = createHmac('sha256', secret).update(SUCCESSOR_KEY_LABEL, 'utf8').digest();
  return (refreshToken) => createHmac('sha256', key).update(refreshToken, 'utf8').digest('base64url');
}
