/**
 * Campaign prices of cart lines (spec §1, §4 Campaigns; issue 27, ADR 029), pure, in integer minor units without
 * VAT. A level takes its percentage off the customer's net line price (after the price agreement), rounded half up
 * to the cent per line. A `Campaign` reads its levels at each product's own quantity (all its top-level lines and
 * variants), a `MixMatch` at the summed quantity of all its products in the cart. A bundle's components are priced
 * in their bundle line: never discounted, never counted. When several campaigns hold a line's product, the best for
 * the customer decides (`isBetterFor`). O(lines + campaigns' products): no pair of lines is ever compared.
 */
import type { CampaignQuantity, CampaignType } from '@b2b/contract';
import { campaignLevelByQuantity, quantityToNextLevel } from '@b2b/contract/campaign-rules';

/** A campaign of the customer valid now, with those of its products the cart holds. */
export type CampaignPricingInput = {
  campaignId: string;
  name: string;
  campaignType: CampaignType;
  /** Highest minimumQuantity first (ADR 029). */
  quantities: readonly CampaignQuantity[];
  productIds: readonly string[];
};

/** What a campaign pricing needs of a cart line. */
export type CampaignLineInput = {
  id: string;
  /** Set for a bundle's components: never discounted, not counted. */
  parentId: string | null;
  productId: string;
  quantity: number;
  /** The customer's net line price (after the price agreement) the level's percentage is taken off. */
  netLinePriceMinor: number;
};

/** The campaign that applies to a line, its level and what the next one needs (the cart line's `campaign`). */
export type LineCampaignMinor = {
  campaignId: string;
  name: string;
  campaignType: CampaignType;
  countedQuantity: number;
  currentLevel: CampaignQuantity | null;
  nextLevel: CampaignQuantity | null;
  quantityToNextLevel: number | null;
  /** What the level takes off the line's net price; 0 without a current level. */
  discountMinor: number;
};

/** A percentage with at most two decimals (the contract's multipleOf 0.01) in basis points: 12.5 % → 1250. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** `basisPoints` of `amountMinor`, rounded half up to the cent (amounts are never negative here). */
export function percentOfMinor(amountMinor: number, basisPoints: number): number {
  const product = amountMinor * basisPoints;
  if (Number.isSafeInteger(product)) return Math.floor((product + 5_000) / 10_000);
  // Beyond 2^53 the float product is inexact: the same rule in big integers.
  return Number((BigInt(amountMinor) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/**
 * Which of two candidate campaigns prices a line (ADR 029): the larger discount on the line; then the higher
 * current percentage (a line priced 0 still shows the level it reached); then the fewer pieces to the next level
 * (a line with no level reached shows the campaign it is nearest to earning); then the lower campaignId, so the
 * answer never depends on the order campaigns were loaded in.
 */
function isBetterFor(candidate: LineCampaignMinor, best: LineCampaignMinor): boolean {
  if (candidate.discountMinor !== best.discountMinor) return candidate.discountMinor > best.discountMinor;
  const candidatePercent = candidate.currentLevel?.discountPercentage ?? 0;
  const bestPercent = best.currentLevel?.discountPercentage ?? 0;
  if (candidatePercent !== bestPercent) return candidatePercent > bestPercent;
  const candidateToGo = candidate.quantityToNextLevel ?? Number.POSITIVE_INFINITY;
  const bestToGo = best.quantityToNextLevel ?? Number.POSITIVE_INFINITY;
  if (candidateToGo !== bestToGo) return candidateToGo < bestToGo;
  return candidate.campaignId < best.campaignId;
}

/**
 * The campaign of each top-level line whose product a campaign holds (by line id); lines without a candidate are
 * absent. Each line's discount is its own level's percentage of its own net line price, so the discounts add up.
 */
export function priceLinesByCampaigns(
  lines: readonly CampaignLineInput[],
  campaigns: readonly CampaignPricingInput[],
): Map<string, LineCampaignMinor> {
  const result = new Map<string, LineCampaignMinor>();
  if (campaigns.length === 0) return result;
  const topLevel = lines.filter((line) => line.parentId === null);
  const quantityByProduct = new Map<string, number>();
  for (const line of topLevel) {
    quantityByProduct.set(line.productId, (quantityByProduct.get(line.productId) ?? 0) + line.quantity);
  }
  const campaignsByProduct = new Map<string, { campaign: CampaignPricingInput; rangeQuantity: number }[]>();
  for (const campaign of campaigns) {
    const products = new Set(campaign.productIds);
    let rangeQuantity = 0;
    for (const productId of products) rangeQuantity += quantityByProduct.get(productId) ?? 0;
    for (const productId of products) {
      if (!quantityByProduct.has(productId)) continue;
      const list = campaignsByProduct.get(productId) ?? [];
      list.push({ campaign, rangeQuantity });
      campaignsByProduct.set(productId, list);
    }
  }
  for (const line of topLevel) {
    let best: LineCampaignMinor | null = null;
    for (const { campaign, rangeQuantity } of campaignsByProduct.get(line.productId) ?? []) {
      const countedQuantity =
        campaign.campaignType === 'MixMatch' ? rangeQuantity : (quantityByProduct.get(line.productId) ?? 0);
      const levels = campaignLevelByQuantity(campaign.quantities, countedQuantity);
      const candidate: LineCampaignMinor = {
        campaignId: campaign.campaignId,
        name: campaign.name,
        campaignType: campaign.campaignType,
        countedQuantity,
        currentLevel: levels.current,
        nextLevel: levels.next,
        quantityToNextLevel: quantityToNextLevel(levels, countedQuantity),
        discountMinor: levels.current
          ? percentOfMinor(line.netLinePriceMinor, percentToBasisPoints(levels.current.discountPercentage))
          : 0,
      };
      if (!best || isBetterFor(candidate, best)) best = candidate;
    }
    if (best) result.set(line.id, best);
  }
  return result;
}
