/** Area rows and their settings (spec §3 Area settings): menus from the category tree, default facets, texts. */
import { AREA_DEFAULTS, type AreaId, type AreaSettings, type DefaultFacet, type MenuEntry } from '@b2b/contract';
import type { areas } from '../schema.ts';
import type { SeedRootCategory } from './catalogue-data.ts';

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

const AREA_TEXTS: Record<
  AreaId,
  { topBarText: string; footerContent: string; domain: string; seller: AreaSettings['seller'] }
> = {
  eu: {
    topBarText: 'Free freight on orders over EUR 500',
    footerContent: 'Ridgeline Wholesale Europe · Harbour Street 12 · 1050 Copenhagen · orders@ridgeline.example',
    domain: 'eu.ridgeline.example',
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
    topBarText: 'Free freight on orders over USD 500',
    footerContent:
      'Ridgeline Wholesale North America · 400 Pier Avenue · Santa Monica, CA 90401 · orders-na@ridgeline.example',
    domain: 'us.ridgeline.example',
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

/** The `main` menu: the category tree (roots with their leaves), all tagged primary. */
function buildMainMenuEntries(tree: readonly SeedRootCategory[]): MenuEntry[] {
  return tree.map((root) => ({
    id: root.id,
    name: root.name,
    url: `/${root.id}`,
    tags: ['primary'],
    children: root.children.map((leaf) => ({
      id: `${root.id}-${leaf.slug}`,
      name: leaf.name,
      url: `/${root.id}/${leaf.slug}`,
      tags: ['primary'],
      children: [],
    })),
  }));
}

/** A top-menu entry only logged-in users see (spec §2 Menus). */
function loggedInEntry(id: string, name: string, url: string): MenuEntry {
  return { id, name, url, tags: ['secondary', 'requires-login'], children: [] };
}

/**
 * The `top` menu: secondary entries; the customer center's pages only for logged-in users (spec §2 Menus). Only pages
 * that exist are listed: deals and favourite lists join when they are built.
 */
const TOP_MENU_ENTRIES: MenuEntry[] = [
  { id: 'search', name: 'Search', url: '/search', tags: ['secondary'], children: [] },
  loggedInEntry('customer-center', 'Customer center', '/customer-center'),
  loggedInEntry('orders', 'Orders', '/customer-center/orders'),
  loggedInEntry('invoices', 'Invoices', '/customer-center/invoices'),
  loggedInEntry('credit-memos', 'Credit memos', '/customer-center/credit-memos'),
];

const AREA_IDS = ['eu', 'us'] as const;

function areaInfoOf(areaId: AreaId) {
  const { languageCode, currencyCode } = AREA_DEFAULTS[areaId];
  return { areaId, languageCode, currencyCode };
}

/** Builds the settings of one area. */
export function buildAreaSettings(areaId: AreaId, tree: readonly SeedRootCategory[]): AreaSettings {
  const texts = AREA_TEXTS[areaId];
  return {
    domains: [{ language: 'en-GB', domain: texts.domain, isPrimary: true }],
    locations: AREA_IDS.map((code) => ({ code, name: AREA_DEFAULTS[code].name, areaInfo: areaInfoOf(code) })),
    domainEntries: AREA_IDS.map((code) => ({ code, areaInfo: areaInfoOf(code), domain: AREA_TEXTS[code].domain })),
    footerContent: texts.footerContent,
    seller: texts.seller,
    topBarText: texts.topBarText,
    globalCampaignBanners: [],
    productListPageTopBannerCampaigns: [],
    mixAndMatchCampaignBanners: [],
    productPodBanners: [],
    plpCampaignFooterText: '',
    defaultFacets: DEFAULT_FACETS,
    discountCodes: [],
    menus: [
      { id: 'main', name: 'Main menu', entries: buildMainMenuEntries(tree) },
      { id: 'top', name: 'Top menu', entries: TOP_MENU_ENTRIES },
    ],
  };
}

/** Both area rows (spec §1 table). */
export function buildAreaRows(tree: readonly SeedRootCategory[]): Array<typeof areas.$inferInsert> {
  return (['eu', 'us'] as const).map((areaId) => ({
    id: areaId,
    name: AREA_DEFAULTS[areaId].name,
    languageCode: AREA_DEFAULTS[areaId].languageCode,
    currencyCode: AREA_DEFAULTS[areaId].currencyCode,
    settings: buildAreaSettings(areaId, tree),
  }));
}

/** VAT in basis points: 25 % in the EU area; US prices are shown without sales tax. */
export const VAT_RATES: Record<AreaId, number> = { eu: 2500, us: 0 };
