/**
 * Skip links (WCAG 2.4.1) beyond "Skip to main content": a route names the parts of its page a keyboard user wants to
 * reach at once (a listing: its filters and its results) in its `handle`, and the layout lists them at the top of the
 * page, where Tab starts. Read from the route matches, so the server renders them too.
 */
import { useMatches } from 'react-router';

export type SkipLinkTarget = {
  /** The id of the element the link moves the focus to (focusable: a control, or `tabIndex={-1}`). */
  targetId: string;
  label: string;
};

/** A route module's `handle` with skip links; `loaderData` is the route's, for pages that have them only sometimes. */
export type SkipLinksHandle = { skipLinks: (loaderData: unknown) => readonly SkipLinkTarget[] };

function hasSkipLinks(handle: unknown): handle is SkipLinksHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as SkipLinksHandle).skipLinks === 'function';
}

/** The skip links the matched routes name, outermost route first. */
export function usePageSkipLinks(): SkipLinkTarget[] {
  return useMatches().flatMap((match) => (hasSkipLinks(match.handle) ? match.handle.skipLinks(match.loaderData) : []));
}
