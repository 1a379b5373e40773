import { LOCALE_COOKIE } from '@b2b/contract/constants';
import { describe, expect, it } from 'vitest';
import { configuredLanguages, isLocaleCookieToRewrite, resolveLocale, serializeLocaleCookie } from './locale.ts';

/** An area as GetAreaById answers it, with only what the locale reads. */
function area(languageCode: string, domainLanguages: string[]) {
  return {
    languageCode,
    settings: {
      domains: domainLanguages.map((language, index) => ({ language, domain: `d${index}.example`, isPrimary: false })),
    } as Parameters<typeof configuredLanguages>[0]['settings'],
  };
}

describe('the locale', () => {
  const english = area('en-GB', ['en-GB', 'en-GB']);
  const withDanish = area('en-GB', ['en-GB', 'da-DK']);

  it('is one of the languages the area configures: its own, then its domains’', () => {
    expect(configuredLanguages(english)).toEqual(['en-GB']);
    expect(configuredLanguages(withDanish)).toEqual(['en-GB', 'da-DK']);
  });

  it('is forced to the area’s language when the cookie names one the area does not configure (spec §1)', () => {
    expect(resolveLocale(undefined, english)).toBe('en-GB');
    expect(resolveLocale('', english)).toBe('en-GB');
    expect(resolveLocale('da-DK', english)).toBe('en-GB');
    expect(resolveLocale('<script>', english)).toBe('en-GB');
    expect(resolveLocale('da-dk', withDanish)).toBe('da-DK');
    expect(resolveLocale('en-gb', english)).toBe('en-GB');
  });

  it('writes the cookie again only when it names another language than the one in use', () => {
    expect(isLocaleCookieToRewrite(undefined, 'en-GB')).toBe(false);
    expect(isLocaleCookieToRewrite('en-GB', 'en-GB')).toBe(false);
    expect(isLocaleCookieToRewrite('da-DK', 'en-GB')).toBe(true);
    expect(isLocaleCookieToRewrite('en-gb', 'en-GB')).toBe(true);
  });

  // spec §9: "Locale cookie valid 365 days, SameSite lax."
  it('is kept in a cookie valid 365 days, SameSite lax', () => {
    expect(serializeLocaleCookie('en-GB', true)).toBe(
      `${LOCALE_COOKIE}=en-GB; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(serializeLocaleCookie('en-GB', false)).not.toContain('Secure');
  });
});
