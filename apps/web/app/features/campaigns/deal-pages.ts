import type { DealPageType } from '@b2b/contract';

/**
 * The deal pages /deals/{campaignType} (spec §2; issue 27): their path segments as the contract's DEAL_PAGE_TYPES
 * names them, in the order their tabs show, with their names.
 */
export const DEAL_PAGES = [
  { type: 'all-deals', name: 'All deals', heading: 'All deals' },
  { type: 'campaign', name: 'Campaigns', heading: 'Campaign deals' },
  { type: 'mix-and-match', name: 'Mix & match', heading: 'Mix & match deals' },
] as const satisfies readonly { type: DealPageType; name: string; heading: string }[];

export type DealPage = (typeof DEAL_PAGES)[number];

export function findDealPage(type: string | undefined): DealPage | undefined {
  return DEAL_PAGES.find((page) => page.type === type);
}
