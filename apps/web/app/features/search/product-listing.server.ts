import {
  type DealPageType,
  type GetProductsBySearchBody,
  type Product,
  SEARCH_PAGE_SIZE,
  SORTING_OPTIONS,
} from '@b2b/contract';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { type RouterContextProvider, redirect } from 'react-router';
import { type ProductCardData, toProductCardData } from '~/components/product/product-card-data.ts';
import { getApi } from '~/lib/api.server.ts';
import { getAreaById } from '~/lib/area.server.ts';
import { loadListingBanners } from '~/lib/campaigns/campaign-banners.server.ts';
import { loadCardCampaignData } from '~/lib/campaigns/card-campaign-data.server.ts';
import { loadFavoriteMarks } from '~/lib/favorites/favorite-lists.server.ts';
import { favoriteKeysOfProduct } from '~/lib/favorites/favorite-marks.ts';
import { loadPrices } from '~/lib/prices/prices.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { type FacetView, type ProductListingData, toFacetOptionView } from './product-listing-data.ts';
import {
  buildSearchParams,
  type FacetDefinition,
  parseSearchParams,
  toSearchHref,
  toSearchRequest,
  totalPages,
} from './search-params.ts';

/** The facets of the area (spec §3 Area settings: defaultFacets); none when the area cannot be loaded. */
export async function getFacetDefinitions(context: Readonly<RouterContextProvider>): Promise<FacetDefinition[]> {
  const { area } = getSession(context);
  try {
    return (await getAreaById(area.areaId)).settings.defaultFacets;
  } catch (error) {
    console.error('[search] GetAreaById failed; searching without facets', error);
    return [];
  }
}

/**
 * Product cards for search results, with the caller's prices when logged in (spec §1), and the products' discount
 * splashes and the customer's campaign levels (issue 27), asked for side by side.
 */
async function toProductCards(
  context: Readonly<RouterContextProvider>,
  products: readonly Product[],
): Promise<ProductCardData[]> {
  const [prices, campaignData] = await Promise.all([
    loadPrices(
      context,
      products.map((product) => ({ productId: product.id, unitOfMeasure: product.unitOfMeasure })),
    ),
    loadCardCampaignData(
      context,
      products.map((product) => product.id),
    ),
  ]);
  return products.map((product) => toProductCardData(product, prices, campaignData));
}

/** The front page's newest arrivals: the first products in the default order (new stock date, latest first). */
export async function loadNewArrivals(
  context: Readonly<RouterContextProvider>,
  count: number,
): Promise<ProductCardData[]> {
  const { area } = getSession(context);
  const result = await getApi(context).call(productEndpoints.getProductsBySearch, {
    body: { area, facets: [], skip: 0, take: count, search: '', sorting: SORTING_OPTIONS[0]?.sortings },
  });
  return toProductCards(
    context,
    result.items.map(({ item }) => item),
  );
}

/** Same parameters and values, whatever their order or encoding. */
function haveSameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const list = (params: URLSearchParams) =>
    [...params]
      .map(([key, value]) => `${key}=${value}`)
      .sort()
      .join('&');
  return list(a) === list(b);
}

/**
 * Loader of a listing page (/search, category pages with `categoryId`, deal pages with `dealType`): reads the query (spec §2), asks
 * GetProductsBySearch for one page (spec §4: skip = (page − 1) × page size) and, only for logged-in users,
 * their prices (spec §1). A query that is not in canonical form (what a plain HTML form submits, empty or invalid
 * parameters) is redirected to the canonical URL, so every result page has one address.
 */
export async function loadProductListing(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  options: { categoryId?: string; dealType?: DealPageType } = {},
): Promise<ProductListingData> {
  const url = new URL(request.url);
  const session = getSession(context);
  const definitions = await getFacetDefinitions(context);
  const state = parseSearchParams(url.searchParams, definitions);
  if (!haveSameParams(url.searchParams, buildSearchParams(state))) {
    throw redirect(toSearchHref(url.pathname, state));
  }

  const body: GetProductsBySearchBody = {
    area: session.area,
    ...toSearchRequest(state, SEARCH_PAGE_SIZE),
    ...(options.categoryId && { categoryId: options.categoryId }),
    ...(options.dealType && { dealType: options.dealType }),
  };
  const [result, banners] = await Promise.all([
    getApi(context).call(productEndpoints.getProductsBySearch, { body }),
    loadListingBanners(context),
  ]);
  const found = result.items.map(({ item }) => item);
  // the cards' hearts: each product and each of its variants may be in the active favourite list (issue 26 §1)
  const [products, favorites] = await Promise.all([
    toProductCards(context, found),
    loadFavoriteMarks(context, found.flatMap(favoriteKeysOfProduct)),
  ]);

  const facets: FacetView[] = [];
  for (const option of result.facetOptions) {
    const definition = state.definitions.find((candidate) => candidate.field === option.field);
    if (definition) {
      facets.push({ ...option, queryField: definition.queryField, options: option.options.map(toFacetOptionView) });
    }
  }

  return {
    state,
    pathname: url.pathname,
    facets,
    products,
    itemsTotal: result.itemsTotal,
    pageCount: totalPages(result.itemsTotal, SEARCH_PAGE_SIZE),
    isLoggedIn: session.isLoggedIn,
    favorites,
    didYouMean: result.didYouMean,
    nearestCategories: result.nearestCategories,
    banners,
  };
}
