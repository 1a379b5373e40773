import { describe, expect, it } from 'vitest';
import type { CampaignQuantity } from './campaign.ts';
import {
  campaignLevelByQuantity,
  contrastRatio,
  MIN_SPLASH_CONTRAST_RATIO,
  quantityToNextLevel,
  sortCampaignQuantities,
} from './campaign-rules.ts';

const level = (minimumQuantity: number, discountPercentage: number): CampaignQuantity => ({
  minimumQuantity,
  discountPercentage,
});
/** Stored order (ADR 029): highest minimum first. */
const TWO_LEVELS = [level(24, 15), level(12, 10)];

describe('campaignLevelByQuantity (spec §4, entries highest minimum first)', () => {
  it.each([
    { entries: TWO_LEVELS, quantity: 0, current: null, next: level(12, 10) },
    { entries: TWO_LEVELS, quantity: 11, current: null, next: level(12, 10) },
    { entries: TWO_LEVELS, quantity: 12, current: level(12, 10), next: level(24, 15) },
    { entries: TWO_LEVELS, quantity: 23, current: level(12, 10), next: level(24, 15) },
    { entries: TWO_LEVELS, quantity: 24, current: level(24, 15), next: null },
    { entries: TWO_LEVELS, quantity: 1000, current: level(24, 15), next: null },
    { entries: [], quantity: 5, current: null, next: null },
    { entries: [level(6, 5)], quantity: 5, current: null, next: level(6, 5) },
    { entries: [level(6, 5)], quantity: 6, current: level(6, 5), next: null },
    // a level of 0 % is never current; the level below it still is
    { entries: [level(24, 0), level(12, 10)], quantity: 30, current: level(12, 10), next: level(24, 0) },
    { entries: [level(12, 10), level(1, 0)], quantity: 5, current: null, next: level(1, 0) },
    { entries: [level(12, 0)], quantity: 12, current: null, next: level(12, 0) },
  ])(
    '$quantity pieces of $entries.length levels → current $current, next $next',
    ({ entries, quantity, current, next }) => {
      expect(campaignLevelByQuantity(entries, quantity)).toEqual({ current, next });
    },
  );

  it('reads unsorted entries as stored, literally: the first reached entry wins', () => {
    // lowest first, as a person might type them: 30 pieces would get the 12-piece level's 10 %
    const lowestFirst = [level(12, 10), level(24, 15)];
    expect(campaignLevelByQuantity(lowestFirst, 30)).toEqual({ current: level(12, 10), next: null });
    // sorted as stored, the same entries give 15 %
    expect(campaignLevelByQuantity(sortCampaignQuantities(lowestFirst), 30)).toEqual({
      current: level(24, 15),
      next: null,
    });
  });

  it('sorts a copy, highest minimum first', () => {
    const entries = [level(6, 5), level(24, 15), level(12, 10)];
    expect(sortCampaignQuantities(entries)).toEqual([level(24, 15), level(12, 10), level(6, 5)]);
    expect(entries[0]).toEqual(level(6, 5));
  });
});

describe('quantityToNextLevel', () => {
  it.each([
    { quantity: 0, missing: 12 },
    { quantity: 11, missing: 1 },
    { quantity: 12, missing: 12 },
    { quantity: 23, missing: 1 },
    { quantity: 24, missing: null },
  ])('$quantity pieces → $missing more', ({ quantity, missing }) => {
    expect(quantityToNextLevel(campaignLevelByQuantity(TWO_LEVELS, quantity), quantity)).toBe(missing);
  });

  it('is null when the next level gives no more than the current one', () => {
    const entries = [level(24, 0), level(12, 10)];
    expect(quantityToNextLevel(campaignLevelByQuantity(entries, 13), 13)).toBeNull();
    expect(quantityToNextLevel(campaignLevelByQuantity([level(1, 0)], 0), 0)).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('measures as WCAG 2.2 does, either colour first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#b91c1c', '#b91c1c')).toBe(1);
  });

  it('passes the seeded codes and refuses a pair under 4.5:1', () => {
    expect(MIN_SPLASH_CONTRAST_RATIO).toBe(4.5);
    expect(contrastRatio('#fde68a', '#422006')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#fde68a', '#ffffff')).toBeLessThan(4.5);
  });
});
