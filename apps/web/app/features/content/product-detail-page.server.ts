import { productEndpoints } from '@b2b/contract/endpoints/product';
import type { RouterContextProvider } from 'react-router';
import { getApi, isApiError } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';

/** An item number as the API takes it (the contract's productIdSchema); anything else names no product. */
const ITEM_NUMBER = /^[A-Za-z0-9._-]{1,64}$/;

/** Products the search is asked for when the id is a variant's: its exact item number ranks it first. */
const VARIANT_SEARCH_TAKE = 5;

/**
 * The canonical URL of the product with this product or variant id (spec §2 `/product-detail-page`), or null when
 * none has it. GetProductsByIds knows product ids; a variant id is found through the search index, which holds
 * every variant's item number, and only an exact match counts.
 */
export async function findProductUrl(context: Readonly<RouterContextProvider>, id: string): Promise<string | null> {
  if (!ITEM_NUMBER.test(id)) return null;
  const api = getApi(context);
  const { area } = getSession(context);
  try {
    const { items } = await api.call(productEndpoints.getProductsByIds, { body: { area, ids: [id] } });
    const product = items[id];
    if (product) return product.url;
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  const result = await api.call(productEndpoints.getProductsBySearch, {
    body: { area, facets: [], skip: 0, take: VARIANT_SEARCH_TAKE, search: id },
  });
  const found = result.items.find(({ item }) => item.variants.some((variant) => variant.id === id));
  return found?.item.url ?? null;
}
