import type { Area } from '@b2b/contract';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '@b2b/contract/constants';
import { serializeCookie } from './cookies.ts';

/**
 * The languages an area configures (spec §3 Area settings): its own language first, then those its domains name.
 * Both areas configure English (en-GB) alone, so the locale is en-GB everywhere (spec §1: "only English is
 * configured"); a language an editor adds to the area's settings is offered without a change here.
 */
export function configuredLanguages(area: Pick<Area, 'languageCode' | 'settings'>): string[] {
  return [...new Set([area.languageCode, ...area.settings.domains.map((domain) => domain.language)])];
}

/**
 * The visitor's locale: the cookie's language when the area configures it, else the area's own (spec §1: forced to
 * en-GB). Matched without regard to case (`en-gb` is en-GB), answered in the configuration's spelling.
 */
export function resolveLocale(cookieValue: string | undefined, area: Pick<Area, 'languageCode' | 'settings'>): string {
  const wanted = cookieValue?.trim().toLowerCase();
  if (!wanted) return area.languageCode;
  return configuredLanguages(area).find((language) => language.toLowerCase() === wanted) ?? area.languageCode;
}

/**
 * Whether the request's cookie must be written again: it names a language the area does not configure (or another
 * spelling of one). A visitor without the cookie gets none: the area's language needs no cookie, and a page answered
 * without Set-Cookie may be kept for every anonymous visitor (ADR 021).
 */
export function isLocaleCookieToRewrite(cookieValue: string | undefined, locale: string): boolean {
  return cookieValue !== undefined && cookieValue !== locale;
}

/** spec §9: the locale cookie, valid 365 days, SameSite lax. Only the server reads it (ADR 001). */
export function serializeLocaleCookie(locale: string, secure: boolean): string {
  return serializeCookie(LOCALE_COOKIE, locale, {
    maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
    sameSite: 'Lax',
    httpOnly: true,
    secure,
    path: '/',
  });
}
