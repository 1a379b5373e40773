import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSuccessorDerivation,
  generateRefreshToken,
  hashRefreshToken,
  refreshTokenExpiry,
} from './refresh-token.ts';

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

  it("have successors derived from them: the same for the same token and key, a random token's shape", () => {
    const successorOf = createSuccessorDerivation('a-key-of-at-least-thirty-two-characters');
    const token = generateRefreshToken();
    const successor = successorOf(token);
    expect(successor).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(successorOf(token)).toBe(successor);
    expect(createSuccessorDerivation('a-key-of-at-least-thirty-two-characters')(token)).toBe(successor);
    expect(successorOf(generateRefreshToken())).not.toBe(successor);
    // another key (another shop's JWT_SECRET), another successor: the key is what makes it unguessable
    expect(createSuccessorDerivation('another-key-of-at-least-thirty-two-chars')(token)).not.toBe(successor);
    // not the plain HMAC of the token under JWT_SECRET itself: the successors' key is kept apart
    expect(successor).not.toBe(
      createHmac('sha256', 'a-key-of-at-least-thirty-two-characters').update(token).digest('base64url'),
    );
  });
});
