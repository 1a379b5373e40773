/**
 * The back office's campaign and discount-code calls (issue 28): staff find, create, edit and delete campaigns
 * (issue 27, ADR 029) and edit an area's discount codes (spec §3 Area settings `discountCodes`).
 */
import { z } from 'zod';
import { CAMPAIGN_TARGETINGS, campaignQuantitySchema, campaignTypeSchema } from './campaign.ts';
import { HEX_COLOUR_PATTERN } from './campaign-rules.ts';
import { areaIdSchema, productIdSchema } from './common.ts';
import { customerNumberSchema } from './impersonation.ts';

/** Where a campaign stands now: running, over (validTo has passed) or not begun (validFrom is ahead). */
export const CAMPAIGN_STATES = ['active', 'expired', 'future'] as const;
export const campaignStateSchema = z
  .enum(CAMPAIGN_STATES)
  .describe('active: validFrom ≤ now < validTo; expired: validTo ≤ now; future: now < validFrom.');
export type CampaignState = z.infer<typeof campaignStateSchema>;

/** The columns the campaign list sorts by. */
export const CAMPAIGN_SORT_FIELDS = ['name', 'area', 'validFrom', 'validTo', 'updatedAt'] as const;

const campaignIdSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes, like eu-spring-deck-deal');

const campaignTargetingSchema = z
  .enum(CAMPAIGN_TARGETINGS)
  .describe('all: every customer of the area; priceGroups: the customers of the price groups; customers: by name.');

/** POST /backoffice/api/Campaign/GetBySearch */
export const getCampaignsBySearchBody = z
  .object({
    areaId: areaIdSchema.optional().describe('Only this area’s campaigns; every area when absent.'),
    text: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe('Words the campaign’s id, name or description contains (case-insensitive).'),
    campaignType: campaignTypeSchema.optional(),
    state: campaignStateSchema.optional(),
    sort: z.enum(CAMPAIGN_SORT_FIELDS).default('validTo'),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    pageNr: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(25),
  })
  .strict();

/** A campaign as the back office's list shows it. */
export const campaignListEntrySchema = z.object({
  campaignId: z.string(),
  areaId: areaIdSchema,
  name: z.string(),
  campaignType: campaignTypeSchema,
  validFrom: z.iso.datetime({ offset: true }),
  validTo: z.iso.datetime({ offset: true }).describe('The first moment the campaign no longer applies.'),
  state: campaignStateSchema,
  targeting: campaignTargetingSchema,
  itemCount: z.number().int().describe('Products in the campaign, discontinued ones included.'),
  campaignQuantities: z.array(campaignQuantitySchema).describe('The levels, highest minimumQuantity first.'),
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});

export const getCampaignsBySearchResponse = z.object({
  campaigns: z.array(campaignListEntrySchema),
  totalCount: z.number().int().describe('Campaigns matching the filters, on every page.'),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
});
export type GetCampaignsBySearchResponse = z.infer<typeof getCampaignsBySearchResponse>;

/** GET /backoffice/api/Campaign/GetById?CampaignId */
export const getCampaignByIdQuery = z.object({ CampaignId: campaignIdSchema }).strict();

/** A campaign with everything the edit page shows: its products, price groups and customers by name. */
export const campaignDetailSchema = campaignListEntrySchema.extend({
  description: z.string(),
  bannerImageUrl: z.string().nullable(),
  items: z
    .array(z.object({ productId: z.string(), name: z.string(), isDiscontinued: z.boolean() }))
    .describe('The products, by id; a discontinued one stays in the campaign but is never sold through it.'),
  priceGroups: z.array(z.object({ priceGroupId: z.string(), name: z.string() })),
  customers: z.array(z.object({ customerId: z.string(), customerNumber: z.string(), name: z.string() })),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** POST /backoffice/api/Campaign/Update: creates (version null) or edits (the version read) a campaign. */
export const updateCampaignBody = z
  .object({
    campaignId: campaignIdSchema.describe('The campaign’s key; chosen when it is created, never changed.'),
    version: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe(
        'null: create a campaign with this id (409 if it exists, so a repeated create never makes two). Else the ' +
          'version the editor read: 409 when another save has passed it, nothing changed.',
      ),
    areaId: areaIdSchema,
    name: z.string().trim().min(1, 'is required').max(120),
    description: z.string().trim().max(2_000),
    campaignType: campaignTypeSchema,
    validFrom: z.iso.datetime({ offset: true }),
    validTo: z.iso.datetime({ offset: true }).describe('The first moment it no longer applies; after validFrom.'),
    targeting: campaignTargetingSchema,
    priceGroupIds: z
      .array(z.string().trim().min(1).max(64))
      .max(100)
      .describe('With targeting priceGroups: at least one; otherwise empty.'),
    customerNumbers: z
      .array(customerNumberSchema)
      .max(500)
      .describe('With targeting customers: at least one, customers of the campaign’s area; otherwise empty.'),
    items: z.array(productIdSchema).min(1, 'needs at least one product').max(5_000).describe('Product ids.'),
    campaignQuantities: z
      .array(campaignQuantitySchema)
      .min(1, 'needs at least one level')
      .max(10)
      .describe('The levels in any order; stored highest minimumQuantity first (ADR 029).'),
    bannerImageUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^\/[^\s]*$/, 'must be a site path starting with /')
      .nullable(),
  })
  .strict();
export type UpdateCampaignBody = z.infer<typeof updateCampaignBody>;

/** POST /backoffice/api/Campaign/Delete (204). Orders and invoices keep their copy of the campaign (ADR 029). */
export const deleteCampaignBody = z
  .object({
    campaignId: campaignIdSchema,
    version: z.number().int().min(1).describe('The version the editor read: 409 when another save has passed it.'),
  })
  .strict();

/** GET /backoffice/api/Campaign/GetPriceGroups: the price groups a campaign can target. */
export const getPriceGroupsResponse = z.object({
  priceGroups: z.array(z.object({ priceGroupId: z.string(), name: z.string() })),
});

/** Who a discount code's splash is shown to (ADR 029). */
export const DISCOUNT_CODE_AUDIENCES = ['everyone', 'customers'] as const;

/** A discount code as staff edit it; stored as the area settings' `{ id, name, properties }` (spec §3). */
export const editableDiscountCodeSchema = z
  .object({
    id: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(40)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes, like minus-20'),
    name: z.string().trim().min(1, 'is required').max(60),
    label: z.string().trim().min(1, 'is required').max(30).describe('The text on the splash.'),
    backgroundColor: z.string().regex(HEX_COLOUR_PATTERN, 'must be a colour like #1d4ed8'),
    textColor: z
      .string()
      .regex(HEX_COLOUR_PATTERN, 'must be a colour like #ffffff')
      .describe('At least 4.5:1 against backgroundColor (WCAG 2.2 AA), or the code is refused.'),
    audience: z
      .enum(DISCOUNT_CODE_AUDIENCES)
      .describe('customers: a splash that states a discount, never shown to anonymous visitors (ADR 029).'),
  })
  .strict();
export type EditableDiscountCode = z.infer<typeof editableDiscountCodeSchema>;

/** GET /backoffice/api/Area/GetDiscountCodes?AreaId */
export const getDiscountCodesQuery = z.object({ AreaId: areaIdSchema }).strict();
export const discountCodesResponse = z.object({
  areaId: areaIdSchema,
  discountCodes: z.array(
    editableDiscountCodeSchema.extend({
      splashCount: z.number().int().describe('Products of the area whose pictures carry this code.'),
    }),
  ),
  version: z.string().describe('A fingerprint of the list as read; UpdateDiscountCodes refuses a stale one.'),
});
export type DiscountCodesResponse = z.infer<typeof discountCodesResponse>;

/** POST /backoffice/api/Area/UpdateDiscountCodes: the area's whole list, in the order given. */
export const updateDiscountCodesBody = z
  .object({
    areaId: areaIdSchema,
    version: z.string().min(1).max(64).describe('GetDiscountCodes’ version: 409 when the list changed since.'),
    discountCodes: z.array(editableDiscountCodeSchema).max(50),
  })
  .strict();
export type UpdateDiscountCodesBody = z.infer<typeof updateDiscountCodesBody>;
