/**
 * The campaign level rule of spec §4, pure, shared by the API (which prices cart lines by it) and the storefront
 * (which shows levels and what the next one needs on pages it renders). Imports nothing but types, so browser code
 * may use it (ADR 029).
 *
 * spec §4, literally: the current level is the first campaignQuantities entry whose minimumQuantity is at most the
 * ordered quantity and whose discountPercentage is above 0, else none. The next level is the entry after the current
 * one; with no current level, the first entry; with no later entry, none.
 *
 * ADR 029: entries are stored and sent highest minimumQuantity first, so "the first entry at most the quantity" is
 * the highest level the buyer has reached (stored lowest first, the rule would give 10 % at 30 pieces when 24 pieces
 * earn 15 %). "After" and "first" in the next-level sentence are read in the order a buyer reaches the levels,
 * lowest first: the next level is the one stored just before the current; with none current, the lowest.
 */
import type { CampaignQuantity } from './campaign.ts';

export type CampaignLevels = {
  /** The level that applies at the quantity; null: none reached. */
  current: CampaignQuantity | null;
  /** The level above it (or the lowest, when none is reached); null: the highest is reached. */
  next: CampaignQuantity | null;
};

/** The stored order of a campaign's levels (ADR 029): highest minimumQuantity first. Returns a new array. */
export function sortCampaignQuantities(entries: readonly CampaignQuantity[]): CampaignQuantity[] {
  return [...entries].sort((a, b) => b.minimumQuantity - a.minimumQuantity);
}

/** spec §4 level by quantity, over the entries in their stored order (highest minimumQuantity first). */
export function campaignLevelByQuantity(entries: readonly CampaignQuantity[], quantity: number): CampaignLevels {
  const currentIndex = entries.findIndex((entry) => entry.minimumQuantity <= quantity && entry.discountPercentage > 0);
  if (currentIndex === -1) return { current: null, next: entries.at(-1) ?? null };
  return {
    current: entries[currentIndex] ?? null,
    next: currentIndex > 0 ? (entries[currentIndex - 1] ?? null) : null,
  };
}

/**
 * Pieces still to add for the next level (of the product, or of a MixMatch range); null when there is no next level
 * or it gives nothing more than the current one.
 */
export function quantityToNextLevel(levels: CampaignLevels, quantity: number): number | null {
  const { current, next } = levels;
  if (!next || next.discountPercentage <= (current?.discountPercentage ?? 0)) return null;
  return next.minimumQuantity > quantity ? next.minimumQuantity - quantity : null;
}

/** WCAG 2.2 AA (1.4.3): the least contrast between a discount splash's text and its background (issue 28). */
export const MIN_SPLASH_CONTRAST_RATIO = 4.5;

/** A CSS colour as the discount codes store it: `#rrggbb`. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** WCAG relative luminance of a `#rrggbb` colour (0 black to 1 white). */
function relativeLuminance(hexColour: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hexColour.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [red = 0, green = 0, blue = 0] = channels;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/**
 * WCAG 2.2 contrast ratio of two `#rrggbb` colours, 1 to 21, whichever is lighter. The back office refuses a
 * discount code whose colours fall under MIN_SPLASH_CONTRAST_RATIO and shows the ratio beside its live sample.
 */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}
