/**
 * The skip links of a product listing (/search, category pages; WCAG 2.4.1): besides the main content, a keyboard
 * user goes straight to the filters or to the results. The routes name them in their `handle` (lib/skip-links.ts).
 */
import type { SkipLinksHandle, SkipLinkTarget } from '~/lib/skip-links.ts';

/** The filters' heading beside the results; on a phone, where the filters are in a drawer, the drawer's button. */
export const FILTERS_TARGET_ID = 'filters';
/** The results' heading (read by screen readers only). */
export const RESULTS_TARGET_ID = 'results-heading';

const LISTING_SKIP_LINKS: readonly SkipLinkTarget[] = [
  { targetId: FILTERS_TARGET_ID, label: 'Skip to filters' },
  { targetId: RESULTS_TARGET_ID, label: 'Skip to results' },
];

/** For a route that always shows a listing (/search). */
export const listingSkipLinksHandle: SkipLinksHandle = { skipLinks: () => LISTING_SKIP_LINKS };

/** For the catch-all route: its page is a listing when it shows a category. */
export const categorySkipLinksHandle: SkipLinksHandle = {
  skipLinks: (loaderData) =>
    (loaderData as { kind?: string } | undefined)?.kind === 'category' ? LISTING_SKIP_LINKS : [],
};
