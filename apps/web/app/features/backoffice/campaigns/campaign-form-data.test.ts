import { describe, expect, it } from 'vitest';
import {
  campaignListHref,
  fromUtcInputValue,
  readCampaignForm,
  readCampaignListParams,
  readLevels,
  splitIdList,
  toUtcInputValue,
} from './campaign-form-data.ts';

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('readCampaignListParams', () => {
  it('reads known filters and leaves out unknown ones', () => {
    const params = readCampaignListParams(new URLSearchParams('q= deck &area=eu&type=MixMatch&state=future&page=3'));
    expect(params).toEqual({
      text: 'deck',
      areaId: 'eu',
      campaignType: 'MixMatch',
      state: 'future',
      sort: { field: 'validTo', direction: 'asc' },
      page: 3,
    });
    const odd = readCampaignListParams(new URLSearchParams('area=mars&type=Bundle&state=running&page=-2'));
    expect(odd).toMatchObject({ areaId: '', campaignType: '', state: '', page: 1 });
  });

  it('writes them back into a link, the first page without a page number', () => {
    const params = readCampaignListParams(new URLSearchParams('q=deck&state=active&sort=name&dir=desc'));
    expect(campaignListHref(params, 1)).toBe('/backoffice/campaigns?q=deck&state=active&sort=name&dir=desc');
    expect(campaignListHref(params, 2)).toBe('/backoffice/campaigns?q=deck&state=active&sort=name&dir=desc&page=2');
  });
});

describe('the edit form', () => {
  it('splits ids on lines, commas, semicolons and spaces, each once', () => {
    expect(splitIdList('100040\n100109, 100214;100040  100230\r\n')).toEqual(['100040', '100109', '100214', '100230']);
  });

  it('reads datetime-local values as UTC and keeps the loaded time when the minute is unchanged', () => {
    const loaded = '2025-11-01T00:00:00.000Z';
    expect(toUtcInputValue(loaded)).toBe('2025-11-01T00:00');
    expect(fromUtcInputValue('2025-11-01T00:00', '2025-11-01T00:00:30.500Z')).toBe('2025-11-01T00:00:30.500Z');
    expect(fromUtcInputValue('2026-03-01T08:30', loaded)).toBe('2026-03-01T08:30:00.000Z');
  });

  it('reads the level rows, dropping empty ones and keeping a half-filled one for the API to name', () => {
    const levels = readLevels(
      form([
        ['minimumQuantity', '12'],
        ['discountPercentage', '12,5'],
        ['minimumQuantity', ''],
        ['discountPercentage', ''],
        ['minimumQuantity', '24'],
        ['discountPercentage', ''],
      ]),
    );
    expect(levels[0]).toEqual({ minimumQuantity: 12, discountPercentage: 12.5 });
    expect(levels).toHaveLength(2);
    expect(levels[1]?.minimumQuantity).toBe(24);
    expect(Number.isNaN(levels[1]?.discountPercentage)).toBe(true);
  });

  it('sends only the list the chosen targeting uses', () => {
    const body = readCampaignForm(
      form([
        ['campaignId', 'eu-deal'],
        ['version', '3'],
        ['targeting', 'customers'],
        ['priceGroupIds', 'A'],
        ['customerNumbers', '10001\n10002'],
        ['items', '100040'],
        ['bannerImageUrl', ''],
      ]),
    );
    expect(body).toMatchObject({
      campaignId: 'eu-deal',
      version: 3,
      targeting: 'customers',
      priceGroupIds: [],
      customerNumbers: ['10001', '10002'],
      items: ['100040'],
      bannerImageUrl: null,
    });
    expect(readCampaignForm(form([['targeting', 'everyone']])).targeting).toBe('all');
    expect(readCampaignForm(form([['version', '']])).version).toBeNull();
  });
});
