import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  it('round-trips a bearer token with its space', () => {
    const header = serializeCookie('accessToken', 'Bearer abc.def', {
      httpOnly: true,
      secure: true,
      maxAgeSeconds: 60,
    });
    expect(header).toBe('accessToken=Bearer%20abc.def; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Lax');
    expect(parseCookies('a=1; accessToken=Bearer%20abc.def')).toEqual({ a: '1', accessToken: 'Bearer abc.def' });
  });

  it('expires a cookie', () => {
    expect(serializeCookie('refreshToken', '', { maxAgeSeconds: 0 })).toContain('Max-Age=0; Expires=Thu, 01 Jan 1970');
  });

  it('keeps the first of duplicate names and survives bad encoding', () => {
    expect(parseCookies('x=1; x=2; y=%E0%A4%A')).toEqual({ x: '1', y: '%E0%A4%A' });
  });
});
