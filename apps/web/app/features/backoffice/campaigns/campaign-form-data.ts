/**
 * The back office's campaign pages (issue 28), the parts without a server: the list's filters as the URL holds them,
 * and the edit form's fields read into what Campaign/Update takes. Browser-safe (types only from the contract).
 */
import type { CampaignQuantity, CampaignTargeting, CampaignType } from '@b2b/contract';
import { readPageNumber } from '~/lib/page-number.ts';
import { type ListSort, readListSort } from '../list-sort.ts';

export const CAMPAIGNS_PATH = '/backoffice/campaigns';
export const DISCOUNT_CODES_PATH = `${CAMPAIGNS_PATH}/discount-codes`;

/** Campaigns a page of the list shows. */
export const CAMPAIGN_LIST_PAGE_SIZE = 25;

export const CAMPAIGN_AREA_IDS = ['eu', 'us'] as const;
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = { Campaign: 'Campaign', MixMatch: 'Mix & match' };
export const CAMPAIGN_STATE_LABELS = { active: 'Active', expired: 'Expired', future: 'Future' } as const;
export type CampaignStateFilter = keyof typeof CAMPAIGN_STATE_LABELS;
/** The targeting as the list's narrow column names it. */
export const TARGETING_SHORT_LABELS: Record<CampaignTargeting, string> = {
  all: 'All customers',
  priceGroups: 'Price groups',
  customers: 'Named customers',
};
export const TARGETING_LABELS: Record<CampaignTargeting, string> = {
  all: 'Every customer of the area',
  priceGroups: 'Price groups',
  customers: 'Named customers',
};

const SORT_FIELDS = ['name', 'area', 'validFrom', 'validTo', 'updatedAt'] as const;
export type CampaignSortField = (typeof SORT_FIELDS)[number];
const DEFAULT_SORT: ListSort<CampaignSortField> = { field: 'validTo', direction: 'asc' };

export type CampaignListParams = {
  text: string;
  areaId: (typeof CAMPAIGN_AREA_IDS)[number] | '';
  campaignType: CampaignType | '';
  state: CampaignStateFilter | '';
  sort: ListSort<CampaignSortField>;
  page: number;
};

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/** The list's filters from the URL (`?q=&area=&type=&state=&sort=&dir=&page=`); anything unknown is left out. */
export function readCampaignListParams(search: URLSearchParams): CampaignListParams {
  return {
    text: (search.get('q') ?? '').trim().slice(0, 100),
    areaId: oneOf(search.get('area'), CAMPAIGN_AREA_IDS),
    campaignType: oneOf(search.get('type'), ['Campaign', 'MixMatch'] as const),
    state: oneOf(search.get('state'), ['active', 'expired', 'future'] as const),
    sort: readListSort(search, SORT_FIELDS, DEFAULT_SORT),
    page: readPageNumber(search.get('page')),
  };
}

/** The URL of the list with these filters, on `page`. */
export function campaignListHref(params: CampaignListParams, page: number): string {
  const search = new URLSearchParams();
  if (params.text) search.set('q', params.text);
  if (params.areaId) search.set('area', params.areaId);
  if (params.campaignType) search.set('type', params.campaignType);
  if (params.state) search.set('state', params.state);
  search.set('sort', params.sort.field);
  search.set('dir', params.sort.direction);
  if (page > 1) search.set('page', String(page));
  return `${CAMPAIGNS_PATH}?${search.toString()}`;
}

/** Ids typed into a text box: one a line, or separated by commas, semicolons or spaces; each once, in order. */
export function splitIdList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** `YYYY-MM-DDTHH:mm` of a datetime-local field, in UTC (the form says so), from an ISO time. */
export function toUtcInputValue(iso: string): string {
  return new Date(iso).toISOString().slice(0, 16);
}

/**
 * The ISO time of a datetime-local field read as UTC. When it shows the same minute as `original` (what was loaded),
 * the original is kept, so saving an untouched form changes no date by its seconds.
 */
export function fromUtcInputValue(value: string, original: string): string {
  if (original && toUtcInputValue(original) === value) return original;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
  return new Date(`${value}:00Z`).toISOString();
}

/** The levels of the form's rows (`minimumQuantity`, `discountPercentage` repeated); rows left empty are dropped. */
export function readLevels(formData: FormData): CampaignQuantity[] {
  const minimums = formData.getAll('minimumQuantity').map(String);
  const percentages = formData.getAll('discountPercentage').map(String);
  const levels: CampaignQuantity[] = [];
  minimums.forEach((minimum, index) => {
    const percentage = percentages[index] ?? '';
    if (minimum.trim() === '' && percentage.trim() === '') return;
    // A half-filled row keeps its empty cell as NaN (sent as null), so the API names that field; Number('') is 0.
    levels.push({
      minimumQuantity: minimum.trim() === '' ? Number.NaN : Number(minimum),
      discountPercentage: percentage.trim() === '' ? Number.NaN : Number(percentage.replace(',', '.')),
    });
  });
  return levels;
}

/** What the edit form sends to Campaign/Update: only the list the chosen targeting uses. */
export function readCampaignForm(formData: FormData) {
  const text = (name: string) => String(formData.get(name) ?? '').trim();
  const targeting = oneOf(text('targeting'), ['all', 'priceGroups', 'customers'] as const) || 'all';
  const version = text('version');
  const bannerImageUrl = text('bannerImageUrl');
  return {
    campaignId: text('campaignId'),
    version: version === '' ? null : Number(version),
    areaId: text('areaId'),
    name: text('name'),
    description: text('description'),
    campaignType: text('campaignType'),
    validFrom: fromUtcInputValue(text('validFrom'), text('originalValidFrom')),
    validTo: fromUtcInputValue(text('validTo'), text('originalValidTo')),
    targeting,
    priceGroupIds: targeting === 'priceGroups' ? formData.getAll('priceGroupIds').map(String) : [],
    customerNumbers: targeting === 'customers' ? splitIdList(text('customerNumbers')) : [],
    items: splitIdList(text('items')),
    campaignQuantities: readLevels(formData),
    bannerImageUrl: bannerImageUrl === '' ? null : bannerImageUrl,
  };
}

/**
 * Where an API field error shows in the form: levels' fields under the levels editor, the rest by their own name
 * (`campaignQuantities.0.discountPercentage` → `campaignQuantities`).
 */
export function formFieldOf(apiField: string): string {
  return apiField.split('.')[0] ?? apiField;
}
