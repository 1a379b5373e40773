import type { CampaignBanner } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { bannersForVisitor, statesPercentage } from './campaign-banners.ts';

function banner(id: string, fields: Partial<CampaignBanner> = {}): CampaignBanner {
  return {
    id,
    title: `Banner ${id}`,
    text: 'Stock up for the season',
    imageUrl: null,
    linkUrl: '/deals',
    campaignId: null,
    ...fields,
  };
}

describe('statesPercentage', () => {
  it.each([
    ['10 % from 12 pcs', true],
    ['Up to -20%', true],
    ['%15 off', true],
    ['Save 15 percent', true],
    ['Five per cent more', true],
    ['Mix & match 12 pieces', false],
    ['100 pieces in stock', false],
  ])('%s → %s', (text, expected) => {
    expect(statesPercentage({ title: 'Deals', text })).toBe(expected);
  });
});

describe('bannersForVisitor', () => {
  const banners = [
    banner('plain'),
    banner('tied', { campaignId: 'summer' }),
    banner('other-campaign', { campaignId: 'winter' }),
    banner('percent', { title: '15 % on helmets' }),
    banner('tied-percent', { campaignId: 'summer', text: 'From 12 pcs: 10 %' }),
  ];

  it('shows a customer the untied banners and those of their campaigns, in order', () => {
    const visible = bannersForVisitor(banners, { hasCustomer: true, campaignIds: new Set(['summer']) });
    expect(visible.map((entry) => entry.id)).toEqual(['plain', 'tied', 'percent', 'tied-percent']);
  });

  it('hides a banner whose campaign the customer does not have (ended, future or targeted at others)', () => {
    const visible = bannersForVisitor(banners, { hasCustomer: true, campaignIds: new Set() });
    expect(visible.map((entry) => entry.id)).toEqual(['plain', 'percent']);
  });

  it('never shows a visitor without a customer a banner stating a percentage', () => {
    const visible = bannersForVisitor(banners, { hasCustomer: false, campaignIds: new Set(['summer']) });
    expect(visible.map((entry) => entry.id)).toEqual(['plain', 'tied']);
  });
});
