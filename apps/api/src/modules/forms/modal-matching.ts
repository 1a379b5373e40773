/** Which modals apply to a page and a visitor (POST /api/Modal/GetModalRequest), kept pure for its tests. */
/**
 * True when `prefix` covers `path` segment by segment: `/` covers every page, `/cart` covers `/cart` and
 * `/cart/checkout` but not `/cartoon`. A trailing slash on the prefix changes nothing.
 */
export function isPathCoveredByPrefix(path: string, prefix: string): boolean {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return true;
  return path === trimmed || path.startsWith(`${trimmed}/`);
}
