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

/** A percentage as the shop writes it: "10 %", "12.5 %". */
export function formatPercentage(percentage: number): string {
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(percentage)} %`;
}

/**
 * A campaign's levels as a buyer reads them, lowest first: "10 % from 12 pcs · 15 % from 24 pcs". They are stored
 * highest first (ADR 029), so they are sorted here; a 0 % level gives nothing and is left out.
 */
export function formatCampaignLevels(quantities: readonly CampaignQuantity[]): string {
  return [...quantities]
    .filter((level) => level.discountPercentage > 0)
    .sort((a, b) => a.minimumQuantity - b.minimumQuantity)
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
  return `${campaign.name}: ${formatCampaignLevels([campaign.currentLevel])}`;
}

/** A campaign as a quick-order row needs it: its levels as stored and, for MixMatch, its range. */
export type RowCampaign = Pick<Campaign, 'campaignId' | 'name' | 'campaignType' | 'campaignQuantities' | 'items'>;

/** The row's campaign as a cart line would carry it (without the discount, which only the cart calculates). */
export type RowCampaignLevels = Pick<
  CartLineCampaign,
  'campaignId' | 'name' | 'campaignType' | 'countedQuantity' | 'currentLevel' | 'nextLevel' | 'quantityToNextLevel'
>;

/**
 * A quick-order row's campaign, computed in the browser (the row has no calculated line) by the contract's level
 * rule: of the customer's campaigns holding the row's product, the best for the customer at the row's quantity plus
 * what the cart holds already (of the product for a Campaign, of the range for a MixMatch), as `heldInCart` counts it.
 * Best: the higher current percentage; at a tie, the nearer next level. Null when no campaign holds the product.
 */
export function quickOrderRowCampaign(
  campaigns: readonly RowCampaign[],
  productId: string,
  quantity: number,
  heldInCart: (productIds: readonly string[]) => number = () => 0,
): RowCampaignLevels | null {
  let best: RowCampaignLevels | null = null;
  const percentage = (entry: RowCampaignLevels) => entry.currentLevel?.discountPercentage ?? 0;
  const missing = (entry: RowCampaignLevels) => entry.quantityToNextLevel ?? Number.POSITIVE_INFINITY;
  for (const campaign of campaigns) {
    if (!campaign.items.includes(productId)) continue;
    const counted = quantity + heldInCart(campaign.campaignType === 'MixMatch' ? campaign.items : [productId]);
    const levels = campaignLevelByQuantity(campaign.campaignQuantities, counted);
    const candidate: RowCampaignLevels = {
      campaignId: campaign.campaignId,
      name: campaign.name,
      campaignType: campaign.campaignType,
      countedQuantity: counted,
      currentLevel: levels.current,
      nextLevel: levels.next,
      quantityToNextLevel: quantityToNextLevel(levels, counted),
    };
    if (
      !best ||
      percentage(candidate) > percentage(best) ||
      (percentage(candidate) === percentage(best) && missing(candidate) < missing(best))
    ) {
      best = candidate;
    }
  }
  return best;
}

/** A page's splashes (by product id) and the customer's campaigns (none when anonymous), for its product cards. */
export type CardCampaignData = { splashes: SplashMap; campaigns: readonly Campaign[] };
