import type { CampaignQuantity } from '@b2b/contract';
import { formatCount } from '~/lib/format.ts';

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
