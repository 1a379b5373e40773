/**
 * The demo campaigns of both areas (spec §1, §3 Campaign; issue 27, ADR 029) and the area settings' campaign banners
 * that point at them. Each campaign takes its products by category (and brand) from the generated catalogue, so a
 * smaller catalogue gives the same campaigns with fewer products.
 *
 * Dates are fixed, not relative to the day of seeding: a demo database lives for months, so the current campaigns run
 * from a year before the reference date to years after it, the expired ones ended more than a year before it and the
 * future ones start years after it (neither is ever shown).
 */
import {
  type AreaId,
  type CampaignBanner,
  type CampaignQuantity,
  type CampaignTargeting,
  type CampaignType,
  sortCampaignQuantities,
} from '@b2b/contract';
import type { campaignCustomers, campaignItems, campaignPriceGroups, campaigns } from '../schema.ts';
import type { RootCategoryId } from './catalogue-data.ts';
import { toRawImageUrl } from './product-image.ts';
import { addDays, SEED_REFERENCE_DATE } from './reference-date.ts';

/** What the campaigns and splashes need to know of a generated product. */
export type PromotionProduct = {
  id: string;
  /** Leaf category id, e.g. `skate-decks`. */
  categoryId: string;
  brandId: string;
  /** Neither a bundle nor discontinued: a product a buyer can put in the cart on its own. */
  sellable: boolean;
  newStockDate: string | null;
  /**
   * How far the list price is below the before price, in whole percent, per currency (`EUR`, `USD`, `XNOK`); empty
   * without a before price.
   */
  beforePriceCutPercent: readonly number[];
};

/**
 * A product of "Skate deck deal" (eu, 10 % from 12 pieces, its only level) for the browser test of issue 27: the
 * Lowtide Undertow Deck, in no other campaign of the EU area, with a group A price and over 70 in stock on its first
 * variant; among the first 200 products, so the API tests' catalogue has it too (the seed's tests check all of it).
 */
export const CAMPAIGN_DEMO_PRODUCT_ID = '100040';
export const CAMPAIGN_DEMO_CAMPAIGN_ID = 'eu-skate-deck-deal';

/** Current campaigns start here: a year before the reference date. */
const CURRENT_FROM = addDays(SEED_REFERENCE_DATE, -365);

type SeedCampaign = {
  id: string;
  areaId: AreaId;
  name: string;
  description: string;
  campaignType: CampaignType;
  /** yyyy-mm-dd, 00:00 UTC; `validTo` is the first day it no longer applies. */
  validFrom: string;
  validTo: string;
  targeting: CampaignTargeting;
  /** For `priceGroups` targeting. */
  priceGroupIds?: readonly string[];
  /** For `customers` targeting: demo customer numbers. */
  customerNumbers?: readonly string[];
  /** As an editor would type them, lowest first; stored highest first (ADR 029). */
  levels: readonly CampaignQuantity[];
  /** Leaf category ids whose sellable products the campaign holds. */
  categoryIds: readonly string[];
  /** Only these brands' products of those categories; all brands when absent. */
  brandIds?: readonly string[];
  /** The content scene its banner shows. */
  scene: RootCategoryId;
};

const level = (minimumQuantity: number, discountPercentage: number): CampaignQuantity => ({
  minimumQuantity,
  discountPercentage,
});

/** Both areas' campaigns: current ones of both types and targetings, and expired and future ones never shown. */
export const SEED_CAMPAIGNS: readonly SeedCampaign[] = [
  // Europe (EUR and NOK customers)
  {
    id: 'eu-summer-mix-match',
    areaId: 'eu',
    name: 'Summer mix & match: boardshorts and wetsuits',
    description:
      'Boardshorts and wetsuits of every brand count together: mix styles, sizes and brands to reach a level.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2029-10-01',
    targeting: 'all',
    levels: [level(12, 10), level(24, 15)],
    categoryIds: ['surf-boardshorts', 'surf-wetsuits'],
    scene: 'surf',
  },
  {
    id: CAMPAIGN_DEMO_CAMPAIGN_ID,
    areaId: 'eu',
    name: 'Skate deck deal',
    description: 'Every deck in the range: the level counts the pieces of each deck model, all sizes together.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2030-01-01',
    targeting: 'all',
    levels: [level(12, 10)],
    categoryIds: ['skate-decks'],
    scene: 'skate',
  },
  {
    id: 'eu-snowboard-binding-mix',
    areaId: 'eu',
    name: 'Snowboards and bindings mix & match',
    description: 'Snowboards and bindings count together, so a matched set of each reaches the first level.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2030-04-01',
    targeting: 'all',
    levels: [level(6, 8), level(12, 12)],
    categoryIds: ['snow-snowboards', 'snow-bindings'],
    scene: 'snow',
  },
  {
    id: 'eu-helmet-volume-deal',
    areaId: 'eu',
    name: 'Helmet volume deal',
    description: 'Three levels on every helmet model, counted per model across its sizes and colours.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2030-07-01',
    targeting: 'all',
    levels: [level(10, 5), level(25, 10), level(50, 15)],
    categoryIds: ['protection-helmets'],
    scene: 'protection',
  },
  {
    // Overlaps the helmet deal on Ironclad helmets: the cart applies the one that is better for the customer.
    id: 'eu-ironclad-protection-mix',
    areaId: 'eu',
    name: 'Ironclad protection mix & match',
    description: 'Ironclad helmets, pads, guards and back protectors count together.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2030-07-01',
    targeting: 'all',
    levels: [level(30, 12)],
    categoryIds: [
      'protection-helmets',
      'protection-knee-pads',
      'protection-elbow-pads',
      'protection-wrist-guards',
      'protection-back-protectors',
    ],
    brandIds: ['ironclad'],
    scene: 'protection',
  },
  {
    id: 'eu-bb-apparel-mix',
    areaId: 'eu',
    name: 'BB hoodies and T-shirts mix & match',
    description: 'Our house brand’s hoodies and T-shirts count together.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2030-10-01',
    targeting: 'all',
    levels: [level(20, 10), level(50, 15)],
    categoryIds: ['apparel-hoodies', 'apparel-t-shirts'],
    brandIds: ['bb'],
    scene: 'apparel',
  },
  {
    id: 'eu-longboard-deal',
    areaId: 'eu',
    name: 'Longboard cruiser deal',
    description: 'Cruisers and longboards, counted per model.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2031-01-01',
    targeting: 'all',
    levels: [level(4, 10), level(8, 15)],
    categoryIds: ['skate-longboards'],
    scene: 'skate',
  },
  {
    id: 'eu-distributor-bike-parts',
    areaId: 'eu',
    name: 'Distributor deal: tyres, grips and pedals',
    description: 'For distributors (price group C): bike parts by the box, counted per model.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2030-01-01',
    targeting: 'priceGroups',
    priceGroupIds: ['C'],
    levels: [level(20, 12), level(50, 18)],
    categoryIds: ['bike-tyres', 'bike-grips', 'bike-pedals'],
    scene: 'bike',
  },
  {
    id: 'eu-alpine-goggles-gloves',
    areaId: 'eu',
    name: 'Alpine Boardshop: goggles and gloves restock',
    description: 'Agreed with Alpine Boardshop for its winter restock: goggles and gloves, counted per model.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2029-05-01',
    targeting: 'customers',
    customerNumbers: ['10001'],
    levels: [level(6, 7.5), level(12, 12.5)],
    categoryIds: ['snow-goggles', 'snow-gloves'],
    scene: 'snow',
  },
  {
    id: 'eu-autumn-wetsuit-week-2025',
    areaId: 'eu',
    name: 'Autumn wetsuit week 2025',
    description: 'Wetsuits for the autumn swell.',
    campaignType: 'Campaign',
    validFrom: '2025-09-01',
    validTo: '2025-09-08',
    targeting: 'all',
    levels: [level(6, 20)],
    categoryIds: ['surf-wetsuits'],
    scene: 'surf',
  },
  {
    id: 'eu-winter-clearance-2025',
    areaId: 'eu',
    name: 'Winter clearance 2025: jackets and pants',
    description: 'Last season’s jackets and pants, mixed.',
    campaignType: 'MixMatch',
    validFrom: '2025-01-06',
    validTo: '2025-03-01',
    targeting: 'all',
    levels: [level(10, 15), level(30, 25)],
    categoryIds: ['apparel-jackets', 'apparel-pants'],
    scene: 'apparel',
  },
  {
    id: 'eu-spring-2031-completes',
    areaId: 'eu',
    name: 'Spring 2031: complete skateboards',
    description: 'Completes for the 2031 season.',
    campaignType: 'Campaign',
    validFrom: '2031-03-01',
    validTo: '2031-06-01',
    targeting: 'all',
    levels: [level(6, 10)],
    categoryIds: ['skate-completes'],
    scene: 'skate',
  },
  {
    id: 'eu-summer-2031-surf-hardware',
    areaId: 'eu',
    name: 'Summer 2031 surf hardware mix & match',
    description: 'Fins, leashes and traction pads for the 2031 season.',
    campaignType: 'MixMatch',
    validFrom: '2031-05-01',
    validTo: '2031-09-01',
    targeting: 'all',
    levels: [level(24, 10)],
    categoryIds: ['surf-fins', 'surf-leashes', 'surf-traction-pads'],
    scene: 'surf',
  },

  // USA & Canada (USD customers)
  {
    id: 'us-surf-hardware-mix',
    areaId: 'us',
    name: 'Surf hardware mix & match: leashes, fins and traction pads',
    description: 'Leashes, fins and traction pads of every brand count together.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2029-10-01',
    targeting: 'all',
    levels: [level(24, 10), level(48, 15)],
    categoryIds: ['surf-leashes', 'surf-fins', 'surf-traction-pads'],
    scene: 'surf',
  },
  {
    id: 'us-wheel-bearing-deal',
    areaId: 'us',
    name: 'Wheel and bearing deal',
    description: 'Every wheel and bearing model, counted per model across its sizes.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2030-01-01',
    targeting: 'all',
    levels: [level(12, 10), level(48, 20)],
    categoryIds: ['skate-wheels', 'skate-bearings'],
    scene: 'skate',
  },
  {
    id: 'us-complete-deal',
    areaId: 'us',
    name: 'Complete skateboard deal',
    description: 'Completes for first-time riders, counted per model.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2030-04-01',
    targeting: 'all',
    levels: [level(6, 8), level(12, 12)],
    categoryIds: ['skate-completes'],
    scene: 'skate',
  },
  {
    id: 'us-bike-frame-deal',
    areaId: 'us',
    name: 'BMX bike and MTB frame deal',
    description: 'BMX bikes and MTB frames, counted per model.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2030-07-01',
    targeting: 'all',
    levels: [level(3, 5), level(6, 8)],
    categoryIds: ['bike-bmx-bikes', 'bike-mtb-frames'],
    scene: 'bike',
  },
  {
    id: 'us-outerwear-mix',
    areaId: 'us',
    name: 'Jackets and pants mix & match',
    description: 'Jackets and pants of every brand count together.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2030-10-01',
    targeting: 'all',
    levels: [level(12, 10), level(24, 15)],
    categoryIds: ['apparel-jackets', 'apparel-pants'],
    scene: 'apparel',
  },
  {
    id: 'us-jersey-deal',
    areaId: 'us',
    name: 'Bike jersey deal',
    description: 'Every bike jersey, counted per model across its sizes.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2031-01-01',
    targeting: 'all',
    levels: [level(12, 10)],
    categoryIds: ['bike-jerseys'],
    scene: 'bike',
  },
  {
    id: 'us-caps-beanies-mix',
    areaId: 'us',
    name: 'Caps and beanies mix & match',
    description: 'Caps and beanies count together: three levels for a full counter display.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2030-01-01',
    targeting: 'all',
    levels: [level(24, 10), level(48, 15), level(96, 20)],
    categoryIds: ['apparel-caps', 'apparel-beanies'],
    scene: 'apparel',
  },
  {
    id: 'us-key-account-snow-mix',
    areaId: 'us',
    name: 'Key account snow mix & match: snowboards and boots',
    description: 'For key accounts (price group B): snowboards and boots count together.',
    campaignType: 'MixMatch',
    validFrom: CURRENT_FROM,
    validTo: '2030-04-01',
    targeting: 'priceGroups',
    priceGroupIds: ['B'],
    levels: [level(10, 12), level(20, 18)],
    categoryIds: ['snow-snowboards', 'snow-boots'],
    scene: 'snow',
  },
  {
    id: 'us-pacific-griptape',
    areaId: 'us',
    name: 'Pacific Skate Supply: griptape restock',
    description: 'Agreed with Pacific Skate Supply: griptape by the box, counted per model.',
    campaignType: 'Campaign',
    validFrom: CURRENT_FROM,
    validTo: '2029-05-01',
    targeting: 'customers',
    customerNumbers: ['20001'],
    levels: [level(24, 15)],
    categoryIds: ['skate-griptape'],
    scene: 'skate',
  },
  {
    id: 'us-black-friday-2024',
    areaId: 'us',
    name: 'Black Friday 2024: goggles and gloves',
    description: 'Goggles and gloves, mixed, for one week.',
    campaignType: 'MixMatch',
    validFrom: '2024-11-25',
    validTo: '2024-12-02',
    targeting: 'all',
    levels: [level(10, 20)],
    categoryIds: ['snow-goggles', 'snow-gloves'],
    scene: 'snow',
  },
  {
    id: 'us-spring-2025-wetsuits',
    areaId: 'us',
    name: 'Spring 2025 wetsuit deal',
    description: 'Spring suits for the 2025 season.',
    campaignType: 'Campaign',
    validFrom: '2025-03-01',
    validTo: '2025-06-01',
    targeting: 'all',
    levels: [level(6, 15)],
    categoryIds: ['surf-wetsuits'],
    scene: 'surf',
  },
  {
    id: 'us-back-to-school-2031',
    areaId: 'us',
    name: 'Back to school 2031: hoodies and T-shirts',
    description: 'Hoodies and T-shirts for the 2031 school year.',
    campaignType: 'MixMatch',
    validFrom: '2031-08-01',
    validTo: '2031-09-15',
    targeting: 'all',
    levels: [level(24, 10)],
    categoryIds: ['apparel-hoodies', 'apparel-t-shirts'],
    scene: 'apparel',
  },
  {
    id: 'us-winter-2031-skis',
    areaId: 'us',
    name: 'Winter 2031 ski deal',
    description: 'Skis for the 2031/32 season, counted per model.',
    campaignType: 'Campaign',
    validFrom: '2031-11-01',
    validTo: '2032-02-01',
    targeting: 'all',
    levels: [level(4, 8)],
    categoryIds: ['snow-skis'],
    scene: 'snow',
  },
];

const toInstant = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** Whether a seeded campaign is valid at `at` (from `validFrom` up to, not including, `validTo`). */
export function isSeedCampaignValidAt(campaign: Pick<SeedCampaign, 'validFrom' | 'validTo'>, at: Date): boolean {
  return toInstant(campaign.validFrom) <= at && at < toInstant(campaign.validTo);
}

/** The seeded campaigns valid on the reference date (and for years after it). */
export function currentSeedCampaigns(): SeedCampaign[] {
  const at = toInstant(SEED_REFERENCE_DATE);
  return SEED_CAMPAIGNS.filter((campaign) => isSeedCampaignValidAt(campaign, at));
}

function seedCampaign(id: string): SeedCampaign {
  const campaign = SEED_CAMPAIGNS.find((candidate) => candidate.id === id);
  if (!campaign) throw new Error(`no seeded campaign ${id}`);
  return campaign;
}

/** "10 % from 12 pcs · 15 % from 24 pcs": the levels lowest first, as the storefront writes them. */
export function describeLevels(levels: readonly CampaignQuantity[]): string {
  return [...levels]
    .sort((a, b) => a.minimumQuantity - b.minimumQuantity)
    .map((entry) => `${entry.discountPercentage} % from ${entry.minimumQuantity} pcs`)
    .join(' · ');
}

const sceneImageUrl = (scene: RootCategoryId | 'home') => toRawImageUrl(`content/hero-${scene}.svg`);

/**
 * A banner for a campaign: its name and, as text, its levels as they are, so a banner never promises a level the
 * campaign does not have.
 */
function campaignBanner(id: string, campaignId: string, linkUrl: string, lead: string): CampaignBanner {
  const campaign = seedCampaign(campaignId);
  return {
    id,
    title: campaign.name,
    text: `${lead} ${describeLevels(campaign.levels)}.`,
    imageUrl: sceneImageUrl(campaign.scene),
    linkUrl,
    campaignId,
  };
}

export type AreaCampaignSettings = {
  globalCampaignBanners: CampaignBanner[];
  productListPageTopBannerCampaigns: CampaignBanner[];
  mixAndMatchCampaignBanners: CampaignBanner[];
  productPodBanners: CampaignBanner[];
  plpCampaignFooterText: string;
};

const PLP_CAMPAIGN_FOOTER_TEXT =
  'Campaign discounts come off your own net price. A campaign counts the pieces of each product; a mix & match ' +
  'counts all its products in your cart together. Your cart shows what the next level needs.';

/** The area settings' banner lists (spec §3). A banner tied to a campaign names a current one of the same area. */
export function buildAreaCampaignSettings(areaId: AreaId): AreaCampaignSettings {
  if (areaId === 'eu') {
    return {
      globalCampaignBanners: [
        campaignBanner('eu-global-summer-mix', 'eu-summer-mix-match', '/deals/mix-and-match', 'Mix the range:'),
        campaignBanner('eu-global-deck-deal', CAMPAIGN_DEMO_CAMPAIGN_ID, '/deals/campaign', 'Every deck model:'),
        {
          id: 'eu-global-all-deals',
          title: 'Deals for trade customers',
          text: 'Volume deals and mix & match offers across skate, surf, snow and protection, all in one list.',
          imageUrl: sceneImageUrl('home'),
          linkUrl: '/deals/all-deals',
          campaignId: null,
        },
      ],
      productListPageTopBannerCampaigns: [
        campaignBanner('eu-plp-helmets', 'eu-helmet-volume-deal', '/deals/campaign', 'Per helmet model:'),
        campaignBanner('eu-plp-snowboards', 'eu-snowboard-binding-mix', '/deals/mix-and-match', 'Boards and bindings:'),
      ],
      mixAndMatchCampaignBanners: [
        campaignBanner('eu-mm-summer', 'eu-summer-mix-match', '/deals/mix-and-match', 'Boardshorts and wetsuits:'),
        campaignBanner('eu-mm-snow', 'eu-snowboard-binding-mix', '/deals/mix-and-match', 'Snowboards and bindings:'),
        campaignBanner(
          'eu-mm-ironclad',
          'eu-ironclad-protection-mix',
          '/deals/mix-and-match',
          'All Ironclad protection:',
        ),
        campaignBanner('eu-mm-bb', 'eu-bb-apparel-mix', '/deals/mix-and-match', 'BB hoodies and T-shirts:'),
      ],
      productPodBanners: [
        campaignBanner('eu-pod-deck-deal', CAMPAIGN_DEMO_CAMPAIGN_ID, '/deals/campaign', 'Decks:'),
        // Only Alpine Boardshop sees this one: the campaign is for that customer alone.
        campaignBanner('eu-pod-alpine', 'eu-alpine-goggles-gloves', '/deals/campaign', 'Your restock deal:'),
        campaignBanner('eu-pod-longboards', 'eu-longboard-deal', '/deals/campaign', 'Cruisers and longboards:'),
      ],
      plpCampaignFooterText: PLP_CAMPAIGN_FOOTER_TEXT,
    };
  }
  return {
    globalCampaignBanners: [
      campaignBanner('us-global-surf-mix', 'us-surf-hardware-mix', '/deals/mix-and-match', 'Mix the range:'),
      campaignBanner('us-global-wheels', 'us-wheel-bearing-deal', '/deals/campaign', 'Per wheel or bearing model:'),
      {
        id: 'us-global-all-deals',
        title: 'Deals for trade customers',
        text: 'Volume deals and mix & match offers across skate, surf, bike and apparel, all in one list.',
        imageUrl: sceneImageUrl('home'),
        linkUrl: '/deals/all-deals',
        campaignId: null,
      },
    ],
    productListPageTopBannerCampaigns: [
      campaignBanner('us-plp-completes', 'us-complete-deal', '/deals/campaign', 'Per complete model:'),
      campaignBanner('us-plp-outerwear', 'us-outerwear-mix', '/deals/mix-and-match', 'Jackets and pants:'),
    ],
    mixAndMatchCampaignBanners: [
      campaignBanner('us-mm-surf', 'us-surf-hardware-mix', '/deals/mix-and-match', 'Leashes, fins and pads:'),
      campaignBanner('us-mm-outerwear', 'us-outerwear-mix', '/deals/mix-and-match', 'Jackets and pants:'),
      campaignBanner('us-mm-caps', 'us-caps-beanies-mix', '/deals/mix-and-match', 'Caps and beanies:'),
      // Only key accounts (price group B) see this one.
      campaignBanner('us-mm-key-account', 'us-key-account-snow-mix', '/deals/mix-and-match', 'Key accounts:'),
    ],
    productPodBanners: [
      campaignBanner('us-pod-jerseys', 'us-jersey-deal', '/deals/campaign', 'Bike jerseys:'),
      campaignBanner('us-pod-bikes', 'us-bike-frame-deal', '/deals/campaign', 'BMX bikes and MTB frames:'),
      // Only Pacific Skate Supply sees this one.
      campaignBanner('us-pod-pacific', 'us-pacific-griptape', '/deals/campaign', 'Your griptape deal:'),
    ],
    plpCampaignFooterText: PLP_CAMPAIGN_FOOTER_TEXT,
  };
}

export type CampaignRows = {
  campaigns: Array<typeof campaigns.$inferInsert>;
  items: Array<typeof campaignItems.$inferInsert>;
  priceGroups: Array<typeof campaignPriceGroups.$inferInsert>;
  customers: Array<typeof campaignCustomers.$inferInsert>;
};

/**
 * The rows of every seeded campaign: its sellable products of its categories (and brands), its price groups or
 * customers. `customerIdByNumber` maps demo customer numbers to their ids.
 */
export function buildCampaignRows(
  products: readonly PromotionProduct[],
  customerIdByNumber: ReadonlyMap<string, string>,
): CampaignRows {
  const rows: CampaignRows = { campaigns: [], items: [], priceGroups: [], customers: [] };
  const updatedAt = toInstant(SEED_REFERENCE_DATE);
  for (const campaign of SEED_CAMPAIGNS) {
    rows.campaigns.push({
      id: campaign.id,
      areaId: campaign.areaId,
      name: campaign.name,
      description: campaign.description,
      campaignType: campaign.campaignType,
      validFrom: toInstant(campaign.validFrom),
      validTo: toInstant(campaign.validTo),
      targeting: campaign.targeting,
      quantities: sortCampaignQuantities(campaign.levels),
      bannerImageUrl: sceneImageUrl(campaign.scene),
      createdAt: updatedAt,
      updatedAt,
    });
    for (const product of products) {
      if (!product.sellable || !campaign.categoryIds.includes(product.categoryId)) continue;
      if (campaign.brandIds && !campaign.brandIds.includes(product.brandId)) continue;
      rows.items.push({ campaignId: campaign.id, productId: product.id });
    }
    for (const priceGroupId of campaign.priceGroupIds ?? []) {
      rows.priceGroups.push({ campaignId: campaign.id, priceGroupId });
    }
    for (const customerNumber of campaign.customerNumbers ?? []) {
      const customerId = customerIdByNumber.get(customerNumber);
      if (!customerId) throw new Error(`campaign ${campaign.id}: no demo customer ${customerNumber}`);
      rows.customers.push({ campaignId: campaign.id, customerId });
    }
  }
  return rows;
}
