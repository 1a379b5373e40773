import type { UnavailableProduct } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { toProductCardData } from '~/components/product/product-card-data.ts';
import { loadCardCampaignData } from '~/lib/campaigns/card-campaign-data.server.ts';
import { loadPrices } from '~/lib/prices/prices.server.ts';
import type { UnavailableProductView } from './unavailable-product-data.ts';

/** The "product not available" page's data: the alternatives as product cards, priced only when logged in. */
export async function toUnavailableProductView(
  context: Readonly<RouterContextProvider>,
  product: UnavailableProduct,
): Promise<UnavailableProductView> {
  const [prices, campaignData] = await Promise.all([
    loadPrices(
      context,
      product.alternatives.map((alternative) => ({
        productId: alternative.id,
        unitOfMeasure: alternative.unitOfMeasure,
      })),
    ),
    loadCardCampaignData(
      context,
      product.alternatives.map((alternative) => alternative.id),
    ),
  ]);
  return {
    id: product.id,
    name: product.name,
    reason: product.reason,
    discontinuedAt: product.discontinuedAt,
    category: product.category,
    alternatives: product.alternatives.map((alternative) => toProductCardData(alternative, prices, campaignData)),
  };
}
