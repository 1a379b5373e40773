/**
 * spec §2 routing rules: content pages are resolved by URL path — the language prefix and the query string are
 * stripped, and an empty path means `/`.
 */

/** A language prefix such as `/en-GB` (also `/en` or `/en-gb`), as the first path segment only. */
const LANGUAGE_PREFIX = /^\/[a-z]{2}(?:-[a-z]{2})?(?=\/|$)/i;

/** The path a URL names, ready to compare with product and category URLs. */
export function toContentPath(url: string): string {
  let path = url.trim();
  // An absolute URL: keep its path only.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
  if (absolute) path = path.slice(absolute[0].length);
  path = path.replace(/[?#].*$/s, '');
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape: compare the path as given.
  }
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  path = path.replace(LANGUAGE_PREFIX, '');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
