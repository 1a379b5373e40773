/** Comparing a secret a caller sends with the configured one. */
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` is `configured`, in constant time: both sides are hashed first, so neither the length nor the first
 * differing character of the configured secret shows in the answer time.
 */
export function isSameSecret(given: string, configured: string): boolean {
  const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(configured));
}
