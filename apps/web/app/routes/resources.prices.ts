import { type GetPricesBody, PRICE_CHUNK_SIZE, productKeySchema } from '@b2b/contract';
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import { data } from 'react-router';
import { getApi } from '~/lib/api.server.ts';
import type { PriceFetchResult } from '~/lib/prices/price-store.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/resources.prices';

const productKeysSchema = productKeySchema.array().min(1).max(PRICE_CHUNK_SIZE);

/**
 * The client price store's batch (spec §4 Price, §9: at most PRICE_CHUNK_SIZE keys): GetPrices for the caller's
 * customer in the session currency. Anonymous visitors get 401 and no price (spec §1).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  if (!session.isLoggedIn) return data({ prices: [] as PriceFetchResult[] }, { status: 401 });
  const payload = (await request.json().catch(() => null)) as { products?: unknown } | null;
  const parsed = productKeysSchema.safeParse(payload?.products);
  if (!parsed.success) return data({ prices: [] as PriceFetchResult[] }, { status: 400 });
  const body: GetPricesBody = { currencyCode: session.area.currencyCode, products: parsed.data };
  const response = await getApi(context).call(priceEndpoints.getPrices, { body });
  const prices: PriceFetchResult[] = response.prices.map((price) => ({
    productId: price.productId,
    variantId: price.variantId,
    unitOfMeasure: price.unitOfMeasure,
    netPrice: price.netUnitPrice.priceWithoutVat,
    beforePrice: price.beforePrice,
    currencyCode: price.currencyCode || response.currencyCode,
  }));
  return { prices };
}
