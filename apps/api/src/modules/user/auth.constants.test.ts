/**
 * The authentication numbers, written out next to the documents that state them, so that changing one fails here
 * and the document is changed with it (a constant compared with itself would pass whatever it held).
 */
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  LOGIN_RATE_LIMIT,
  RECOVERY_RATE_LIMIT,
  RECOVERY_TOKEN_TTL_MS,
  REFRESH_TOKEN_BYTES,
  REFRESH_TOKEN_TTL_MS,
} from './auth.constants.ts';

const MINUTE_MS = 60 * 1000;

describe('token lifetimes (docs/architecture.md, Authentication)', () => {
  // "an access token (JWT, HS256, 15 minutes) and a refresh token (random, 30 days, stored as a SHA-256 hash)"
  it('gives access tokens 15 minutes and refresh tokens 30 days', () => {
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(REFRESH_TOKEN_TTL_MS).toBe(2_592_000_000);
  });

  // 32 random bytes: 256 bits, beyond guessing; base64url makes them 43 characters.
  it('draws refresh tokens from 32 random bytes', () => {
    expect(REFRESH_TOKEN_BYTES).toBe(32);
  });
});

describe('login rate limit (ADR 006)', () => {
  // "5 failures per account or 20 per client address within 15 minutes"
  it('allows 5 failures per account and 20 per client address in 15 minutes', () => {
    expect(LOGIN_RATE_LIMIT).toEqual({
      windowMs: 15 * MINUTE_MS,
      maxFailuresPerAccount: 5,
      maxFailuresPerClientAddress: 20,
    });
  });
});

describe('password recovery (ADR 006 addendum)', () => {
  // password-recovery.ts: the token is "valid for an hour and once"; ADR 006: "3 per account and 20 per client address
  // an hour"
  it('keeps a link valid for an hour and allows 3 requests per account and 20 per address an hour', () => {
    expect(RECOVERY_TOKEN_TTL_MS).toBe(60 * MINUTE_MS);
    expect(RECOVERY_RATE_LIMIT).toEqual({ windowMs: 60 * MINUTE_MS, maxPerAccount: 3, maxPerClientAddress: 20 });
  });
});
