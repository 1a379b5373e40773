/**
 * Refresh tokens are opaque random strings; only their SHA-256 is stored (a database leak does not leak sessions).
 */
import { createHash, randomBytes } from 'node:crypto';
import { REFRESH_TOKEN_BYTES, REFRESH_TOKEN_TTL_MS } from './auth.constants.ts';

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
