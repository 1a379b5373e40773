import type { Area, CampaignBanner } from '@b2b/contract';
import type { RouterContextProvider } from 'react-router';
import { getAreaById } from '~/lib/area.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { type BannerVisitor, bannersForVisitor } from './campaign-banners.ts';
import { loadCustomerCampaigns } from './campaigns.server.ts';

/** The visitor's view of the banners: their campaigns now (none without a customer). */
export async function loadBannerVisitor(context: Readonly<RouterContextProvider>): Promise<BannerVisitor> {
  const session = getSession(context);
  const campaigns = await loadCustomerCampaigns(context);
  return {
    hasCustomer: session.isLoggedIn && session.customer !== null,
    campaignIds: new Set(campaigns.map((campaign) => campaign.campaignId)),
  };
}

/** The banners of a product list (spec §3 area settings), as this visitor may see them. */
export type ListingBanners = {
  /** productListPageTopBannerCampaigns: above the list (search and deal pages). */
  top: CampaignBanner[];
  /** productPodBanners: among the product cards. */
  pods: CampaignBanner[];
};

/** The area's settings, or null when the area cannot be loaded (a list then shows no banners). */
export async function loadAreaSettings(context: Readonly<RouterContextProvider>): Promise<Area['settings'] | null> {
  try {
    return (await getAreaById(getSession(context).area.areaId)).settings;
  } catch (error) {
    console.error('[campaigns] GetAreaById failed; no banners on this page', error);
    return null;
  }
}

export async function loadListingBanners(context: Readonly<RouterContextProvider>): Promise<ListingBanners> {
  const [settings, visitor] = await Promise.all([loadAreaSettings(context), loadBannerVisitor(context)]);
  return {
    top: bannersForVisitor(settings?.productListPageTopBannerCampaigns ?? [], visitor),
    pods: bannersForVisitor(settings?.productPodBanners ?? [], visitor),
  };
}
