import type { Campaign } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import {
  appliedLevelText,
  formatCampaignLevels,
  formatPercentage,
  nextLevelNudge,
  productCampaigns,
  quickOrderRowCampaign,
} from './campaign-levels.ts';

function campaign(overrides: Partial<Campaign>): Campaign {
  return {
    campaignId: 'C1',
    name: 'Spring tools',
    description: '',
    campaignType: 'Campaign',
    validFrom: '2026-01-01T00:00:00Z',
    validTo: '2027-01-01T00:00:00Z',
    items: ['P1'],
    // stored highest first (ADR 029)
    campaignQuantities: [
      { minimumQuantity: 24, discountPercentage: 15 },
      { minimumQuantity: 12, discountPercentage: 10 },
    ],
    bannerImageUrl: null,
    ...overrides,
  };
}

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

describe('campaign levels as the storefront says them (issue 27, ADR 029)', () => {
  it('shows the levels lowest first, as the issue writes them', () => {
    const [view] = productCampaigns([campaign({})], 'P1');
    expect(formatCampaignLevels(view?.levels ?? [])).toBe('10 % from 12 pcs · 15 % from 24 pcs');
  });

  it('leaves out 0 % levels, campaigns without the product and campaigns with nothing to give', () => {
    const campaigns = [
      campaign({
        campaignQuantities: [
          { minimumQuantity: 50, discountPercentage: 12.5 },
          { minimumQuantity: 1, discountPercentage: 0 },
        ],
      }),
      campaign({ campaignId: 'C2', items: ['P2'] }),
      campaign({ campaignId: 'C3', campaignQuantities: [{ minimumQuantity: 5, discountPercentage: 0 }] }),
    ];
    const views = productCampaigns(campaigns, 'P1');
    expect(views.map((view) => view.campaignId)).toEqual(['C1']);
    expect(formatCampaignLevels(views[0]?.levels ?? [])).toBe('12.5 % from 50 pcs');
  });

  it('says what the next level needs: of this product, or of the mix & match range', () => {
    const nextLevel = { minimumQuantity: 12, discountPercentage: 10 };
    expect(
      nextLevelNudge({ name: 'Spring tools', campaignType: 'Campaign', nextLevel, quantityToNextLevel: 1 }),
    ).toEqual({ quantity: 1, sentence: 'Add 1 more of this product for 10 %' });
    expect(
      nextLevelNudge({
        name: 'Summer mix & match',
        campaignType: 'MixMatch',
        nextLevel: { minimumQuantity: 24, discountPercentage: 15 },
        quantityToNextLevel: 3,
      }),
    ).toEqual({ quantity: 3, sentence: 'Add 3 more of the Summer mix & match range for 15 %' });
    expect(nextLevelNudge({ name: 'x', campaignType: 'Campaign', nextLevel: null, quantityToNextLevel: null })).toBe(
      null,
    );
  });

  it('names the level that priced the line, and none below the first level', () => {
    expect(
      appliedLevelText({ name: 'Spring tools', currentLevel: { minimumQuantity: 12, discountPercentage: 10 } }),
    ).toBe('Spring tools: 10 % from 12 pcs');
    expect(appliedLevelText({ name: 'Spring tools', currentLevel: null })).toBe(null);
  });

  it("computes a quick-order row's level and nudge from the customer's campaigns, the best one first", () => {
    const campaigns = [
      campaign({}),
      campaign({
        campaignId: 'C2',
        name: 'Mix',
        campaignType: 'MixMatch',
        campaignQuantities: [{ minimumQuantity: 11, discountPercentage: 8 }],
      }),
    ];
    expect(quickOrderRowCampaign(campaigns, 'P1', 11)).toMatchObject({
      campaignId: 'C2',
      currentLevel: { minimumQuantity: 11, discountPercentage: 8 },
      quantityToNextLevel: null,
    });
    expect(quickOrderRowCampaign(campaigns, 'P1', 12)).toMatchObject({
      campaignId: 'C1',
      currentLevel: { minimumQuantity: 12, discountPercentage: 10 },
      nextLevel: { minimumQuantity: 24, discountPercentage: 15 },
      quantityToNextLevel: 12,
    });
    // none reached by either: the nearer next level is the one to name
    expect(quickOrderRowCampaign(campaigns, 'P1', 10)).toMatchObject({ campaignId: 'C2', quantityToNextLevel: 1 });
    expect(quickOrderRowCampaign(campaigns, 'P9', 10)).toBe(null);
  });

  it("counts what the cart holds: the product's own for a Campaign, the whole range's for a MixMatch", () => {
    const mix = campaign({
      campaignId: 'M',
      name: 'Summer mix & match',
      campaignType: 'MixMatch',
      items: ['P1', 'P2'],
      campaignQuantities: [
        { minimumQuantity: 24, discountPercentage: 15 },
        { minimumQuantity: 12, discountPercentage: 10 },
      ],
    });
    const cart: Record<string, number> = { P1: 2, P2: 10 };
    const held = (productIds: readonly string[]) => productIds.reduce((sum, id) => sum + (cart[id] ?? 0), 0);
    expect(quickOrderRowCampaign([mix], 'P1', 9, held)).toMatchObject({
      countedQuantity: 21,
      currentLevel: { minimumQuantity: 12, discountPercentage: 10 },
      quantityToNextLevel: 3,
    });
    expect(quickOrderRowCampaign([campaign({})], 'P1', 9, held)).toMatchObject({
      countedQuantity: 11,
      currentLevel: null,
      quantityToNextLevel: 1,
    });
  });
});
