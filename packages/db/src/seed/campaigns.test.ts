import { AREA_IDS, type CampaignBanner, sortCampaignQuantities } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { buildAreaRows } from './area-settings.ts';
import {
  buildAreaCampaignSettings,
  CAMPAIGN_DEMO_CAMPAIGN_ID,
  currentSeedCampaigns,
  describeLevels,
  isSeedCampaignValidAt,
  SEED_CAMPAIGNS,
} from './campaigns.ts';
import { SEED_DISCOUNT_CODES } from './discount-splashes.ts';
import { SEED_REFERENCE_DATE } from './reference-date.ts';

/** WCAG 2.2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) =>
    value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio of two #rrggbb colours (1 to 21). */
function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const REFERENCE = new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`);
const YEAR_MS = 365 * 24 * 3_600_000;

function bannersOf(areaId: 'eu' | 'us'): CampaignBanner[] {
  const settings = buildAreaCampaignSettings(areaId);
  return [
    ...settings.globalCampaignBanners,
    ...settings.productListPageTopBannerCampaigns,
    ...settings.mixAndMatchCampaignBanners,
    ...settings.productPodBanners,
  ];
}

describe('the seeded campaigns', () => {
  it('give each area at least 8 campaigns, current ones of both types and every targeting, expired and future ones', () => {
    for (const areaId of AREA_IDS) {
      const ofArea = SEED_CAMPAIGNS.filter((campaign) => campaign.areaId === areaId);
      const current = currentSeedCampaigns().filter((campaign) => campaign.areaId === areaId);
      expect(current.length, areaId).toBeGreaterThanOrEqual(8);
      expect(new Set(current.map((campaign) => campaign.campaignType)), areaId).toEqual(
        new Set(['Campaign', 'MixMatch']),
      );
      expect(new Set(current.map((campaign) => campaign.targeting)), areaId).toEqual(
        new Set(['all', 'priceGroups', 'customers']),
      );
      expect(ofArea.filter((campaign) => campaign.validTo <= SEED_REFERENCE_DATE).length, areaId).toBeGreaterThan(0);
      expect(ofArea.filter((campaign) => campaign.validFrom > SEED_REFERENCE_DATE).length, areaId).toBeGreaterThan(0);
    }
    expect(new Set(SEED_CAMPAIGNS.map((campaign) => campaign.id)).size).toBe(SEED_CAMPAIGNS.length);
  });

  it('keep the current ones current, the expired ones expired and the future ones future for years', () => {
    for (const campaign of SEED_CAMPAIGNS) {
      const from = new Date(`${campaign.validFrom}T00:00:00Z`).getTime();
      const to = new Date(`${campaign.validTo}T00:00:00Z`).getTime();
      expect(from, campaign.id).toBeLessThan(to);
      if (isSeedCampaignValidAt(campaign, REFERENCE)) {
        // Valid from a year before the reference date to at least two years after it: a demo runs for months.
        expect(from, campaign.id).toBeLessThanOrEqual(REFERENCE.getTime() - 0.9 * YEAR_MS);
        expect(to, campaign.id).toBeGreaterThanOrEqual(REFERENCE.getTime() + 2 * YEAR_MS);
      } else if (to <= REFERENCE.getTime()) {
        expect(to, campaign.id).toBeLessThanOrEqual(REFERENCE.getTime() - YEAR_MS);
      } else {
        expect(from, campaign.id).toBeGreaterThanOrEqual(REFERENCE.getTime() + 4 * YEAR_MS);
      }
    }
  });

  it('have levels with distinct minimums whose discount rises with the quantity', () => {
    for (const campaign of SEED_CAMPAIGNS) {
      const stored = sortCampaignQuantities(campaign.levels);
      const lowestFirst = stored.toReversed();
      expect(new Set(stored.map((entry) => entry.minimumQuantity)).size, campaign.id).toBe(stored.length);
      lowestFirst.forEach((entry, index) => {
        expect(entry.discountPercentage, campaign.id).toBeGreaterThan(lowestFirst[index - 1]?.discountPercentage ?? 0);
      });
    }
    const deckDeal = SEED_CAMPAIGNS.find((campaign) => campaign.id === CAMPAIGN_DEMO_CAMPAIGN_ID);
    expect(deckDeal).toMatchObject({ areaId: 'eu', campaignType: 'Campaign', targeting: 'all' });
    expect(deckDeal?.levels).toEqual([{ minimumQuantity: 12, discountPercentage: 10 }]);
  });
});

describe('the area settings of campaigns', () => {
  it('fill every banner list of both areas, each banner tied to a current campaign of its area or to none', () => {
    for (const areaId of AREA_IDS) {
      const settings = buildAreaCampaignSettings(areaId);
      for (const list of [
        settings.globalCampaignBanners,
        settings.productListPageTopBannerCampaigns,
        settings.mixAndMatchCampaignBanners,
        settings.productPodBanners,
      ]) {
        expect(list.length, areaId).toBeGreaterThan(0);
      }
      expect(settings.plpCampaignFooterText).not.toBe('');
      const current = new Map(
        currentSeedCampaigns()
          .filter((campaign) => campaign.areaId === areaId)
          .map((campaign) => [campaign.id, campaign]),
      );
      const banners = bannersOf(areaId);
      expect(new Set(banners.map((banner) => banner.id)).size, areaId).toBe(banners.length);
      for (const banner of banners) {
        expect(banner.linkUrl, banner.id).toMatch(/^\/deals\/(all-deals|campaign|mix-and-match)$/);
        expect(banner.imageUrl, banner.id).toMatch(/^\/images\/raw\//);
        if (banner.campaignId === null) {
          // Shown to every visitor: no percentage in it.
          expect(`${banner.title} ${banner.text}`, banner.id).not.toMatch(/%/);
          continue;
        }
        const campaign = current.get(banner.campaignId);
        expect(campaign, banner.id).toBeDefined();
        // Its text states the campaign's own levels, no others.
        expect(banner.title).toBe(campaign?.name);
        expect(banner.text).toContain(describeLevels(campaign?.levels ?? []));
        expect(banner.text.match(/\d+(\.\d+)? %/g)?.length).toBe(campaign?.levels.length);
        const expectedLink = campaign?.campaignType === 'MixMatch' ? '/deals/mix-and-match' : '/deals/campaign';
        expect(banner.linkUrl, banner.id).toBe(expectedLink);
      }
    }
  });

  it('writes levels lowest first, as the storefront shows them', () => {
    expect(
      describeLevels([
        { minimumQuantity: 24, discountPercentage: 15 },
        { minimumQuantity: 12, discountPercentage: 10 },
      ]),
    ).toBe('10 % from 12 pcs · 15 % from 24 pcs');
    expect(describeLevels([{ minimumQuantity: 6, discountPercentage: 7.5 }])).toBe('7.5 % from 6 pcs');
  });

  it('gives both areas the discount codes, readable (contrast at least 4.5:1), percentages for customers only', () => {
    for (const area of buildAreaRows()) {
      expect(area.settings?.discountCodes).toEqual(SEED_DISCOUNT_CODES);
    }
    expect(SEED_DISCOUNT_CODES.map((code) => code.name)).toEqual(['-20 %', 'New', 'Bestseller', 'Outlet']);
    for (const code of SEED_DISCOUNT_CODES) {
      const { backgroundColor = '', textColor = '', label = '', audience } = code.properties;
      expect(backgroundColor, code.id).toMatch(/^#[0-9a-f]{6}$/);
      expect(textColor, code.id).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(backgroundColor, textColor), code.id).toBeGreaterThanOrEqual(4.5);
      expect(label, code.id).toBe(code.name);
      expect(audience, code.id).toBe(/%/.test(label) ? 'customers' : undefined);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
