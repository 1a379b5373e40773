/** Comparing a secret a caller sends with the configured one. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.ts';

/**
 * Whether `given` is `configured`, in constant time: both sides are hashed first, so neither the length nor the first
 * differing character of the configured secret shows in the answer time.
 */
export function isSameSecret(given: string, configured: string): boolean {
  const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(configured));
}

/**
 * The internal calls' check (ADR 030): the caller holds the INTERNAL_API_SECRET both apps share. 401 otherwise, and
 * always when the API has none configured.
 */
export function requireInternalApiSecret(given: string | undefined, configured: string | undefined): void {
  if (configured === undefined || given === undefined || !isSameSecret(given, configured)) {
    throw new AppError('UnauthorizedException', 'This call needs the internal API secret.');
  }
}
