import { type Campaign, MAX_LOOKUP_IDS, type Product } from '@b2b/contract';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import type { RouterContextProvider } from 'react-router';
import { type ProductCardData, toProductCardData } from '~/components/product/product-card-data.ts';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { loadCustomerCampaigns } from '~/lib/campaigns/campaigns.server.ts';
import { loadPrices } from '~/lib/prices/prices.server.ts';
import { getSession } from '~/lib/session.server.ts';

/** Cards a campaign shows on /campaigns; the rest are on its deal page. */
export const CAMPAIGN_PRODUCTS_SHOWN = 4;

export type CampaignView = {
  campaignId: string;
  name: string;
  description: string;
  campaignType: Campaign['campaignType'];
  validFrom: string;
  validTo: string;
  campaignQuantities: Campaign['campaignQuantities'];
  bannerImageUrl: string | null;
  productCount: number;
  products: ProductCardData[];
};

/** What /campaigns shows: who is looking, and a customer's campaigns with a few of each one's products. */
export type CampaignsPageData =
  | { kind: 'anonymous' }
  | { kind: 'no-customer'; isSalesRep: boolean }
  | { kind: 'customer'; campaigns: CampaignView[] };

/** Products by id (GetProductsByIds, in chunks the API takes); ids it does not know are left out. */
async function loadProductsById(
  context: Readonly<RouterContextProvider>,
  ids: readonly string[],
): Promise<Map<string, Product>> {
  const { area } = getSession(context);
  const found = new Map<string, Product>();
  for (let start = 0; start < ids.length; start += MAX_LOOKUP_IDS) {
    try {
      const { items } = await getApi(context).call(productEndpoints.getProductsByIds, {
        body: { area, ids: ids.slice(start, start + MAX_LOOKUP_IDS) },
      });
      for (const product of Object.values(items)) found.set(product.id, product);
    } catch (error) {
      // 404: none of these products exists (any more); the campaign then shows no cards
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return found;
}

/** /campaigns: the customer's campaigns (the list `loadCustomerCampaigns` keeps), each with its first products. */
export async function loadCampaignsPage(context: Readonly<RouterContextProvider>): Promise<CampaignsPageData> {
  const session = getSession(context);
  if (!session.isLoggedIn) return { kind: 'anonymous' };
  if (!session.customer)
    return { kind: 'no-customer', isSalesRep: session.user?.roles.includes('impersonation') ?? false };
  const campaigns = await loadCustomerCampaigns(context);
  const shownIds = [...new Set(campaigns.flatMap((campaign) => campaign.items.slice(0, CAMPAIGN_PRODUCTS_SHOWN)))];
  const products = shownIds.length > 0 ? await loadProductsById(context, shownIds) : new Map<string, Product>();
  const prices = await loadPrices(
    context,
    [...products.values()].map((product) => ({ productId: product.id, unitOfMeasure: product.unitOfMeasure })),
  );
  return {
    kind: 'customer',
    campaigns: campaigns.map((campaign) => ({
      campaignId: campaign.campaignId,
      name: campaign.name,
      description: campaign.description,
      campaignType: campaign.campaignType,
      validFrom: campaign.validFrom,
      validTo: campaign.validTo,
      campaignQuantities: campaign.campaignQuantities,
      bannerImageUrl: campaign.bannerImageUrl,
      productCount: campaign.items.length,
      products: campaign.items.slice(0, CAMPAIGN_PRODUCTS_SHOWN).flatMap((id) => {
        const product = products.get(id);
        return product ? [toProductCardData(product, prices)] : [];
      }),
    })),
  };
}
