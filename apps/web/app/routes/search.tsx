import { listingSkipLinksHandle } from '~/features/search/listing-skip-links.ts';
import { loadProductListing } from '~/features/search/product-listing.server.ts';
import { ProductListing } from '~/features/search/product-listing.tsx';
import { titleMeta } from '~/lib/meta.ts';
import { offerToAnonymousVisitors } from '~/lib/page-cache.server.ts';
import type { Route } from './+types/search';

/** /search (public, spec §2/§6): facets, free text, sorting and paging in the query string. */
/** "Skip to filters" and "Skip to results" beside "Skip to main content" (WCAG 2.4.1). */
export const handle = listingSkipLinksHandle;

export async function loader(args: Route.LoaderArgs) {
  offerToAnonymousVisitors(args.context);
  return loadProductListing(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const q = loaderData?.state.q;
  return titleMeta(q ? `Search: ${q}` : 'Search');
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return <ProductListing data={loaderData} heading={<h1 className="text-2xl font-bold md:text-3xl">Search</h1>} />;
}
