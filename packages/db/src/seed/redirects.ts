/**
 * Demo redirects (GetRedirectByUrl, spec §2): URLs of the shop's previous category tree and of ended campaigns that
 * links and search engines still hold. `fromPath` is already a content path (no language prefix, no query string,
 * no trailing slash), as the API compares it.
 */
import type { redirects } from '../schema.ts';

type SeedRedirect = Pick<typeof redirects.$inferInsert, 'fromPath' | 'toUrl' | 'status'>;

const SEED_REDIRECTS: readonly SeedRedirect[] = [
  // The previous category tree spelled its roots out; the categories moved for good.
  { fromPath: '/skateboards', toUrl: '/skate', status: 301 },
  { fromPath: '/skateboards/decks', toUrl: '/skate/decks', status: 301 },
  { fromPath: '/snowboarding/boards', toUrl: '/snow/snowboards', status: 301 },
  { fromPath: '/cycling/bmx', toUrl: '/bike/bmx-bikes', status: 301 },
  // An ended campaign page: its products are still found by search.
  { fromPath: '/summer-wetsuit-week', toUrl: '/search?q=wetsuit', status: 301 },
  // Temporary: the winter clearance page is being rebuilt; until then the snow category stands in.
  { fromPath: '/winter-clearance', toUrl: '/snow', status: 302 },
  // The careers pages live on their own site: an absolute target, followed with a full page load.
  { fromPath: '/careers', toUrl: 'https://careers.ridgeline.example/', status: 301 },
  // Two edits that point at each other (an editor's slip the storefront must survive: it shows its 404 page).
  { fromPath: '/outlet', toUrl: '/outlet-archive', status: 302 },
  { fromPath: '/outlet-archive', toUrl: '/outlet', status: 302 },
  // Short links printed in newsletters and catalogues (spec §2 /links/{links...}): temporary while a campaign runs,
  // permanent where the target page stays.
  { fromPath: '/links/newsletter/2026-11', toUrl: '/campaigns', status: 302 },
  { fromPath: '/links/catalogue/winter', toUrl: '/snow', status: 302 },
  { fromPath: '/links/request-account', toUrl: '/request-account', status: 301 },
];

/** A product no longer sold whose page now sends buyers to the one that took its place. */
export type ProductSuccession = { discontinuedUrl: string; successorUrl: string };

/**
 * The demo redirects, the same in every area, and one per product succession (permanent): the old product page is a
 * route the storefront matches, and the redirect wins over its "not available" page (spec §2, ADR 037).
 */
export function buildRedirectRows(
  areaIds: readonly string[],
  successions: readonly ProductSuccession[] = [],
): Array<typeof redirects.$inferInsert> {
  const productMoves: SeedRedirect[] = successions.map((succession) => ({
    fromPath: succession.discontinuedUrl,
    toUrl: succession.successorUrl,
    status: 301,
  }));
  return areaIds.flatMap((areaId) => [...SEED_REDIRECTS, ...productMoves].map((redirect) => ({ areaId, ...redirect })));
}
