/**
 * GetProductsBySearch's dealType (issue 27, the deal pages /deals/{campaignType}): the search restricted to the
 * products of the caller's campaigns of the page's types valid now; anonymous callers get the campaigns that target
 * every customer of the area. The seed's campaigns are removed first, so the expected products are exactly those of
 * the campaigns made here. (The campaign rows' raw SQL is tested on PostgreSQL too by campaigns.test.ts.)
 */
import type { CampaignType, GetProductsBySearchResponse } from '@b2b/contract';
import { productEndpoints } from '@b2b/contract/endpoints/product';
import { campaigns, products } from '@b2b/db/schema';
import { asc, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createCampaign, createPriceGroup } from './support/factories.ts';
import { type Buyer, createBuyer } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, US_AREA } from './support/test-app.ts';

const endpoint = productEndpoints.getProductsBySearch;
const DAY_MS = 24 * 60 * 60 * 1000;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** Products still sold (the index leaves discontinued ones out), in id order: the campaigns take slices of them. */
let sold: string[];
let targetedBuyer: Buyer;
let priceGroupBuyer: Buyer;
let otherBuyer: Buyer;

/** A campaign valid from yesterday for a week unless `from` / `to` (days from now) say otherwise. */
async function addCampaign(fields: {
  id: string;
  type: CampaignType;
  productIds: string[];
  areaId?: 'eu' | 'us';
  from?: number;
  to?: number;
  customerIds?: string[];
  priceGroupIds?: string[];
}) {
  const now = Date.now();
  await createCampaign(testApp.db, {
    id: fields.id,
    productIds: fields.productIds,
    campaignType: fields.type,
    areaId: fields.areaId ?? 'eu',
    validFrom: new Date(now + (fields.from ?? -1) * DAY_MS),
    validTo: new Date(now + (fields.to ?? 7) * DAY_MS),
    ...(fields.customerIds && { customerIds: fields.customerIds }),
    ...(fields.priceGroupIds && { priceGroupIds: fields.priceGroupIds }),
    quantities: [
      { minimumQuantity: 12, discountPercentage: 10 },
      { minimumQuantity: 24, discountPercentage: 15 },
    ],
  });
}

/** Every product id the search finds (all pages at once). */
async function dealIds(body: Record<string, unknown>, token?: string): Promise<string[]> {
  const result = await searchOk({ take: 100, ...body }, token);
  expect(result.itemsTotal).toBe(result.items.length);
  return result.items.map(({ item }) => item.id).sort();
}

async function searchOk(body: Record<string, unknown>, token?: string): Promise<GetProductsBySearchResponse> {
  const response = await callEndpoint(testApp.app, endpoint, {
    body: { area: EU_AREA, ...body },
    ...(token ? { token } : {}),
  });
  return expectOk(endpoint, response);
}

const slice = (from: number, to: number) => sold.slice(from, to);
const sorted = (...lists: string[][]) => [...new Set(lists.flat())].sort();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.db.delete(campaigns);
  const rows = await testApp.db
    .select({ id: products.id })
    .from(products)
    .where(isNull(products.discontinuedAt))
    .orderBy(asc(products.id))
    .limit(40);
  sold = rows.map((row) => row.id);
  expect(sold).toHaveLength(40);

  await createPriceGroup(testApp.db, 'DEALS');
  targetedBuyer = await createBuyer(testApp);
  priceGroupBuyer = await createBuyer(testApp, { customer: { priceGroupId: 'DEALS' } });
  otherBuyer = await createBuyer(testApp);

  await addCampaign({ id: 'everyone-levels', type: 'Campaign', productIds: slice(0, 6) });
  await addCampaign({ id: 'everyone-mix', type: 'MixMatch', productIds: slice(4, 10) });
  await addCampaign({ id: 'ended', type: 'Campaign', productIds: slice(10, 12), from: -10, to: -1 });
  await addCampaign({ id: 'future', type: 'MixMatch', productIds: slice(12, 14), from: 2, to: 9 });
  await addCampaign({ id: 'us-only', type: 'Campaign', productIds: slice(14, 16), areaId: 'us' });
  await addCampaign({
    id: 'named',
    type: 'Campaign',
    productIds: slice(16, 18),
    customerIds: [targetedBuyer.customerId],
  });
  await addCampaign({
    id: 'price-group',
    type: 'MixMatch',
    productIds: slice(18, 20),
    priceGroupIds: ['DEALS'],
  });
});
afterAll(async () => {
  await testApp.close();
});

describe('GetProductsBySearch with dealType', () => {
  it('lists to an anonymous visitor the products of the campaigns for every customer, by the page’s types', async () => {
    expect(await dealIds({ dealType: 'all-deals' })).toEqual(sorted(slice(0, 10)));
    expect(await dealIds({ dealType: 'campaign' })).toEqual(sorted(slice(0, 6)));
    expect(await dealIds({ dealType: 'mix-and-match' })).toEqual(sorted(slice(4, 10)));
  });

  it('adds the campaigns that target the customer by name or by price group, and only theirs', async () => {
    expect(await dealIds({ dealType: 'all-deals' }, targetedBuyer.token)).toEqual(sorted(slice(0, 10), slice(16, 18)));
    expect(await dealIds({ dealType: 'campaign' }, targetedBuyer.token)).toEqual(sorted(slice(0, 6), slice(16, 18)));
    expect(await dealIds({ dealType: 'mix-and-match' }, priceGroupBuyer.token)).toEqual(
      sorted(slice(4, 10), slice(18, 20)),
    );
    expect(await dealIds({ dealType: 'all-deals' }, otherBuyer.token)).toEqual(sorted(slice(0, 10)));
  });

  it('never lists an ended, a future or another area’s campaign', async () => {
    const all = await dealIds({ dealType: 'all-deals' }, targetedBuyer.token);
    for (const id of [...slice(10, 16), ...slice(20, 40)]) expect(all).not.toContain(id);
    expect(await dealIds({ dealType: 'all-deals', area: US_AREA })).toEqual(sorted(slice(14, 16)));
  });

  it('pages, sorts and counts facets within the deals as /search does', async () => {
    const deals = sorted(slice(0, 10));
    const byName = await searchOk({
      dealType: 'all-deals',
      take: 4,
      skip: 0,
      sorting: [{ field: 'name', direction: 'Ascending' }],
    });
    expect(byName.itemsTotal).toBe(10);
    expect(byName.items).toHaveLength(4);
    const secondPage = await searchOk({
      dealType: 'all-deals',
      take: 4,
      skip: 4,
      sorting: [{ field: 'name', direction: 'Ascending' }],
    });
    const pages = [...byName.items, ...secondPage.items].map(({ item }) => item);
    expect(pages.map((item) => item.name)).toEqual(pages.map((item) => item.name).sort((a, b) => a.localeCompare(b)));
    expect(new Set(pages.map((item) => item.id)).size).toBe(8);
    for (const item of pages) expect(deals).toContain(item.id);

    // the brand facet counts only the deals, and selecting a brand narrows the deals to it
    const brands = byName.facetOptions.find((option) => option.field === 'brand');
    const options = brands?.options ?? [];
    expect(options.reduce((sum, option) => sum + option.count, 0)).toBe(10);
    const [first] = options;
    if (!first) throw new Error('expected a brand among the deals');
    const ofBrand = await searchOk({
      dealType: 'all-deals',
      take: 100,
      facets: [{ field: 'brand', type: 'CheckboxOr', values: [first.value] }],
    });
    expect(ofBrand.itemsTotal).toBe(first.count);
    for (const { item } of ofBrand.items) expect(deals).toContain(item.id);
  });

  it('finds nothing, not the whole catalogue, when no campaign of the type runs', async () => {
    await testApp.db.delete(campaigns);
    const result = await searchOk({ dealType: 'all-deals' });
    expect(result.itemsTotal).toBe(0);
    expect(result.items).toEqual([]);
  });

  it('refuses an unknown deal type, naming the field', async () => {
    const response = await callEndpoint(testApp.app, endpoint, {
      body: { area: EU_AREA, dealType: 'black-friday' },
    });
    const error = expectError(endpoint, response, 400);
    expect(JSON.stringify(error)).toContain('dealType');
  });
});
