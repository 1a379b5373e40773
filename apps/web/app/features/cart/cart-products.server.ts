import { lruCacheSource } from '@b2b/contract/cache-registry';
import type { Cart } from '@b2b/contract/cart';
import { MAX_LOOKUP_IDS } from '@b2b/contract/constants';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { LRUCache } from 'lru-cache';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { imagesByColour } from '~/lib/colour-images.ts';
import { getSession } from '~/lib/session.server.ts';
import { webCaches } from '~/lib/web-caches.server.ts';
import type { CartLineProduct } from './cart-line-product.ts';

/**
 * Products the web already knows, by area and item number: the `product-cart` form (name, url, images, variants). spec §4 Cart: "products of the cart not yet known are then loaded with the product-cart lookup
 * template" — a cart shown again, or the mini-cart after each change, asks only for products it has not seen.
 * Product data changes rarely and holds no price, so a few minutes are fine.
 */
const knownProducts = new LRUCache<string, CartLineProduct>({ max: 5_000, ttl: 5 * 60_000 });
const knownProductsLookups = webCaches.register(
  'cart-products',
  lruCacheSource(() => [knownProducts]),
);

/** The cart's products (top-level lines and sub-lines) by item number; unknown or failing ones are left out. */
export async function loadCartProducts(
  context: Readonly<RouterContextProvider>,
  cart: Pick<Cart, 'lines'>,
): Promise<Record<string, CartLineProduct>> {
  const { area } = getSession(context);
  const keyOf = (productId: string) => `${area.areaId}:${productId}`;
  const ids = [...new Set(cart.lines.map((line) => line.productKey.productId))];
  const unknown = ids.filter((id) => !knownProducts.has(keyOf(id)));
  for (const id of ids) knownProductsLookups.count(!unknown.includes(id));
  for (let start = 0; start < unknown.length; start += MAX_LOOKUP_IDS) {
    const chunk = unknown.slice(start, start + MAX_LOOKUP_IDS);
    try {
      const { items } = await getApi(context).call(productEndpoints.getProductsByIds, {
        body: { area, ids: chunk, lookupTemplate: 'product-cart' },
      });
      for (const product of Object.values(items)) {
        const image = product.media[0] ?? null;
        knownProducts.set(keyOf(product.id), {
          url: product.url,
          image: image ? { url: image.url, alt: image.alt } : null,
          colourImages: imagesByColour(product.media, product.variants),
          variants: product.variants.map((variant) => ({
            id: variant.id,
            size: variant.size,
            colour: variant.colour,
          })),
          maxLineQuantity: product.maxLineQuantity,
        });
      }
    } catch (error) {
      // The lines still show without picture and link; a 404 means none of them is sold any more.
      if (!(error instanceof ApiError)) throw error;
      if (error.status !== 404)
        console.error('[cart] GetProductsByIds (product-cart) failed', error.status, error.type);
    }
  }
  const products: Record<string, CartLineProduct> = {};
  for (const id of ids) {
    const product = knownProducts.get(keyOf(id));
    if (product) products[id] = product;
  }
  return products;
}
