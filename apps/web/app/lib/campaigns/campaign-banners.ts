import type { CampaignBanner } from '@b2b/contract';

/** Who is looking: whether a customer's prices and campaigns are theirs, and which campaigns they have now. */
export type BannerVisitor = { hasCustomer: boolean; campaignIds: ReadonlySet<string> };

/** "10 %", "-20%", "%10", "15 percent", "per cent": a banner's text that states a discount. */
const PERCENTAGE_PATTERN = /\d\s*%|%\s*\d|\bper\s?cent\b/i;

/** Whether the banner's title or text states a percentage. */
export function statesPercentage(banner: Pick<CampaignBanner, 'title' | 'text'>): boolean {
  return PERCENTAGE_PATTERN.test(banner.title) || PERCENTAGE_PATTERN.test(banner.text);
}

/**
 * The area settings' banners this visitor may see (issue 27, ADR 029): a banner tied to a campaign only while that
 * campaign is one of the visitor's now; to a visitor without a customer (anonymous, staff acting for none) only
 * banners that state no percentage, as they are never shown a price or a discount. Their order is kept.
 */
export function bannersForVisitor(banners: readonly CampaignBanner[], visitor: BannerVisitor): CampaignBanner[] {
  return banners.filter(
    (banner) =>
      (banner.campaignId === null || visitor.campaignIds.has(banner.campaignId)) &&
      (visitor.hasCustomer || !statesPercentage(banner)),
  );
}
