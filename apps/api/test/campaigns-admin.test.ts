/**
 * The back office's campaign and discount-code calls (issue 28) against a real database: search, read, create, edit
 * and delete campaigns, and edit an area's discount codes. Each write is recorded in the audit log with the values
 * before and after; a refused write writes nothing (no audit entry either). Two saves of one version at once: one
 * wins, the other is a 409 (run on PostgreSQL too). An edit reaches GetCampaignsByDebitor and the cart's pricing; a
 * placed order keeps the campaign that priced it.
 */
import type { CampaignQuantity } from '@b2b/contract';
import { campaignEndpoints } from '@b2b/contract/endpoints/campaign';
import { campaignAdminEndpoints } from '@b2b/contract/endpoints/campaign-admin';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { type AddressSnapshot, auditEntries, cacheInvalidations, campaignItems, campaigns } from '@b2b/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import {
  createCampaign,
  createPriceGroup,
  createProduct,
  setAreaDiscountCodes,
  setDiscountSplashes,
  setPrice,
  setVatRates,
} from './support/factories.ts';
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const buyer = { customerId: '', userId: '', customerNumber: '', token: '' };
let usCustomerNumber = '';
let staffToken = '';
let shippingAddress: AddressSnapshot;

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);
const level = (minimumQuantity: number, discountPercentage: number): CampaignQuantity => ({
  minimumQuantity,
  discountPercentage,
});

const {
  getCampaignsBySearch: search,
  getCampaignById: byId,
  updateCampaign: update,
  deleteCampaign: remove,
  getPriceGroups,
  getDiscountCodes,
  updateDiscountCodes,
} = campaignAdminEndpoints;

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  await createPriceGroup(db, 'CA', 'Retail chains');
  for (const productId of ['CA-100', 'CA-200', 'CA-300', 'CA-400']) {
    await createProduct(db, productId, [`${productId}-01`]);
    // 10.00 a piece, so a percentage is easy to read in the totals.
    await setPrice(db, { productId, currencyCode: 'EUR', unitPriceMinor: 1_000 });
    await setStock(db, `${productId}-01`, 1_000);
  }
  const signedIn = await createBuyer(testApp, { username: 'campaign-admin-buyer', address: true });
  shippingAddress = signedIn.address;
  Object.assign(buyer, {
    customerId: signedIn.customerId,
    userId: signedIn.userId,
    customerNumber: signedIn.customer.customerNumber,
    token: signedIn.token,
  });
  const usBuyer = await createBuyer(testApp, { username: 'campaign-admin-us', customer: { areaId: 'us' } });
  usCustomerNumber = usBuyer.customer.customerNumber;
  staffToken = (await createStaff(testApp, { username: 'campaign-admin-staff' })).token;

  // For the list: one of each state, both areas, both types.
  await createCampaign(db, { id: 'list-active', name: 'Spring wheels', productIds: ['CA-300'] });
  await createCampaign(db, {
    id: 'list-expired',
    name: 'Winter wheels',
    productIds: ['CA-300'],
    validFrom: daysFromNow(-60),
    validTo: daysFromNow(-30),
  });
  await createCampaign(db, {
    id: 'list-future',
    name: 'Autumn bearings',
    campaignType: 'MixMatch',
    productIds: ['CA-300'],
    validFrom: daysFromNow(30),
    validTo: daysFromNow(60),
  });
  await createCampaign(db, { id: 'list-us', areaId: 'us', name: 'US wheels', productIds: ['CA-300'] });
});

afterAll(async () => {
  await testApp?.close();
});

function asStaff(endpoint: (typeof campaignAdminEndpoints)[keyof typeof campaignAdminEndpoints], input: object) {
  return callEndpoint(testApp.app, endpoint, { token: staffToken, ...input });
}

/** The period of the campaigns the tests create: fixed once, so a save of the same fields changes no date. */
const PERIOD = { validFrom: daysFromNow(-1).toISOString(), validTo: daysFromNow(30).toISOString() };

/** A complete Update body for a new campaign on CA-100, for everyone in the EU. */
function newCampaign(campaignId: string, fields: Record<string, unknown> = {}) {
  return {
    campaignId,
    version: null,
    areaId: 'eu',
    name: `Campaign ${campaignId}`,
    description: 'Wheels for the park.',
    campaignType: 'Campaign',
    ...PERIOD,
    targeting: 'all',
    priceGroupIds: [],
    customerNumbers: [],
    items: ['CA-100'],
    // Typed lowest first, as an editor would.
    campaignQuantities: [level(6, 5), level(12, 10)],
    bannerImageUrl: null,
    ...fields,
  };
}

function auditOf(objectType: string, objectId: string) {
  return testApp.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, objectType), eq(auditEntries.objectId, objectId)))
    .orderBy(asc(auditEntries.occurredAt));
}

async function calculate(cartId: string) {
  const endpoint = cartEndpoints.calculateCart;
  const response = await callEndpoint(testApp.app, endpoint, {
    token: buyer.token,
    body: { area: EU_AREA, cartId, shipToCountryCode: 'DK' },
  });
  return expectOk(endpoint, response).cart;
}

/** How many times the storefront's campaign lists were asked to be emptied everywhere. */
async function campaignListInvalidations(): Promise<number> {
  const rows = await testApp.db.select().from(cacheInvalidations).where(eq(cacheInvalidations.cacheType, 'campaigns'));
  return rows.length;
}

describe('Campaign/GetBySearch', () => {
  it('filters by area, text, type and state, and pages', async () => {
    const names = async (body: object) =>
      expectOk(search, await asStaff(search, { body })).campaigns.map((campaign) => campaign.campaignId);
    expect(await names({ text: 'wheels', sort: 'name' })).toEqual(['list-active', 'list-us', 'list-expired']);
    expect(await names({ text: 'wheels', areaId: 'eu', sort: 'name' })).toEqual(['list-active', 'list-expired']);
    expect(await names({ text: 'list', state: 'expired' })).toEqual(['list-expired']);
    expect(await names({ text: 'list', state: 'future' })).toEqual(['list-future']);
    expect(await names({ text: 'list', campaignType: 'MixMatch' })).toEqual(['list-future']);
    expect(await names({ text: 'list', state: 'active', areaId: 'eu' })).toEqual(['list-active']);

    const page = expectOk(
      search,
      await asStaff(search, { body: { text: 'list', sort: 'name', pageSize: 2, pageNr: 2 } }),
    );
    expect(page.totalCount).toBe(4);
    expect(page.campaigns.map((campaign) => campaign.campaignId)).toEqual(['list-us', 'list-expired']);
    const past = expectOk(search, await asStaff(search, { body: { text: 'list', pageSize: 2, pageNr: 9 } }));
    expect(past).toMatchObject({ campaigns: [], totalCount: 4 });

    const [first] = expectOk(search, await asStaff(search, { body: { text: 'Spring wheels' } })).campaigns;
    expect(first).toMatchObject({ campaignId: 'list-active', state: 'active', targeting: 'all', itemCount: 1 });
  });

  it('takes % and _ literally, and refuses unknown fields and a bad state naming them', async () => {
    expect(expectOk(search, await asStaff(search, { body: { text: '%' } })).totalCount).toBe(0);
    const unknown = expectError(search, await asStaff(search, { body: { name: 'x' } }), 400);
    expect(unknown.errors?.[0]?.field).toBe('name');
    const badState = expectError(search, await asStaff(search, { body: { state: 'running' } }), 400);
    expect(badState.errors?.[0]?.field).toBe('state');
  });
});

describe('Campaign/Update', () => {
  it('creates a campaign, levels stored highest first, written to the audit log; a repeated create is a 409', async () => {
    const created = expectOk(update, await asStaff(update, { body: newCampaign('wheel-deal') }));
    expect(created).toMatchObject({
      campaignId: 'wheel-deal',
      version: 1,
      state: 'active',
      campaignQuantities: [level(12, 10), level(6, 5)],
      items: [{ productId: 'CA-100', name: 'Product CA-100', isDiscontinued: false }],
    });
    const [stored] = await testApp.db.select().from(campaigns).where(eq(campaigns.id, 'wheel-deal'));
    expect(stored?.quantities).toEqual([level(12, 10), level(6, 5)]);

    const again = expectError(
      update,
      await asStaff(update, { body: newCampaign('wheel-deal', { name: 'Twice' }) }),
      409,
    );
    expect(again.message).toContain('wheel-deal already exists');
    const entries = await auditOf('campaign', 'wheel-deal');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', actorUsername: 'campaign-admin-staff', before: null });
    expect(entries[0]?.after).toMatchObject({ name: 'Campaign wheel-deal', items: ['CA-100'] });
    expect(entries[0]?.summary).toBe(
      'Campaign wheel-deal “Campaign wheel-deal” created (eu, 5 % from 6 · 10 % from 12)',
    );

    const read = expectOk(byId, await asStaff(byId, { query: { CampaignId: 'wheel-deal' } }));
    expect(read).toEqual(created);
  });

  it('an edit of a level reaches GetCampaignsByDebitor and the cart, and the audit log keeps before and after', async () => {
    const created = expectOk(update, await asStaff(update, { body: newCampaign('deck-edit', { items: ['CA-200'] }) }));
    const cartId = await createCartWithLines(
      testApp.db,
      buyer,
      [{ productId: 'CA-200', variantId: 'CA-200-01', quantity: 12 }],
      {
        shippingAddress,
        shippingMethodId: 'eu-standard',
      },
    );
    // 12 × 10.00 at 10 %: 12.00 off.
    expect((await calculate(cartId)).lines[0]?.campaign).toMatchObject({ campaignId: 'deck-edit', discount: 12 });

    const invalidationsBefore = await campaignListInvalidations();
    const edited = expectOk(
      update,
      await asStaff(update, {
        body: newCampaign('deck-edit', {
          version: created.version,
          items: ['CA-200'],
          campaignQuantities: [level(6, 5), level(12, 15)],
        }),
      }),
    );
    expect(edited).toMatchObject({ version: 2, campaignQuantities: [level(12, 15), level(6, 5)] });
    // the storefront's kept campaign lists are dropped on every instance (ADR 029, ADR 030)
    expect(await campaignListInvalidations()).toBe(invalidationsBefore + 1);

    const cart = await calculate(cartId);
    expect(cart.lines[0]?.campaign).toMatchObject({
      campaignId: 'deck-edit',
      currentLevel: level(12, 15),
      discount: 18,
    });
    expect(cart.lines[0]?.netLinePrice.priceWithoutVat).toBe(102);

    const debitor = campaignEndpoints.getCampaignsByDebitor;
    const listed = expectOk(
      debitor,
      await callEndpoint(testApp.app, debitor, {
        token: buyer.token,
        query: { 'AreaInfo.AreaId': 'eu', 'AreaInfo.LanguageCode': 'en-GB', 'AreaInfo.CurrencyCode': 'EUR' },
      }),
    );
    expect(listed.campaigns.find((campaign) => campaign.campaignId === 'deck-edit')?.campaignQuantities).toEqual([
      level(12, 15),
      level(6, 5),
    ]);

    const entries = await auditOf('campaign', 'deck-edit');
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]?.summary).toBe(
      'Campaign deck-edit “Campaign deck-edit”: changed campaignQuantities ' +
        '(levels 5 % from 6 · 10 % from 12 → 5 % from 6 · 15 % from 12)',
    );
    expect(entries[1]?.before).toMatchObject({ campaignQuantities: [level(12, 10), level(6, 5)] });
    expect(entries[1]?.after).toMatchObject({ campaignQuantities: [level(12, 15), level(6, 5)] });
  });

  it('targets price groups and named customers of its area, by name', async () => {
    const groups = expectOk(getPriceGroups, await asStaff(getPriceGroups, {})).priceGroups;
    expect(groups).toContainEqual({ priceGroupId: 'CA', name: 'Retail chains' });

    const byGroup = expectOk(
      update,
      await asStaff(update, { body: newCampaign('group-deal', { targeting: 'priceGroups', priceGroupIds: ['CA'] }) }),
    );
    expect(byGroup.priceGroups).toEqual([{ priceGroupId: 'CA', name: 'Retail chains' }]);
    const byCustomer = expectOk(
      update,
      await asStaff(update, {
        body: newCampaign('customer-deal', { targeting: 'customers', customerNumbers: [buyer.customerNumber] }),
      }),
    );
    expect(byCustomer.customers).toEqual([
      { customerId: buyer.customerId, customerNumber: buyer.customerNumber, name: expect.any(String) },
    ]);
  });

  it('refuses bad input naming the field, and writes nothing (no audit entry either)', async () => {
    const cases: Array<[string, Record<string, unknown>, string, string?]> = [
      ['an unknown field', { discount: 10 }, 'discount'],
      ['a percentage over 100', { campaignQuantities: [level(12, 101)] }, 'campaignQuantities.0.discountPercentage'],
      ['no levels', { campaignQuantities: [] }, 'campaignQuantities'],
      ['two levels at one quantity', { campaignQuantities: [level(12, 5), level(12, 10)] }, 'campaignQuantities'],
      ['an unknown product', { items: ['CA-100', 'NOPE-1'] }, 'items', 'NOPE-1'],
      ['no products', { items: [] }, 'items'],
      ['an end before the start', { validTo: daysFromNow(-2).toISOString() }, 'validTo', 'after validFrom'],
      ['an unknown type', { campaignType: 'Bundle' }, 'campaignType'],
      ['price groups without the targeting', { priceGroupIds: ['CA'] }, 'priceGroupIds'],
      ['an unknown price group', { targeting: 'priceGroups', priceGroupIds: ['ZZ'] }, 'priceGroupIds', 'ZZ'],
      ['no customers', { targeting: 'customers' }, 'customerNumbers'],
      [
        "another area's customer",
        { targeting: 'customers', customerNumbers: [usCustomerNumber] },
        'customerNumbers',
        usCustomerNumber,
      ],
      ['a bad id', { campaignId: 'Wheel Deal' }, 'campaignId'],
      ['a banner that is no site path', { bannerImageUrl: 'https://elsewhere.example/x.png' }, 'bannerImageUrl'],
    ];
    for (const [what, fields, field, named] of cases) {
      const error = expectError(update, await asStaff(update, { body: newCampaign('refused', fields) }), 400);
      expect(error.errors?.[0]?.field, what).toBe(field);
      if (named) expect(error.message, what).toContain(named);
    }
    expect(await testApp.db.select().from(campaigns).where(eq(campaigns.id, 'refused'))).toEqual([]);
    expect(await auditOf('campaign', 'refused')).toEqual([]);
  });

  it('an edit of a campaign that is not there is a 404', async () => {
    const missing = await asStaff(update, { body: newCampaign('never-made', { version: 1 }) });
    expectError(update, missing, 404);
    expectError(byId, await asStaff(byId, { query: { CampaignId: 'never-made' } }), 404);
  });

  it('two saves of the same version at once: one wins, the other is a 409 and changes nothing', async () => {
    const created = expectOk(update, await asStaff(update, { body: newCampaign('race', { items: ['CA-100'] }) }));
    const [first, second] = await Promise.all([
      asStaff(update, {
        body: newCampaign('race', { version: created.version, name: 'First editor', items: ['CA-200'] }),
      }),
      asStaff(update, {
        body: newCampaign('race', { version: created.version, name: 'Second editor', items: ['CA-300'] }),
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = first.statusCode === 200 ? [first, second] : [second, first];
    const saved = expectOk(update, winner);
    expect(expectError(update, loser, 409, 'ConflictException').message).toContain('changed by another save');

    const [row] = await testApp.db.select().from(campaigns).where(eq(campaigns.id, 'race'));
    expect(row).toMatchObject({ version: 2, name: saved.name });
    const items = await testApp.db.select().from(campaignItems).where(eq(campaignItems.campaignId, 'race'));
    expect(items.map((item) => item.productId)).toEqual(saved.items.map((item) => item.productId));
    expect((await auditOf('campaign', 'race')).map((entry) => entry.action)).toEqual(['create', 'update']);

    // A save of the version read before is stale too.
    const stale = await asStaff(update, { body: newCampaign('race', { version: 1, name: 'Late' }) });
    expectError(update, stale, 409);
  });
});

describe('Campaign/Delete', () => {
  it('deletes at the version read; a placed order keeps the campaign that priced it', async () => {
    const created = expectOk(update, await asStaff(update, { body: newCampaign('ordered', { items: ['CA-400'] }) }));
    const cartId = await createCartWithLines(
      testApp.db,
      buyer,
      [{ productId: 'CA-400', variantId: 'CA-400-01', quantity: 12 }],
      {
        shippingAddress,
        shippingMethodId: 'eu-standard',
      },
    );
    await calculate(cartId);
    const create = orderEndpoints.createOrderByCartId;
    const { order } = expectOk(
      create,
      await callEndpoint(testApp.app, create, { token: buyer.token, body: { area: EU_AREA, cartId } }),
    );
    const kept = {
      campaignId: 'ordered',
      name: 'Campaign ordered',
      campaignType: 'Campaign',
      level: level(12, 10),
      discount: 12,
    };
    expect(order.lines[0]?.campaign).toEqual(kept);

    // Edited after the order: the order keeps what priced it.
    const edited = expectOk(
      update,
      await asStaff(update, {
        body: newCampaign('ordered', {
          version: created.version,
          name: 'Renamed',
          items: ['CA-400'],
          campaignQuantities: [level(1, 50)],
        }),
      }),
    );
    const stale = await asStaff(remove, { body: { campaignId: 'ordered', version: created.version } });
    expectError(remove, stale, 409);
    expect(await testApp.db.select().from(campaigns).where(eq(campaigns.id, 'ordered'))).toHaveLength(1);

    expectOk(remove, await asStaff(remove, { body: { campaignId: 'ordered', version: edited.version } }));
    expectError(byId, await asStaff(byId, { query: { CampaignId: 'ordered' } }), 404);
    expectError(remove, await asStaff(remove, { body: { campaignId: 'ordered', version: edited.version } }), 404);

    const get = orderEndpoints.getOrderByCartId;
    const read = expectOk(
      get,
      await callEndpoint(testApp.app, get, { token: buyer.token, body: { area: EU_AREA, cartId } }),
    );
    expect(read.order.lines[0]?.campaign).toEqual(kept);
    expect(read.order.lines[0]?.netLinePrice.priceWithoutVat).toBe(108);

    const entries = await auditOf('campaign', 'ordered');
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[2]).toMatchObject({ summary: 'Campaign ordered “Renamed” deleted', after: null });
    expect(entries[2]?.before).toMatchObject({ name: 'Renamed', items: ['CA-400'] });
  });

  it('refuses an unknown field naming it', async () => {
    const error = expectError(
      remove,
      await asStaff(remove, { body: { campaignId: 'list-active', version: 1, force: true } }),
      400,
    );
    expect(error.errors?.[0]?.field).toBe('force');
  });
});

describe('Area/GetDiscountCodes and UpdateDiscountCodes', () => {
  const splashesOf = campaignEndpoints.getDiscountSplashesByProductIds;

  it('edits the list, keeps unshown properties, writes the audit log; a removed code leaves the splashes', async () => {
    await setAreaDiscountCodes(testApp.db, 'eu', [
      {
        id: 'ca-new',
        name: 'New',
        properties: { label: 'New', backgroundColor: '#1d4ed8', textColor: '#ffffff', icon: 'star' },
      },
      {
        id: 'ca-outlet',
        name: 'Outlet',
        properties: { label: 'Outlet', backgroundColor: '#1f2937', textColor: '#ffffff' },
      },
    ]);
    await setDiscountSplashes(testApp.db, { productId: 'CA-100', discountCodeIds: ['ca-new', 'ca-outlet'] });

    const read = expectOk(getDiscountCodes, await asStaff(getDiscountCodes, { query: { AreaId: 'eu' } }));
    expect(read.discountCodes).toEqual([
      {
        id: 'ca-new',
        name: 'New',
        label: 'New',
        backgroundColor: '#1d4ed8',
        textColor: '#ffffff',
        audience: 'everyone',
        splashCount: 1,
      },
      {
        id: 'ca-outlet',
        name: 'Outlet',
        label: 'Outlet',
        backgroundColor: '#1f2937',
        textColor: '#ffffff',
        audience: 'everyone',
        splashCount: 1,
      },
    ]);

    const saved = expectOk(
      updateDiscountCodes,
      await asStaff(updateDiscountCodes, {
        body: {
          areaId: 'eu',
          version: read.version,
          discountCodes: [
            {
              id: 'ca-new',
              name: 'New in',
              label: 'New in',
              backgroundColor: '#1E40AF',
              textColor: '#ffffff',
              audience: 'everyone',
            },
            {
              id: 'ca-minus-15',
              name: '-15 %',
              label: '-15 %',
              backgroundColor: '#b91c1c',
              textColor: '#ffffff',
              audience: 'customers',
            },
          ],
        },
      }),
    );
    expect(saved.discountCodes.map((code) => [code.id, code.label, code.backgroundColor])).toEqual([
      ['ca-new', 'New in', '#1e40af'],
      ['ca-minus-15', '-15 %', '#b91c1c'],
    ]);
    expect(saved.version).not.toBe(read.version);

    const area = expectOk(
      campaignEndpoints.getDiscountSplashesByProductIds,
      await callEndpoint(testApp.app, splashesOf, { body: { productIds: ['CA-100'], areaInfo: EU_AREA } }),
    );
    // "ca-outlet" is gone from the settings, so its splash is no longer given (ADR 029).
    expect(area.discountSplashes).toEqual({ 'CA-100': ['ca-new'] });

    const [entry] = await auditOf('discount-code', 'eu');
    expect(entry).toMatchObject({
      action: 'update',
      summary: 'Discount codes of eu: added ca-minus-15; changed ca-new; removed ca-outlet',
    });
    expect(entry?.after).toEqual([
      {
        id: 'ca-new',
        name: 'New in',
        properties: { label: 'New in', backgroundColor: '#1e40af', textColor: '#ffffff', icon: 'star' },
      },
      {
        id: 'ca-minus-15',
        name: '-15 %',
        properties: { label: '-15 %', backgroundColor: '#b91c1c', textColor: '#ffffff', audience: 'customers' },
      },
    ]);

    // The version read before the save is stale now.
    const stale = await asStaff(updateDiscountCodes, {
      body: { areaId: 'eu', version: read.version, discountCodes: [] },
    });
    expectError(updateDiscountCodes, stale, 409);
  });

  it('refuses colours under 4.5:1, a repeated id and unknown fields, naming the field; nothing written', async () => {
    const read = expectOk(getDiscountCodes, await asStaff(getDiscountCodes, { query: { AreaId: 'us' } }));
    const before = await auditOf('discount-code', 'us');
    const code = {
      id: 'sale',
      name: 'Sale',
      label: 'Sale',
      backgroundColor: '#fde68a',
      textColor: '#ffffff',
      audience: 'everyone',
    };
    const attempt = (discountCodes: unknown[], extra: object = {}) =>
      asStaff(updateDiscountCodes, { body: { areaId: 'us', version: read.version, discountCodes, ...extra } });

    const pale = expectError(updateDiscountCodes, await attempt([code]), 400);
    expect(pale.errors?.[0]?.field).toBe('discountCodes.0.textColor');
    expect(pale.errors?.[0]?.message).toMatch(
      /^has a contrast of 1\.\d\d:1 against the background #fde68a; at least 4\.5:1/,
    );
    const readable = { ...code, textColor: '#422006' };
    const twice = expectError(updateDiscountCodes, await attempt([readable, readable]), 400);
    expect(twice.errors?.[0]).toEqual({ field: 'discountCodes.1.id', message: 'repeats the id sale' });
    const badColour = expectError(
      updateDiscountCodes,
      await attempt([{ ...readable, backgroundColor: 'yellow' }]),
      400,
    );
    expect(badColour.errors?.[0]?.field).toBe('discountCodes.0.backgroundColor');
    const unknown = expectError(updateDiscountCodes, await attempt([{ ...readable, colour: '#000000' }]), 400);
    expect(unknown.errors?.[0]?.field).toBe('discountCodes.0.colour');

    const after = expectOk(getDiscountCodes, await asStaff(getDiscountCodes, { query: { AreaId: 'us' } }));
    expect(after.version).toBe(read.version);
    expect(await auditOf('discount-code', 'us')).toEqual(before);
  });
});
