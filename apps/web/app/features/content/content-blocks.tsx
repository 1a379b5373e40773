import { lazy } from 'react';

/**
 * A content page's blocks (content-blocks-view.tsx). Their code loads apart from the page's first
 * load (issue 12), see features/search/product-listing.tsx.
 */
export const ContentBlocks = lazy(() =>
  import('./content-blocks-view.tsx').then((module) => ({ default: module.ContentBlocksView })),
);
