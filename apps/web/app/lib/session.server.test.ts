import { describe, expect, it } from 'vitest';
import { createAuthState } from './auth-state.server.ts';
import { isStaticResourcePath, serializeAuthCookies, shouldUseSecureCookies } from './session.server.ts';

const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`;

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
