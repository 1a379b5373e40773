import { lazy } from 'react';

/**
 * The page of a product no longer sold (unavailable-product-view.tsx). Its code loads apart from the
 * page's first load (issue 12), see features/search/product-listing.tsx.
 */
export const UnavailableProductPage = lazy(() =>
  import('./unavailable-product-view.tsx').then((module) => ({ default: module.UnavailableProductPageView })),
);
