import { z } from 'zod';
import { campaignBannerSchema, discountCodeSchema } from './campaign.ts';
import { areaIdSchema, areaInfoSchema, currencyCodeSchema, languageCodeSchema } from './common.ts';

export const facetTypeSchema = z.enum(['CheckboxAnd', 'CheckboxOr', 'Slider']);

/** A facet the search page shows by default (area settings, spec §3). */
export const defaultFacetSchema = z.object({
  type: facetTypeSchema,
  facetName: z.string().describe('Label shown to users.'),
  field: z.string().describe('Search field the facet filters on.'),
  queryField: z.string().describe('Query-string parameter that carries the selection (spec §2).'),
  valueType: z.enum(['text', 'number', 'date']).describe('Slider values are numbers or dates (yyyy-mm-dd).'),
});
export type DefaultFacet = z.infer<typeof defaultFacetSchema>;

/**
 * Menu tags of spec §2: `primary` entries join the categories in the main menu, `secondary` ones form the top menu,
 * `requires-login` ones show only to logged-in users (and join the main menu). Ours beside them: `anonymous-only`
 * entries show only to visitors who are not logged in ("Request an account" means nothing to a buyer who has one).
 */
export const menuTagSchema = z.enum(['primary', 'secondary', 'requires-login', 'anonymous-only']);

export type MenuEntry = {
  id: string;
  name: string;
  url: string;
  tags: Array<z.infer<typeof menuTagSchema>>;
  extraInfo?: string | undefined;
  children: MenuEntry[];
};
/**
 * A menu entry and its children, to any depth. A recursive schema needs a name in the OpenAPI document (it refers
 * to itself), so it is registered with the id `MenuEntry` and appears there as a component.
 */
export const menuEntrySchema: z.ZodType<MenuEntry> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      tags: z.array(menuTagSchema),
      extraInfo: z.string().optional(),
      children: z.array(menuEntrySchema),
    }),
  )
  .meta({ id: 'MenuEntry' });

export const menuSchema = z.object({
  id: z
    .string()
    .describe(
      '`site`: the entries editors manage (tagged); `categories`: the category tree, built from the catalogue. The ' +
        'storefront composes its main menu (primary and requires-login entries plus the categories, minus the excluded ' +
        'category ids) and its top menu (secondary entries) from them (spec §2 Menus).',
    ),
  name: z.string(),
  entries: z.array(menuEntrySchema),
});

/**
 * The company that sells in an area: named as the seller on its invoices and credit memos, with where to pay them
 * (issue 9). Area data, not code, so each area's documents name their own company and bank.
 */
export const areaSellerSchema = z.object({
  name: z.string().describe('Legal name, e.g. Ridgeline Wholesale Europe.'),
  addressLines: z.array(z.string()).describe('Postal address, one entry per printed line.'),
  email: z.string(),
  taxId: z.string().describe('Tax registration as printed, with its kind: `VAT DK12345678`, `EIN 95-1234567`.'),
  bankName: z.string(),
  bankAccount: z.string().describe('Account invoices are paid to, as printed: `IBAN DK50 …` or `ABA … account …`.'),
  bic: z.string().describe('SWIFT/BIC code of the bank.'),
});

/** A location list entry (spec §3): an area a visitor can switch to. */
export const locationEntrySchema = z.object({
  code: areaIdSchema.describe('`us` or `eu`.'),
  name: z.string(),
  areaInfo: areaInfoSchema,
});

/** A domain entry (spec §3): which host serves which area. */
export const domainEntrySchema = z.object({
  code: areaIdSchema,
  areaInfo: areaInfoSchema,
  domain: z.string().describe('Host name, e.g. `eu.ridgeline.example`.'),
});

/** Area settings of spec §3. */
export const areaSettingsSchema = z.object({
  domains: z.array(z.object({ language: z.string(), domain: z.string(), isPrimary: z.boolean() })),
  locations: z.array(locationEntrySchema).describe('The location list: every area a visitor can switch to.'),
  domainEntries: z.array(domainEntrySchema).describe('Every host of the shop and the area it serves.'),
  footerContent: z.string(),
  seller: areaSellerSchema,
  topBarText: z.string(),
  globalCampaignBanners: z.array(campaignBannerSchema).describe('Under the header on every page.'),
  productListPageTopBannerCampaigns: z.array(campaignBannerSchema).describe('Above the product lists (search, deals).'),
  mixAndMatchCampaignBanners: z.array(campaignBannerSchema).describe('On the mix & match deals page.'),
  productPodBanners: z.array(campaignBannerSchema).describe('Among the product cards ("pods") of a product list.'),
  plpCampaignFooterText: z.string().describe('Below the product lists of the deal pages.'),
  defaultFacets: z.array(defaultFacetSchema),
  discountCodes: z.array(discountCodeSchema).describe("What products' discount splashes show (spec §3)."),
  menus: z.array(menuSchema),
});
export type AreaSettings = z.infer<typeof areaSettingsSchema>;

export const areaSchema = z.object({
  areaId: areaIdSchema,
  name: z.string(),
  languageCode: languageCodeSchema,
  currencyCode: currencyCodeSchema,
  settings: areaSettingsSchema,
});
export type Area = z.infer<typeof areaSchema>;

/** GET /api/Area/GetAreaById?AreaId&Language */
export const getAreaByIdQuery = z
  .object({
    AreaId: areaIdSchema,
    Language: languageCodeSchema.optional(),
  })
  .strict();

/** GET /backoffice/api/Area/GetAreas: location list entries (spec §3). */
export const getAreasResponse = z.object({
  areas: z.array(locationEntrySchema),
});
export type GetAreasResponse = z.infer<typeof getAreasResponse>;
