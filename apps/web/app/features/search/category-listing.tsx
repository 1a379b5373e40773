import { lazy } from 'react';

/**
 * A category page with its listing (category-listing-view.tsx). Its code loads apart from the
 * page's first load (issue 12), see features/search/product-listing.tsx.
 */
export const CategoryListing = lazy(() =>
  import('./category-listing-view.tsx').then((module) => ({ default: module.CategoryListingView })),
);
