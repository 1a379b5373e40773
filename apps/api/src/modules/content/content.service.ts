/**
 * Content by URL (spec §2: the storefront's catch-all route). A path with a stored redirect answers it first (status
 * 301 or 302, contentType `redirect`, `redirectUrl` its target), as every route follows a redirect before it renders
 * (issue 29). Otherwise a category URL gives the category with breadcrumbs, children and its landing page, a content
 * path the content page (`/` the home page; HTTP 403 when the caller may not open it, content-access.ts), a product
 * URL the product — or, when the product is no longer sold, its "product not available" answer with alternatives —
 * and anything else status 404 (the storefront shows its 404 page).
 */
import {
  type GetContentByUrlQuery,
  type GetContentByUrlResponse,
  type LookupTemplate,
  SOLUTION_NAME,
  type UnavailableProduct,
} from '@b2b/contract';
import type { RedirectMap } from '@b2b/contract/redirect-map';
import { type RequestContext, readFromReplica } from '../../context.ts';
import { findProductByPath } from '../product/product.service.ts';
import type { CategoryNode } from '../search/category-tree.ts';
import { type ContentSources, findCarouselProducts } from './content-blocks.service.ts';
import type { DocumentScope } from './content-document.repository.ts';
import { findContentPage, findLandingPage } from './content-page.service.ts';
import { toContentPath } from './content-path.ts';
import {
  findAlternativeProductIds,
  findProductAvailabilityByUrl,
  type ProductAvailabilityRow,
} from './product-availability.repository.ts';
import { findRedirectChainEnd } from './redirect.service.ts';

/** How many alternatives the "product not available" page offers. */
const MAX_ALTERNATIVE_PRODUCTS = 8;

function toLink(category: CategoryNode) {
  return { id: category.id, name: category.name, url: category.url };
}

/** A discontinued product with sellable products of its category, in stock first. */
async function toUnavailableProduct(
  ctx: RequestContext,
  sources: ContentSources,
  product: ProductAvailabilityRow,
  template: LookupTemplate | undefined,
): Promise<UnavailableProduct> {
  const category = sources.catalogue.categories.get(product.categoryId);
  const ids = await findAlternativeProductIds(ctx.db, product.categoryId, product.id, MAX_ALTERNATIVE_PRODUCTS);
  const found = await findCarouselProducts(ctx, sources.catalogue, ids, template);
  return {
    id: product.id,
    name: product.name,
    url: product.url,
    reason: 'discontinued',
    discontinuedAt: product.discontinuedAt?.toISOString() ?? null,
    category: category === undefined ? null : toLink(category),
    alternatives: ids.flatMap((id) => found.get(id) ?? []),
  };
}

/** GET /api/Content/GetContentByUrl (public). */
export async function getContentByUrl(
  ctx: RequestContext,
  input: GetContentByUrlQuery,
  sources: ContentSources,
  redirectMap: RedirectMap,
): Promise<GetContentByUrlResponse> {
  const { catalogue } = sources;
  const url = toContentPath(input.Url);
  const scope: DocumentScope = { areaId: input['Area.AreaId'], languageCode: input['Area.LanguageCode'] };
  const template = input.LookupTemplate;
  const empty = { url, redirectUrl: null, product: null, category: null, page: null, unavailableProduct: null };

  // A redirect stored for the path wins over what the path still shows: an editor who redirects a page that still
  // exists means to move its visitors (the page stays editable and returns when the redirect is deleted). A loop
  // answers as if there were no redirect.
  const redirect = await findRedirectChainEnd(redirectMap, scope.areaId, url);
  if (redirect !== null) {
    return { ...empty, status: redirect.status, contentType: 'redirect', title: '', redirectUrl: redirect.url };
  }

  // Categories first: a landing page is stored at its root category's URL and answers as the category's page.
  const category = catalogue.categories.findByUrl(url);
  if (category !== undefined) {
    const path = catalogue.categories.listPath(category.id);
    return {
      ...empty,
      status: 200,
      contentType: 'category',
      title: category.name,
      category: {
        id: category.id,
        name: category.name,
        url: category.url,
        parentId: category.parentId,
        breadcrumbs: path.slice(0, -1).map(toLink),
        children: catalogue.categories.listChildren(category.id).map(toLink),
      },
      page: await findLandingPage(ctx, sources, scope, category.id, template),
    };
  }

  const page = await findContentPage(ctx, sources, scope, url, template);
  if (page !== null) return { ...empty, status: 200, contentType: 'page', title: page.title, page };
  // spec §2: the empty path is the home page; without a stored one the storefront shows its built-in front page.
  if (url === '/') return { ...empty, status: 200, contentType: 'page', title: SOLUTION_NAME };

  const availability = await findProductAvailabilityByUrl(ctx.db, url);
  if (availability?.discontinuedAt) {
    return {
      ...empty,
      status: 200,
      contentType: 'product',
      title: availability.name,
      unavailableProduct: await toUnavailableProduct(ctx, sources, availability, template),
    };
  }
  if (availability !== null) {
    // The product's page may be read from the read replica (ADR 042); one it has not replayed yet, from the primary.
    const product = await readFromReplica(ctx, (readCtx) => findProductByPath(readCtx, url, catalogue, template), {
      isMissing: (found) => found === null,
    });
    if (product !== null) return { ...empty, status: 200, contentType: 'product', title: product.name, product };
  }

  return { ...empty, status: 404, contentType: 'page', title: 'Page Not Found' };
}
