/**
 * Content by URL (spec §2: the storefront's catch-all route): a product URL gives the product, a category URL
 * the category with breadcrumbs and children, anything else status 404 (the storefront shows its 404 page).
 * Redirect look-ups are GetRedirectByUrl's job; this answers 200 or 404 only.
 */
import { type GetContentByUrlQuery, type GetContentByUrlResponse, SOLUTION_NAME } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { findProductByPath } from '../product/product.service.ts';
import type { CategoryNode } from '../search/category-tree.ts';
import type { SearchCatalogue } from '../search/search-catalogue.ts';
import { toContentPath } from './content-path.ts';

function toLink(category: CategoryNode) {
  return { id: category.id, name: category.name, url: category.url };
}

/** GET /api/Content/GetContentByUrl (public). */
export async function getContentByUrl(
  ctx: RequestContext,
  input: GetContentByUrlQuery,
  catalogue: SearchCatalogue,
): Promise<GetContentByUrlResponse> {
  const url = toContentPath(input.Url);
  const empty = { url, redirectUrl: null, product: null, category: null };

  if (url === '/') return { ...empty, status: 200, contentType: 'page', title: SOLUTION_NAME };

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
    };
  }

  const product = await findProductByPath(ctx, url, catalogue, input.LookupTemplate);
  if (product !== null) return { ...empty, status: 200, contentType: 'product', title: product.name, product };

  return { ...empty, status: 404, contentType: 'page', title: 'Page Not Found' };
}
