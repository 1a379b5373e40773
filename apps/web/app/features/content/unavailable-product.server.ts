import type { UnavailableProduct } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { toProductCardData } from '~/components/product/product-card-data.ts';
import { loadPrices } from '~/lib/prices/prices.server.ts';
import type { UnavailableProductView } from './unavailable-product-data.ts';

/** The "product not available" page's data: the alternatives as product cards, priced only when logged in. */
export async function toUnavailableProductView(
  context: Readonly<RouterContextProvider>,
  product: UnavailableProduct,
): Promise<UnavailableProductView> {
  const prices = await loadPrices(
    context,
    product.alternatives.map((alternative) => ({
      productId: alternative.id,
      unitOfMeasure: alternative.unitOfMeasure,
    })),
  );
  return {
    id: product.id,
    name: product.name,
    reason: product.reason,
    discontinuedAt: product.discontinuedAt,
    category: product.category,
    alternatives: product.alternatives.map((alternative) => toProductCardData(alternative, prices)),
  };
}
