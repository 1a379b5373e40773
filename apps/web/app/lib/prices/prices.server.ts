import { DEFAULT_UNIT_OF_MEASURE, type GetPricesBody, MAX_LOOKUP_IDS, type ProductKey } from '@b2b/contract';
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { type PriceMap, priceKey } from './price-view.ts';

type PriceRequestKey = Pick<ProductKey, 'productId'> & Partial<Pick<ProductKey, 'variantId' | 'unitOfMeasure'>>;

/**
 * The caller's net prices (excluding VAT, in the session currency) for some products, keyed by `priceKey`.
 *
 * spec §1: prices are shown only to logged-in users, so for an anonymous visitor the API is not even asked and
 * the result is `null`: nothing price-like reaches the HTML or the loader data. spec §4 Price: a failed price
 * load is only logged; the page then shows no prices rather than an error.
 */
export async function loadPrices(
  context: Readonly<RouterContextProvider>,
  keys: readonly PriceRequestKey[],
): Promise<PriceMap | null> {
  const session = getSession(context);
  // A user without a customer (staff) has no prices: GetPrices would answer 403.
  if (!session.isLoggedIn || !session.customer) return null;
  const seen = new Set<string>();
  const products: ProductKey[] = [];
  for (const key of keys) {
    const id = priceKey(key.productId, key.variantId);
    if (seen.has(id)) continue;
    seen.add(id);
    products.push({
      productId: key.productId,
      variantId: key.variantId ?? null,
      unitOfMeasure: key.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE,
    });
  }
  const prices: PriceMap = {};
  if (products.length === 0) return prices;
  try {
    const body: GetPricesBody = {
      currencyCode: session.area.currencyCode,
      products: products.slice(0, MAX_LOOKUP_IDS),
    };
    const response = await getApi(context).call(priceEndpoints.getPrices, { body });
    for (const price of response.prices) {
      prices[priceKey(price.productId, price.variantId)] = {
        netPrice: price.netUnitPrice.priceWithoutVat,
        beforePrice: price.beforePrice,
        currencyCode: price.currencyCode || response.currencyCode,
      };
    }
  } catch (error) {
    console.error('[prices] GetPrices failed', error);
  }
  return prices;
}
