/**
 * The login rate-limit rule (spec §8: "429 on login"), kept pure so it can be tested without a database.
 * Counters live in `login_attempts`, keyed per account and per client address.
 */
import { LOGIN_RATE_LIMIT } from './auth.constants.ts';

export type LoginRateLimitKeys = { account: string; clientAddress: string };

/** Counter keys for one attempt. The account key uses the normalised username, known to exist or not. */
export function loginRateLimitKeys(normalizedUsername: string, clientAddress: string): LoginRateLimitKeys {
  return { account: `user:${normalizedUsername}`, clientAddress: `ip:${clientAddress}` };
}

/** True when either counter has reached its limit within the current window: the attempt is refused with 429. */
export function isLoginRateLimited(failures: { account: number; clientAddress: number }): boolean {
  return (
    failures.account >= LOGIN_RATE_LIMIT.maxFailuresPerAccount ||
    failures.clientAddress >= LOGIN_RATE_LIMIT.maxFailuresPerClientAddress
  );
}

/** Start of the window that is still counting at `now`. */
export function loginWindowStart(now: Date): Date {
  return new Date(now.getTime() - LOGIN_RATE_LIMIT.windowMs);
}

/** Usernames are stored lower-case (packages/db users table); logins compare trimmed and lower-cased. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
