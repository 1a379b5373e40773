/**
 * Area rows and their settings (spec §3 Area settings): domains, locations, the site menu, default facets, texts, the
 * campaign banners (campaigns.ts) and discount codes (discount-splashes.ts).
 */
import { AREA_DEFAULTS, type AreaId, type AreaSettings, type DefaultFacet, type MenuEntry } from '@b2b/contract';
import type { areas } from '../schema.ts';
import { buildAreaCampaignSettings } from './campaigns.ts';
import { SEED_DISCOUNT_CODES } from './discount-splashes.ts';

/** Facets the search page shows by default; `queryField` equals `field` (spec §2 listing pages). */
export const DEFAULT_FACETS: DefaultFacet[] = [
  { type: 'CheckboxOr', facetName: 'Brand', field: 'brand', queryField: 'brand', valueType: 'text' },
  { type: 'CheckboxOr', facetName: 'Category', field: 'category', queryField: 'category', valueType: 'text' },
  { type: 'CheckboxAnd', facetName: 'Size', field: 'size', queryField: 'size', valueType: 'text' },
  { type: 'CheckboxOr', facetName: 'Colour', field: 'colour', queryField: 'colour', valueType: 'text' },
  { type: 'CheckboxOr', facetName: 'Material', field: 'material', queryField: 'material', valueType: 'text' },
  { type: 'CheckboxOr', facetName: 'Gender', field: 'gender', queryField: 'gender', valueType: 'text' },
  { type: 'CheckboxOr', facetName: 'Season', field: 'season', queryField: 'season', valueType: 'text' },
  { type: 'Slider', facetName: 'Stock level', field: 'stockLevel', queryField: 'stockLevel', valueType: 'number' },
  { type: 'Slider', facetName: 'New stock date', field: 'newStockDate', queryField: 'newStockDate', valueType: 'date' },
];

/** Each area's texts and selling company; the content pages quote the same addresses. */
export const AREA_TEXTS: Record<
  AreaId,
  {
    topBarText: string;
    footerContent: string;
    /** Host names; the first is the primary one (spec §3 domains: language, domain, isPrimary). */
    domains: readonly string[];
    seller: AreaSettings['seller'];
  }
> = {
  eu: {
    // No amount here: the threshold depends on the buyer's currency (EUR, NOK, USD); the cart and checkout show it.
    topBarText: 'Free standard freight on larger orders: your cart shows the threshold in your currency',
    footerContent: 'Ridgeline Wholesale Europe · Harbour Street 12 · 1050 Copenhagen · orders@ridgeline.example',
    domains: ['eu.ridgeline.example', 'shop.ridgeline.eu'],
    seller: {
      name: 'Ridgeline Wholesale Europe ApS',
      addressLines: ['Harbour Street 12', '1050 Copenhagen', 'Denmark'],
      email: 'orders@ridgeline.example',
      taxId: 'VAT DK12345678',
      bankName: 'Nordhavn Bank',
      bankAccount: 'IBAN DK50 0040 0440 1162 43',
      bic: 'NORHDKKK',
    },
  },
  us: {
    topBarText: 'Free standard freight on larger orders: your cart shows the threshold in your currency',
    footerContent:
      'Ridgeline Wholesale North America · 400 Pier Avenue · Santa Monica, CA 90401 · orders-na@ridgeline.example',
    domains: ['us.ridgeline.example', 'ridgeline-wholesale.example'],
    seller: {
      name: 'Ridgeline Wholesale North America Inc.',
      addressLines: ['400 Pier Avenue', 'Santa Monica, CA 90401', 'United States'],
      email: 'orders-na@ridgeline.example',
      taxId: 'EIN 95-1234567',
      bankName: 'Pacific Coast Bank',
      bankAccount: 'ABA 121000358, account 000123456789',
      bic: 'PCBKUS66',
    },
  },
};

function entry(id: string, name: string, url: string, tags: MenuEntry['tags'], children: MenuEntry[] = []): MenuEntry {
  return { id, name, url, tags, children };
}

/**
 * The `site` menu editors manage (spec §2 Menus): Campaigns in the main menu; the customer center's pages in the main
 * menu for logged-in users only (every level tagged requires-login, since the storefront filters at every depth);
 * the service pages in the top menu. The category menu is not stored: the API builds it from the catalogue.
 */
const SITE_MENU_ENTRIES: MenuEntry[] = [
  entry('campaigns', 'Campaigns', '/campaigns', ['primary']),
  entry(
    'my-account',
    'My account',
    '/customer-center',
    ['requires-login'],
    [
      entry('orders', 'Orders', '/customer-center/orders', ['requires-login']),
      entry('invoices', 'Invoices', '/customer-center/invoices', ['requires-login']),
      entry('credit-memos', 'Credit memos', '/customer-center/credit-memos', ['requires-login']),
      entry('instant-excel', 'Instant Excel', '/customer-center/instant-excel', ['requires-login']),
      entry('change-password', 'Change password', '/customer-center/user/change-password', ['requires-login']),
    ],
  ),
  entry('about', 'About us', '/about', ['secondary']),
  entry('contact', 'Contact', '/contact', ['secondary']),
  entry('delivery', 'Delivery', '/delivery', ['secondary']),
  entry('returns', 'Returns', '/returns', ['secondary']),
  entry('terms', 'Terms', '/terms', ['secondary']),
  entry('request-account', 'Request an account', '/request-account', ['secondary', 'anonymous-only']),
];

const AREA_IDS = ['eu', 'us'] as const;

function areaInfoOf(areaId: AreaId) {
  const { languageCode, currencyCode } = AREA_DEFAULTS[areaId];
  return { areaId, languageCode, currencyCode };
}

/** Builds the settings of one area. */
function buildAreaSettings(areaId: AreaId): AreaSettings {
  const texts = AREA_TEXTS[areaId];
  return {
    domains: texts.domains.map((domain, index) => ({
      language: AREA_DEFAULTS[areaId].languageCode,
      domain,
      isPrimary: index === 0,
    })),
    locations: AREA_IDS.map((code) => ({ code, name: AREA_DEFAULTS[code].name, areaInfo: areaInfoOf(code) })),
    // Every host of the shop, in both areas' settings: a visitor on one host can be sent to the other area's.
    domainEntries: AREA_IDS.flatMap((code) =>
      AREA_TEXTS[code].domains.map((domain) => ({ code, areaInfo: areaInfoOf(code), domain })),
    ),
    footerContent: texts.footerContent,
    seller: texts.seller,
    topBarText: texts.topBarText,
    ...buildAreaCampaignSettings(areaId),
    defaultFacets: DEFAULT_FACETS,
    discountCodes: [...SEED_DISCOUNT_CODES],
    menus: [{ id: 'site', name: 'Site menu', entries: SITE_MENU_ENTRIES }],
  };
}

/** Both area rows (spec §1 table). */
export function buildAreaRows(): Array<typeof areas.$inferInsert> {
  return (['eu', 'us'] as const).map((areaId) => ({
    id: areaId,
    name: AREA_DEFAULTS[areaId].name,
    languageCode: AREA_DEFAULTS[areaId].languageCode,
    currencyCode: AREA_DEFAULTS[areaId].currencyCode,
    settings: buildAreaSettings(areaId),
  }));
}

/** VAT in basis points: 25 % in the EU area; US prices are shown without sales tax. */
export const VAT_RATES: Record<AreaId, number> = { eu: 2500, us: 0 };

/** The seller's country per area (its VAT registration): Copenhagen for Europe, Santa Monica for the USA. */
export const SELLER_COUNTRY_CODES: Record<AreaId, string> = { eu: 'DK', us: 'US' };
