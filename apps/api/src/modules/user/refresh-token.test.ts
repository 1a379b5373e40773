import { describe, expect, it } from 'vitest';
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

  // docs/architecture.md (Authentication): "a refresh token (random, 30 days, stored as a SHA-256 hash)".
  it('expire 30 days after issue', () => {
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    expect(refreshTokenExpiry(issuedAt).getTime() - issuedAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(refreshTokenExpiry(issuedAt).toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});
