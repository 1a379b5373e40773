import { describe, expect, it } from 'vitest';
import { parseCookies } from '~/lib/cookies.ts';
import { isVersionDismissed, modalDismissalCookieName, serializeModalDismissalCookie } from './modal-dismissal.ts';

describe('modal dismissal', () => {
  it('remembers a dismissed `once` modal for a year, by id, holding its version', () => {
    const cookie = serializeModalDismissalCookie({ id: 'first-visit', version: 2 }, true);
    expect(cookie).toBe('modal-dismissed-first-visit=2; Path=/; Max-Age=31536000; Secure; SameSite=Lax');
    const stored = parseCookies(cookie.split(';')[0])[modalDismissalCookieName('first-visit')];
    expect(isVersionDismissed(stored, 2)).toBe(true);
    expect(isVersionDismissed(stored, 1)).toBe(true);
    // an edit that raises the version shows the modal again
    expect(isVersionDismissed(stored, 3)).toBe(false);
  });

  it('takes nothing but a version number as a dismissal', () => {
    for (const stored of [undefined, null, '', 'yes', '1.5', '-1', '9999999999']) {
      expect(isVersionDismissed(stored, 1)).toBe(false);
    }
  });
});
