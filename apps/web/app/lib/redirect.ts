/**
 * The `redirect` query of /login (spec §2) sends people back where they wanted to go. Only same-site relative
 * paths starting with a single '/' are followed; anything else (absolute URLs, '//host', '/\host', control
 * characters) falls back to `fallback`, so the login page cannot be used as an open redirect.
 */
export function getSafeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const base = 'http://same-site.invalid';
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    // Never bounce back to the login or logout pages.
    if (url.pathname === '/login' || url.pathname === '/logout') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
