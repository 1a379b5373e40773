import type { AreaInfo } from '@b2b/contract';
import { lruCacheSource } from '@b2b/contract/cache-registry';
import { DEFAULT_LANGUAGE_CODE } from '@b2b/contract/constants';
import { shippingEndpoints } from '@b2b/contract/endpoints/shipping';
import type { GetOrderTermsResponse } from '@b2b/contract/shipping';
import { LRUCache } from 'lru-cache';
import { requestEndpoint } from './api.server.ts';
import type { Session } from './session.server.ts';
import { fetchCounted, webCaches } from './web-caches.server.ts';

/**
 * The order terms (GET /api/Shipping/GetOrderTerms) depend on nothing but an area and a currency, and change as
 * rarely as the area's settings: each is kept a minute per process, like the areas, and asked without a token. The
 * cache holds the request, so concurrent pages share one; a failed request is not kept.
 */
const ORDER_TERMS_TTL_MS = 60_000;
const orderTermsCache = new LRUCache<string, GetOrderTermsResponse, Pick<AreaInfo, 'areaId' | 'currencyCode'>>({
  max: 50,
  ttl: ORDER_TERMS_TTL_MS,
  fetchMethod: (_key, _stale, { context: { areaId, currencyCode } }) =>
    requestEndpoint(shippingEndpoints.getOrderTerms, {
      query: {
        'AreaInfo.AreaId': areaId,
        'AreaInfo.LanguageCode': DEFAULT_LANGUAGE_CODE,
        'AreaInfo.CurrencyCode': currencyCode,
      },
    }),
});
const orderTermsCacheLookups = webCaches.register(
  'order-terms',
  lruCacheSource(() => [orderTermsCache]),
);

/**
 * The terms this visitor orders under (issue 24), so texts about money quote what the cart charges: a customer's
 * own area and currency (the cart is priced in those, whichever host the customer is on: a US buyer on the EU host
 * pays US freight in USD), else the host's area in its currency (spec §1).
 */
export async function getOrderTerms(session: Session): Promise<GetOrderTermsResponse> {
  const areaId = session.customer?.areaId ?? session.area.areaId;
  const { currencyCode } = session.area;
  const terms = await fetchCounted(orderTermsCache, orderTermsCacheLookups, `${areaId}|${currencyCode}`, {
    context: { areaId, currencyCode },
  });
  if (!terms) throw new Error(`GetOrderTerms answered nothing for ${areaId} in ${currencyCode}.`);
  return terms;
}
