import { data, redirect } from 'react-router';
import { findProductUrl } from '~/features/content/product-detail-page.server.ts';
import type { Route } from './+types/product-detail-page';

/**
 * /product-detail-page?id=<product or variant id> (spec §2, public): a permanent redirect to the product's canonical
 * page, where a product no longer sold shows its "not available" page. An unknown or missing id is the 404 page
 * ("Page Not Found: /product-detail-page?id=…").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  const url = id ? await findProductUrl(context, id) : null;
  if (!url) throw data(null, { status: 404 });
  throw redirect(url, 301);
}

/**
 * Never rendered (the loader always redirects or throws); having a component makes this a page route, so the 404
 * renders inside the layout through the root error boundary rather than as a bare resource response.
 */
export default function ProductDetailPageRoute() {
  return null;
}
