import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_TTL_MS } from './auth.constants.ts';
import { generateRefreshToken, hashRefreshToken, refreshTokenExpiry } from './refresh-token.ts';

describe('refresh tokens', () => {
  it('are 32 random bytes in base64url and never repeat', () => {
    const first = generateRefreshToken();
    const second = generateRefreshToken();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
  });

  it('are stored as their sha-256 hex', () => {
    expect(hashRefreshToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('expire 30 days after issue', () => {
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    expect(refreshTokenExpiry(issuedAt).getTime() - issuedAt.getTime()).toBe(REFRESH_TOKEN_TTL_MS);
  });
});
