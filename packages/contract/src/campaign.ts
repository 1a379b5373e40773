/**
 * Customer campaigns and discount splashes (spec §1, §3 Campaign and Discount splash, §7; issue 27, ADR 029).
 * A campaign gives a percentage off the customer's net price from a quantity on: `Campaign` counts each product's
 * own quantity, `MixMatch` the summed quantity of all the campaign's products in the cart.
 */
import { z } from 'zod';
import { areaInfoSchema, areaQueryShape } from './common.ts';
import { MAX_SPLASH_PRODUCT_IDS } from './constants.ts';

export const CAMPAIGN_TYPES = ['Campaign', 'MixMatch'] as const;
export const campaignTypeSchema = z
  .enum(CAMPAIGN_TYPES)
  .describe(
    "Campaign: a level applies to each product's own quantity. MixMatch: to the summed quantity of all the " +
      "campaign's products in the cart.",
  );
export type CampaignType = z.infer<typeof campaignTypeSchema>;

/**
 * The deal pages' `{campaignType}` path segment (spec §2 /deals/{campaignType}, default all-deals) and the campaign
 * types each one lists.
 */
export const DEAL_PAGE_TYPES = {
  'all-deals': ['Campaign', 'MixMatch'],
  campaign: ['Campaign'],
  'mix-and-match': ['MixMatch'],
} as const satisfies Record<string, readonly CampaignType[]>;
export type DealPageType = keyof typeof DEAL_PAGE_TYPES;
export const dealPageTypeSchema = z.enum(Object.keys(DEAL_PAGE_TYPES) as [DealPageType, ...DealPageType[]]);
export const DEFAULT_DEAL_PAGE_TYPE: DealPageType = 'all-deals';

/** Who a campaign is for: every customer of its area, the customers of some price groups, or named customers. */
export const CAMPAIGN_TARGETINGS = ['all', 'priceGroups', 'customers'] as const;
export type CampaignTargeting = (typeof CAMPAIGN_TARGETINGS)[number];

/** One level of a campaign: from `minimumQuantity` pieces on, `discountPercentage` off the net price. */
export const campaignQuantitySchema = z
  .object({
    minimumQuantity: z.number().int().min(1),
    discountPercentage: z
      .number()
      .min(0)
      .max(100)
      .multipleOf(0.01)
      .describe('Percent off the net price, at most two decimals; 0 is a level that gives nothing (never current).'),
  })
  .strict();
export type CampaignQuantity = z.infer<typeof campaignQuantitySchema>;

/** A campaign as the customer sees it (spec §3 Campaign, with what the pages show about it). */
export const campaignSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  description: z.string().describe('What the campaign is about, as the campaign page shows it.'),
  campaignType: campaignTypeSchema,
  validFrom: z.iso.datetime({ offset: true }),
  validTo: z.iso.datetime({ offset: true }).describe('The first moment the campaign no longer applies.'),
  items: z.array(z.string()).describe('Product ids of the campaign, discontinued products left out (ADR 029).'),
  campaignQuantities: z
    .array(campaignQuantitySchema)
    .describe('The levels, highest minimumQuantity first (ADR 029: what "first" means in the level rule).'),
  bannerImageUrl: z.string().nullable().describe('The campaign’s banner image (a site path), if it has one.'),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/Campaigns/GetCampaignsByDebitor?AreaInfo.AreaId&AreaInfo.LanguageCode&AreaInfo.CurrencyCode (spec §5). */
export const getCampaignsByDebitorQuery = z.object(areaQueryShape('AreaInfo')).strict();
export const getCampaignsByDebitorResponse = z.object({
  campaigns: z.array(campaignSchema).describe("The caller's customer's campaigns valid now, ending soonest first."),
});
export type GetCampaignsByDebitorResponse = z.infer<typeof getCampaignsByDebitorResponse>;

/** POST /api/Discounts/GetDiscountSplashesByProductIds (spec §7). */
export const getDiscountSplashesByProductIdsBody = z
  .object({
    productIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_SPLASH_PRODUCT_IDS),
    areaInfo: areaInfoSchema,
  })
  .strict();
export const getDiscountSplashesByProductIdsResponse = z.object({
  discountSplashes: z
    .record(z.string(), z.array(z.string()))
    .describe(
      "Discount-code ids (the area settings' discountCodes) by product id; a product without splashes, or unknown, " +
        'has no entry.',
    ),
});
export type GetDiscountSplashesByProductIdsResponse = z.infer<typeof getDiscountSplashesByProductIdsResponse>;

/**
 * A discount code of the area settings (spec §3): what a splash shows. `properties` carry `backgroundColor` and
 * `textColor` (CSS colours with readable contrast), `label` (the text on the splash; the name when absent) and
 * `audience` (`customers`: a discount only logged-in callers are given, ADR 029).
 */
export const discountCodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  properties: z.record(z.string(), z.string()),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/**
 * A banner of the area settings' campaign lists (spec §3: globalCampaignBanners, productListPageTopBannerCampaigns,
 * mixAndMatchCampaignBanners, productPodBanners). `campaignId` ties it to a campaign: shown only while that campaign
 * is valid for the visitor's customer (and without percentages to anonymous visitors).
 */
export const campaignBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().describe('Where the banner leads, a site path such as /deals/mix-and-match.'),
  campaignId: z.string().nullable(),
});
export type CampaignBanner = z.infer<typeof campaignBannerSchema>;

/**
 * How a calculated cart line was priced by a campaign, and what its next level needs (issue 27's price explainer).
 * Quantities count the line's product (Campaign) or the whole range in the cart (MixMatch).
 */
export const cartLineCampaignSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  campaignType: campaignTypeSchema,
  countedQuantity: z.number().int().describe("The quantity the levels are read at: the line's, or the range's."),
  currentLevel: campaignQuantitySchema.nullable().describe('The level that priced the line; null: none reached.'),
  nextLevel: campaignQuantitySchema.nullable().describe('The level above it; null: the highest is reached.'),
  quantityToNextLevel: z
    .number()
    .int()
    .nullable()
    .describe('Pieces still to add (of the product, or of the range) for nextLevel; null without one.'),
  discount: z.number().describe("What the campaign takes off the line's net price, without VAT."),
});
export type CartLineCampaign = z.infer<typeof cartLineCampaignSchema>;

/** The campaign and level that priced a placed order's (or an invoice's) line, kept as it was then (issue 27). */
export const pricedCampaignSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  campaignType: campaignTypeSchema,
  level: campaignQuantitySchema,
  discount: z.number().describe("What the campaign took off the line's net price, without VAT."),
});
export type PricedCampaign = z.infer<typeof pricedCampaignSchema>;
