/** Which modals apply to a page and a visitor (POST /api/Modal/GetModalRequest), kept pure for its tests. */
import type { ContentModal } from '@b2b/contract';

/**
 * True when `prefix` covers `path` segment by segment: `/` covers every page, `/cart` covers `/cart` and
 * `/cart/checkout` but not `/cartoon`. A trailing slash on the prefix changes nothing.
 */
export function isPathCoveredByPrefix(path: string, prefix: string): boolean {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return true;
  return path === trimmed || path.startsWith(`${trimmed}/`);
}

/** `anonymous` modals are for visitors without a login, `logged-in` ones for users, `everyone` for both. */
export function isAudienceMatched(audience: ContentModal['audience'], isLoggedIn: boolean): boolean {
  if (audience === 'everyone') return true;
  return (audience === 'logged-in') === isLoggedIn;
}
