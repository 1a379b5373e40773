import { lazy } from 'react';

/**
 * A product listing with facets, free text, sorting and paging (spec §2 listing pages, §4 Search), used by /search
 * and by category pages: product-listing-view.tsx.
 *
 * Its code loads apart from the page's first load (issue 12), like the header's and the product and content pages':
 * the server renders it whole as before, so the first paint does not wait for it, and the browser fetches it when
 * hydration reaches it, then hydrates the page. On purpose without a Suspense boundary: a boundary around a large
 * part makes React move the part's HTML to the end of the document (revealed by a script), and a boundary still
 * waiting for its code when anything above it re-renders is rendered anew in the browser (the server's HTML thrown
 * away). Without one, hydration waits until the code is in and the page stays as the server sent it; a client
 * navigation (a transition) keeps the previous page on screen meanwhile.
 */
export const ProductListing = lazy(() =>
  import('./product-listing-view.tsx').then((module) => ({ default: module.ProductListingView })),
);
