import { describe, expect, it } from 'vitest';
import { formatCampaignLevels, formatPercentage } from './campaign-levels.ts';

describe('formatCampaignLevels', () => {
  it('shows the levels stored highest first lowest first (ADR 029)', () => {
    expect(
      formatCampaignLevels([
        { minimumQuantity: 24, discountPercentage: 15 },
        { minimumQuantity: 12, discountPercentage: 10 },
      ]),
    ).toBe('10 % from 12 pcs · 15 % from 24 pcs');
  });

  it('leaves out a 0 % level and writes decimals and thousands', () => {
    expect(
      formatCampaignLevels([
        { minimumQuantity: 1200, discountPercentage: 12.5 },
        { minimumQuantity: 6, discountPercentage: 0 },
      ]),
    ).toBe('12.5 % from 1,200 pcs');
    expect(formatCampaignLevels([])).toBe('');
    expect(formatPercentage(7.25)).toBe('7.25 %');
  });
});
