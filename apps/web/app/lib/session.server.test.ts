import { describe, expect, it } from 'vitest';
import { createAuthState } from './auth-state.server.ts';
import {
  hasMismatchedTokens,
  isStaticResourcePath,
  serializeAuthCookies,
  shouldUseSecureCookies,
} from './session.server.ts';

const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`;
const tokenOf = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('auth cookies (spec §3, §4)', () => {
  it('stores the access token with the "Bearer " prefix, httpOnly, SameSite=Lax, path /', () => {
    const now = 1_700_000_000_000;
    const auth = createAuthState({ accessToken: jwt(now / 1000 + 900), refreshToken: jwt(now / 1000 + 3600) });
    const [access, refresh, impersonation] = serializeAuthCookies(auth, true, now);
    expect(access).toMatch(/^accessToken=Bearer%20h\..+; Path=\/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax$/);
    expect(refresh).toMatch(/^refreshToken=h\./);
    expect(refresh).toContain('Max-Age=3600; HttpOnly; Secure; SameSite=Lax');
    expect(impersonation).toMatch(/^impersonationAuthToken=; Path=\/; Max-Age=0; Expires=/);
  });

  it('expires every cookie after logout', () => {
    const cookies = serializeAuthCookies(createAuthState({}), false);
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual([
      'accessToken',
      'refreshToken',
      'impersonationAuthToken',
    ]);
    for (const cookie of cookies) {
      expect(cookie).toContain('Max-Age=0');
      expect(cookie).not.toContain('Secure');
    }
  });
});

describe('shouldUseSecureCookies', () => {
  it('is Secure in production except plain-http loopback hosts; COOKIE_SECURE forces it either way', () => {
    const production = { nodeEnv: 'production', cookieSecure: undefined } as const;
    expect(shouldUseSecureCookies(new Request('http://shop.example.com/'), production)).toBe(true);
    expect(shouldUseSecureCookies(new Request('http://localhost:3000/'), production)).toBe(false);
    expect(shouldUseSecureCookies(new Request('https://localhost:3000/'), production)).toBe(true);
    const development = { nodeEnv: 'development', cookieSecure: undefined } as const;
    expect(shouldUseSecureCookies(new Request('http://shop.example.com/'), development)).toBe(false);
    expect(shouldUseSecureCookies(new Request('http://localhost/'), { ...development, cookieSecure: true })).toBe(true);
    expect(
      shouldUseSecureCookies(new Request('https://shop.example.com/'), { ...production, cookieSecure: false }),
    ).toBe(false);
  });
});

describe('isStaticResourcePath', () => {
  it('skips the API for static server routes only', () => {
    expect(isStaticResourcePath('/images/raw/abc')).toBe(true);
    expect(isStaticResourcePath('/customer-center')).toBe(false);
    expect(isStaticResourcePath('/imagesX')).toBe(false);
  });
});

describe('hasMismatchedTokens (spec §4: a mismatch between the user and the stored tokens logs out)', () => {
  const rep = 'a0000000-0000-4000-8000-000000000001';
  const session = 'b0000000-0000-4000-8000-000000000001';
  const access = tokenOf({ sub: rep, sid: session });

  it('accepts no impersonation token, or one of the same user and session', () => {
    expect(hasMismatchedTokens({ accessToken: access, refreshToken: 'r', impersonationToken: null })).toBe(false);
    const acting = tokenOf({ sub: rep, sid: session, actingForCustomerId: 'c' });
    expect(hasMismatchedTokens({ accessToken: access, refreshToken: 'r', impersonationToken: acting })).toBe(false);
  });

  it('an access token about to be refreshed (none in the cookie, a refresh token) is no mismatch', () => {
    const acting = tokenOf({ sub: rep, sid: session });
    expect(hasMismatchedTokens({ accessToken: null, refreshToken: 'r', impersonationToken: acting })).toBe(false);
  });

  it('refuses an impersonation token of another user, of another login, unreadable, or without any login', () => {
    const other = tokenOf({ sub: 'a0000000-0000-4000-8000-000000000002', sid: session });
    expect(hasMismatchedTokens({ accessToken: access, refreshToken: 'r', impersonationToken: other })).toBe(true);
    const otherLogin = tokenOf({ sub: rep, sid: 'b0000000-0000-4000-8000-000000000002' });
    expect(hasMismatchedTokens({ accessToken: access, refreshToken: 'r', impersonationToken: otherLogin })).toBe(true);
    expect(hasMismatchedTokens({ accessToken: access, refreshToken: 'r', impersonationToken: 'opaque' })).toBe(true);
    expect(hasMismatchedTokens({ accessToken: null, refreshToken: null, impersonationToken: access })).toBe(true);
  });
});
