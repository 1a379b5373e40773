import type { AreaInfo } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { callApi } from './shop-api.ts';
import type { APIRequestContext } from './test.ts';

/** Empties the user's cart of the area through the API; answers the cart id. */
export async function emptyCartThroughApi(request: APIRequestContext, token: string, area: AreaInfo): Promise<string> {
  const { cart } = await callApi(request, cartEndpoints.getOrCreateCart, { token, body: { area } });
  await callApi(request, cartEndpoints.emptyCart, { token, body: { area, cartId: cart.cartId } });
  return cart.cartId;
}

/** The user's cart of the area holding only `quantity` of the first jacket variant found, through the API; answers the cart id. */
export async function cartWithOneJacket(
  request: APIRequestContext,
  token: string,
  area: AreaInfo,
  quantity: number,
): Promise<string> {
  const cartId = await emptyCartThroughApi(request, token, area);
  const { items } = await callApi(request, productEndpoints.getProductsBySearch, {
    token,
    body: { area, facets: [], skip: 0, take: 24, search: 'jacket' },
  });
  const [product] = items.map(({ item }) => item).filter((item) => item.variants.length > 0);
  const variant = product?.variants[0];
  if (!product || !variant) throw new Error('no jacket found');
  await callApi(request, cartEndpoints.addOrUpdateLines, {
    token,
    body: { area, cartId, lines: [{ productKey: { productId: product.id, variantId: variant.id }, quantity }] },
  });
  return cartId;
}
