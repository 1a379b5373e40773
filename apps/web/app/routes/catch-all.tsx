import { lazy, Suspense } from 'react';
import { data, redirect, redirectDocument } from 'react-router';
import { getContentByUrl } from '~/features/content/content-by-url.server.ts';
import { sendContentForm } from '~/features/content/content-form.server.ts';
import { toContentPageView } from '~/features/content/content-page.server.ts';
import { toContentPath } from '~/features/content/content-path.ts';
import { contentRedirectOf } from '~/features/content/content-redirect.ts';
import { throwNotFoundOrRedirect } from '~/features/content/redirect.server.ts';
import { toUnavailableProductView } from '~/features/content/unavailable-product.server.ts';
import { loadProductPageData } from '~/features/product/product-page.server.ts';
import { ProductPage } from '~/features/product/product-page.tsx';
import { categorySkipLinksHandle } from '~/features/search/listing-skip-links.ts';
import { loadProductListing } from '~/features/search/product-listing.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { offerToAnonymousVisitors } from '~/lib/page-cache.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/catch-all';

// This route shows products, categories, content pages and products no longer sold; a first load fetches the product
// page's code only, and the others' when shown (issue 25: a product page fetched the listing and the content blocks,
// 12 kB). Each in a Suspense boundary, so the server renders it whole and the browser hydrates the rest of the page
// (the header) without waiting for its code; until then the part is the server's HTML, whose links and forms work.
const ContentBlocks = lazy(() =>
  import('~/features/content/content-blocks.tsx').then((module) => ({ default: module.ContentBlocks })),
);
const ContentPage = lazy(() =>
  import('~/features/content/content-page.tsx').then((module) => ({ default: module.ContentPage })),
);
const UnavailableProductPage = lazy(() =>
  import('~/features/content/unavailable-product.tsx').then((module) => ({ default: module.UnavailableProductPage })),
);
const CategoryListing = lazy(() =>
  import('~/features/search/category-listing.tsx').then((module) => ({ default: module.CategoryListing })),
);

/** The content path of this request (language prefix and query stripped, spec §2). */
function contentPathOf({ params, context }: Pick<Route.LoaderArgs, 'params' | 'context'>): string {
  return toContentPath(params['*'], getSession(context).area.languageCode);
}

/** A category page is a listing: "Skip to filters" and "Skip to results" beside "Skip to main content". */
export const handle = categorySkipLinksHandle;

/**
 * Any path no other route matches (public, spec §2): resolved as content by URL. Products, categories (with their
 * landing page's blocks above the listing), content pages and products no longer sold (their "not available" page,
 * HTTP 410) are shown here; redirects the content call answers are followed with their status; a page the visitor
 * may not open is the Forbidden page (403, content-by-url.server.ts); anything unknown asks for a stored redirect
 * (spec §2), else is the 404 page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  // Products, categories and content pages are the same for every anonymous visitor (a page with a form excepted).
  offerToAnonymousVisitors(context);
  const url = new URL(request.url);
  const path = contentPathOf(args);
  // only a language prefix was stripped (e.g. /en-GB): that is the front page
  if (path === '/') throw redirect(`/${url.search}`);

  const content = await getContentByUrl(context, path);
  if (content.status === 301 || content.status === 302) {
    // spec §2: followed with its status; an absolute target as a full page load, a path in-app
    const target = contentRedirectOf(content, { contentPath: path, pathname: url.pathname });
    if (target?.absolute) throw redirectDocument(target.url, target.status);
    if (target) throw redirect(target.url, target.status);
    return throwNotFoundOrRedirect(context, path);
  }
  if (content.contentType === 'product' && content.product) {
    return { kind: 'product' as const, ...(await loadProductPageData(context, content.product)) };
  }
  if (content.contentType === 'product' && content.unavailableProduct) {
    const product = await toUnavailableProductView(context, content.unavailableProduct);
    // 410 Gone: the product was sold here and is not any more (search engines drop the page)
    return data({ kind: 'unavailable' as const, product }, { status: 410 });
  }
  if (content.contentType === 'category' && content.category) {
    const [listing, landingPage] = await Promise.all([
      loadProductListing(args, { categoryId: content.category.id }),
      content.page ? toContentPageView(context, content.page) : null,
    ]);
    return { kind: 'category' as const, category: content.category, listing, landingPage };
  }
  if (content.contentType === 'page' && content.page) {
    return { kind: 'page' as const, page: await toContentPageView(context, content.page) };
  }
  return throwNotFoundOrRedirect(context, path);
}

/** The content forms of a page (contact, request an account) post here, so they work without scripts. */
export async function action(args: Route.ActionArgs) {
  const content = await getContentByUrl(args.context, contentPathOf(args));
  return sendContentForm(args, content.page);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return titleMeta(null);
  switch (loaderData.kind) {
    case 'product':
      return titleMeta(loaderData.product.name);
    case 'unavailable':
      return titleMeta(`${loaderData.product.name} is no longer available`);
    case 'category':
      return titleMeta(loaderData.category.name);
    case 'page':
      return [...titleMeta(loaderData.page.title), { name: 'description', content: loaderData.page.description }];
  }
}

export default function CatchAllRoute({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'product':
      return <ProductPage data={loaderData} />;
    case 'unavailable':
      return (
        <Suspense>
          <UnavailableProductPage product={loaderData.product} />
        </Suspense>
      );
    case 'page':
      return (
        <Suspense>
          <ContentPage page={loaderData.page} />
        </Suspense>
      );
    case 'category':
      return (
        <Suspense>
          {loaderData.landingPage ? (
            <div className="mb-10">
              <ContentBlocks blocks={loaderData.landingPage.blocks} />
            </div>
          ) : null}
          <CategoryListing category={loaderData.category} listing={loaderData.listing} />
        </Suspense>
      );
  }
}
