import { redirect } from 'react-router';
import { getContentByUrl } from '~/features/product/content.server.ts';
import { toContentPath } from '~/features/product/content-path.ts';
import { loadProductPageData } from '~/features/product/product-page.server.ts';
import { ProductPage } from '~/features/product/product-page.tsx';
import { throwNotFoundOrRedirect } from '~/features/product/redirect.server.ts';
import { CategoryListing } from '~/features/search/category-listing.tsx';
import { loadProductListing } from '~/features/search/product-listing.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/catch-all';

/**
 * Any path no other route matches (public, spec §2): resolved as content by URL. Products and categories are
 * shown here; redirects are followed with their status; anything unknown asks for a stored redirect (spec §2),
 * else is the 404 page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const url = new URL(request.url);
  const path = toContentPath(params['*'], getSession(context).area.languageCode);
  // only a language prefix was stripped (e.g. /en-GB): that is the front page
  if (path === '/') throw redirect(`/${url.search}`);

  const content = await getContentByUrl(context, path);
  if (content.status === 301 || content.status === 302) {
    const target = content.redirectUrl;
    if (target && target !== path && target !== url.pathname) throw redirect(target, content.status);
    return throwNotFoundOrRedirect(context, path);
  }
  if (content.contentType === 'product' && content.product) {
    return { kind: 'product' as const, ...(await loadProductPageData(context, content.product)) };
  }
  if (content.contentType === 'category' && content.category) {
    const listing = await loadProductListing(args, { categoryId: content.category.id });
    return { kind: 'category' as const, category: content.category, listing };
  }
  // other content types (pages, campaigns) come with later issues
  return throwNotFoundOrRedirect(context, path);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return titleMeta(null);
  return titleMeta(loaderData.kind === 'product' ? loaderData.product.name : loaderData.category.name);
}

export default function CatchAllRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'product') return <ProductPage data={loaderData} />;
  return <CategoryListing category={loaderData.category} listing={loaderData.listing} />;
}
