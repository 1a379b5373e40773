import type { RouterContextProvider } from 'react-router';
import type { CardCampaignData } from './campaign-levels.ts';
import { loadCustomerCampaigns } from './campaigns.server.ts';
import { loadDiscountSplashes } from './discount-splashes.server.ts';

/**
 * What a page rendered on the server needs to show its products' splashes and (logged in) campaign levels: one
 * GetDiscountSplashesByProductIds call for the page's products and the customer's campaigns, side by side.
 */
export async function loadCardCampaignData(
  context: Readonly<RouterContextProvider>,
  productIds: readonly string[],
): Promise<CardCampaignData> {
  const [splashes, campaigns] = await Promise.all([
    loadDiscountSplashes(context, productIds),
    loadCustomerCampaigns(context),
  ]);
  return { splashes, campaigns };
}
