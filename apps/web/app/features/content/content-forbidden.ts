/**
 * The Forbidden page's data (spec §8: "403 on content by url" → "Forbidden"): a content page the visitor may not open
 * (its `visibleTo`, issue 29). Browser-safe: the root's error boundary and its title read it.
 */
export const FORBIDDEN_TITLE = 'Forbidden';

/** What content-by-url.server.ts throws with the 403: the API's reason, which says what would let the visitor in. */
export type ForbiddenContentData = { reason: 'content-forbidden'; message: string };

export function forbiddenContentData(message: string): ForbiddenContentData {
  return { reason: 'content-forbidden', message };
}

/** The API's reason of a thrown 403's data, when it has one. */
export function forbiddenMessageOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { reason, message } = data as Partial<ForbiddenContentData>;
  return reason === 'content-forbidden' && typeof message === 'string' ? message : null;
}
