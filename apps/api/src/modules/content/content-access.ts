/**
 * Who may open a content page (issue 29, spec §8 "403 on content by url"): a page's `visibleTo` against the caller.
 * Pure, so the rule is tested apart from the database (content-access.test.ts).
 */
import type { ContentPageVisibility, Role } from '@b2b/contract';

/** The caller as far as the rule needs it: null for an anonymous visitor. */
export type ContentViewer = { roles: readonly Role[] } | null;

/**
 * Whether the viewer may open a page of this visibility. Back-office staff open every page: they check what they
 * published. A sales rep acting for a customer is still the rep (the context's user), so rep pages stay open.
 */
export function canOpenPage(visibleTo: ContentPageVisibility | undefined, viewer: ContentViewer): boolean {
  if (visibleTo === undefined || visibleTo === 'everyone') return true;
  if (viewer === null) return false;
  if (viewer.roles.includes('backoffice')) return true;
  if (visibleTo === 'logged-in') return true;
  return viewer.roles.includes('impersonation');
}

/** Why the page is refused, as the 403's message: what would let the caller in. */
export function refusalOf(visibleTo: ContentPageVisibility, viewer: ContentViewer): string {
  if (viewer === null) {
    return visibleTo === 'sales-reps'
      ? 'This page is for sales reps only. Log in to see it.'
      : 'This page is for logged-in customers only. Log in to see it.';
  }
  return 'This page is for sales reps only; your login does not give access to it.';
}
