import { describe, expect, it } from 'vitest';
import { getJwtExpiry, isTokenExpiring, readJwtClaims } from './jwt.ts';

function fakeJwt(payload: object): string {
  return `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
}

describe('jwt expiry', () => {
  it('reads exp', () => {
    expect(getJwtExpiry(fakeJwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000);
    expect(getJwtExpiry('not-a-jwt')).toBeNull();
    expect(getJwtExpiry(fakeJwt({ sub: 'x' }))).toBeNull();
  });

  it('reads the claims of a JWT, and none of anything else', () => {
    expect(readJwtClaims(fakeJwt({ sub: 'rep', sid: 's' }))).toEqual({ sub: 'rep', sid: 's' });
    expect(readJwtClaims('not-a-jwt')).toBeNull();
    expect(readJwtClaims(`h.${Buffer.from('"text"').toString('base64url')}.s`)).toBeNull();
  });

  it('says whether a token expires within the margin', () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpiring(fakeJwt({ exp: now / 1000 + 30 }), now, 60)).toBe(true);
    expect(isTokenExpiring(fakeJwt({ exp: now / 1000 + 120 }), now, 60)).toBe(false);
    expect(isTokenExpiring(fakeJwt({ exp: now / 1000 - 1 }), now, 0)).toBe(true);
    expect(isTokenExpiring('opaque', now, 60)).toBe(false);
  });
});
