/**
 * What product cards, the product page, cart lines and quick-order rows say about campaign levels (issue 27, ADR 029).
 * Pure and browser-safe: the level rule comes from the contract's campaign-rules, which imports nothing but types.
 */

import type { Campaign, CampaignQuantity, CampaignType, CartLineCampaign } from '@b2b/contract/campaign';
import { campaignLevelByQuantity, quantityToNextLevel } from '@b2b/contract/campaign-rules';
import { formatCount } from '~/lib/format.ts';
import type { SplashMap } from './splash-view.ts';

/** A campaign holding a product, as a card or the product page shows it: levels lowest first, 0 % levels left out. */
export type ProductCampaignView = {
  campaignId: string;
  name: string;
  campaignType: CampaignType;
  /** Lowest minimumQuantity first: the order a buyer climbs them (stored highest first, ADR 029). */
  levels: CampaignQuantity[];
};

/** "10 %" or "12.5 %": the percentage as the shop writes it (a space before the sign). */
export function formatPercentage(percentage: number): string {
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(percentage)} %`;
}

/** "10 % from 12 pcs · 15 % from 24 pcs" (issue 27), lowest level first. */
export function formatLevels(levels: readonly CampaignQuantity[]): string {
  return levels
    .map((level) => `${formatPercentage(level.discountPercentage)} from ${formatCount(level.minimumQuantity)} pcs`)
    .join(' · ');
}

/** The customer's campaigns holding the product, each with the levels that give something, lowest first. */
export function productCampaigns(campaigns: readonly Campaign[], productId: string): ProductCampaignView[] {
  return campaigns
    .filter((campaign) => campaign.items.includes(productId))
    .map((campaign) => ({
      campaignId: campaign.campaignId,
      name: campaign.name,
      campaignType: campaign.campaignType,
      levels: [...campaign.campaignQuantities]
        .filter((level) => level.discountPercentage > 0)
        .sort((a, b) => a.minimumQuantity - b.minimumQuantity),
    }))
    .filter((campaign) => campaign.levels.length > 0);
}

/** What the quantity counts toward: this product (Campaign) or the campaign's whole range (MixMatch). */
function rangeText(campaignType: CampaignType, name: string): string {
  return campaignType === 'MixMatch' ? `of the ${name} range` : 'of this product';
}

/** The next level's nudge: "Add 3 more of the Summer mix & match range for 15 %"; null when there is none. */
export type NextLevelNudge = { quantity: number; sentence: string };

export function nextLevelNudge(
  campaign: Pick<CartLineCampaign, 'name' | 'campaignType' | 'nextLevel' | 'quantityToNextLevel'>,
): NextLevelNudge | null {
  const { nextLevel, quantityToNextLevel: missing } = campaign;
  if (!nextLevel || missing === null || missing < 1) return null;
  return {
    quantity: missing,
    sentence: `Add ${formatCount(missing)} more ${rangeText(campaign.campaignType, campaign.name)} for ${formatPercentage(nextLevel.discountPercentage)}`,
  };
}

/** Which campaign level priced the line: "Summer mix & match: 10 % from 12 pcs"; null when none is reached. */
export function appliedLevelText(campaign: Pick<CartLineCampaign, 'name' | 'currentLevel'>): string | null {
  if (!campaign.currentLevel) return null;
  return `${campaign.name}: ${formatLevels([campaign.currentLevel])}`;
}

/**
 * A quick-order row's campaign as a cart line would carry it, computed in the browser (the row has no calculated
 * line): the best campaign of the customer holding the product at the row's quantity (plus what the cart holds of
 * it, when known), by the contract's level rule. MixMatch counts only this product here: the rest of the range in the
 * cart is not known to the row. Null when no campaign holds the product.
 */
export function quickOrderRowCampaign(
  campaigns: readonly Campaign[],
  productId: string,
  quantity: number,
): Pick<
  CartLineCampaign,
  'campaignId' | 'name' | 'campaignType' | 'currentLevel' | 'nextLevel' | 'quantityToNextLevel'
> | null {
  let best: ReturnType<typeof quickOrderRowCampaign> = null;
  for (const campaign of campaigns) {
    if (!campaign.items.includes(productId)) continue;
    const levels = campaignLevelByQuantity(campaign.campaignQuantities, quantity);
    const candidate = {
      campaignId: campaign.campaignId,
      name: campaign.name,
      campaignType: campaign.campaignType,
      currentLevel: levels.current,
      nextLevel: levels.next,
      quantityToNextLevel: quantityToNextLevel(levels, quantity),
    };
    // best for the customer: the higher current percentage; at a tie, the one whose next level is nearer
    const percentage = (entry: typeof candidate | null) => entry?.currentLevel?.discountPercentage ?? 0;
    if (
      !best ||
      percentage(candidate) > percentage(best) ||
      (percentage(candidate) === percentage(best) &&
        (candidate.quantityToNextLevel ?? Number.POSITIVE_INFINITY) <
          (best.quantityToNextLevel ?? Number.POSITIVE_INFINITY))
    ) {
      best = candidate;
    }
  }
  return best;
}

/** A page's splashes (by product id) and the customer's campaigns (none when anonymous), for its product cards. */
export type CardCampaignData = { splashes: SplashMap; campaigns: readonly Campaign[] };
