import { lazy } from 'react';

/**
 * The product page (product-page-view.tsx). Its code loads apart from the
 * page's first load (issue 12), see features/search/product-listing.tsx.
 */
export const ProductPage = lazy(() =>
  import('./product-page-view.tsx').then((module) => ({ default: module.ProductPageView })),
);
