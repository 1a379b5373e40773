/**
 * Customer campaigns and discount splashes (spec §1, §3, §4, §5, §7; issue 27; ADR 029) against a real database:
 * GetCampaignsByDebitor lists only the caller's customer's campaigns valid now (targeting, period, area), with levels
 * highest first, also for a rep acting for the customer; GetDiscountSplashesByProductIds gives discount-code ids by
 * product in `position` order, only codes of the area's settings, customer-only codes not to anonymous callers.
 * Required parameters, unknown fields and list sizes are refused with the field named.
 */
import { MAX_SPLASH_PRODUCT_IDS } from '@b2b/contract';
import { campaignEndpoints } from '@b2b/contract/endpoints/campaign';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import type { Executor } from '@b2b/db';
import { campaigns, products } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnonymousContext, type RequestContext } from '../src/context.ts';
import { getCampaignsByDebitor, getDiscountSplashesByProductIds } from '../src/modules/campaign/campaign.service.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import {
  createCampaign,
  createPriceGroup,
  createProduct,
  setAreaDiscountCodes,
  setDiscountSplashes,
} from './support/factories.ts';
import { type Buyer, createBuyer, createRep, createStaff, impersonate } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, US_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;
const tokens = { buyer: '', colleague: '', other: '', us: '', staff: '', rep: '', impersonation: '', anonymous: '' };

const byDebitor = campaignEndpoints.getCampaignsByDebitor;
const splashesOf = campaignEndpoints.getDiscountSplashesByProductIds;

const EU_QUERY = { 'AreaInfo.AreaId': 'eu', 'AreaInfo.LanguageCode': 'en-GB', 'AreaInfo.CurrencyCode': 'EUR' };
const US_QUERY = { 'AreaInfo.AreaId': 'us', 'AreaInfo.LanguageCode': 'en-GB', 'AreaInfo.CurrencyCode': 'USD' };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const now = Date.now();
/** Whole seconds, so the answer's ISO strings compare exactly. */
const at = (offsetMs: number) => new Date(Math.floor((now + offsetMs) / 1000) * 1000);

beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: 'error' });
  const { db } = testApp;
  // The file's campaigns are the only ones: exact lists, whatever the demo data holds.
  await db.delete(campaigns);
  for (const id of ['CMP-JACKET', 'CMP-GLOVES', 'CMP-WAX', 'CMP-BOOTS', 'CMP-US-CAP', 'CMP-OLD']) {
    await createProduct(db, id);
  }
  await db.update(products).set({ discontinuedAt: new Date() }).where(eq(products.id, 'CMP-OLD'));
  await createPriceGroup(db, 'CMP-GROUP');
  await createPriceGroup(db, 'CMP-OTHER-GROUP');

  buyer = await createBuyer(testApp, { username: 'cmp-buyer', customer: { priceGroupId: 'CMP-GROUP' } });
  tokens.buyer = buyer.token;
  tokens.colleague = (
    await createBuyer(testApp, { username: 'cmp-colleague', existingCustomer: buyer.customer })
  ).token;
  const other = await createBuyer(testApp, { username: 'cmp-other', customer: { priceGroupId: 'CMP-OTHER-GROUP' } });
  tokens.other = other.token;
  const usBuyer = await createBuyer(testApp, { username: 'cmp-us', customer: { areaId: 'us' } });
  tokens.us = usBuyer.token;
  tokens.staff = (await createStaff(testApp, { username: 'cmp-staff' })).token;
  const rep = await createRep(testApp, [buyer.customerId], { username: 'cmp-rep' });
  tokens.rep = rep.token;
  tokens.impersonation = await impersonate(testApp, rep.token, buyer.customer.customerNumber);
  tokens.anonymous = expectOk(
    userEndpoints.generateNotLoggedInToken,
    await callEndpoint(testApp.app, userEndpoints.generateNotLoggedInToken, { body: { area: EU_AREA } }),
  ).accessToken;

  // For every customer of the area; levels given lowest first, stored highest first.
  await createCampaign(db, {
    id: 'everyone',
    name: 'Winter jackets',
    description: 'Jackets for the cold months',
    productIds: ['CMP-JACKET', 'CMP-OLD', 'CMP-GLOVES'],
    quantities: [
      { minimumQuantity: 12, discountPercentage: 10 },
      { minimumQuantity: 24, discountPercentage: 15 },
      { minimumQuantity: 48, discountPercentage: 20.5 },
    ],
    validFrom: at(-DAY_MS),
    validTo: at(20 * DAY_MS),
    bannerImageUrl: '/media/banners/winter.jpg',
  });
  await createCampaign(db, {
    id: 'price-group',
    name: 'Mix gloves and wax',
    campaignType: 'MixMatch',
    productIds: ['CMP-WAX', 'CMP-GLOVES'],
    priceGroupIds: ['CMP-GROUP'],
    validFrom: at(-DAY_MS),
    validTo: at(5 * DAY_MS),
  });
  await createCampaign(db, {
    id: 'named',
    name: 'Boots for a friend',
    productIds: ['CMP-BOOTS'],
    customerIds: [buyer.customerId],
    validFrom: at(-DAY_MS),
    validTo: at(10 * DAY_MS),
  });
  // Never the buyer's: over, not yet begun, another area, another group, another named customer, nothing to buy.
  await createCampaign(db, {
    id: 'expired',
    productIds: ['CMP-JACKET'],
    validFrom: at(-DAY_MS),
    validTo: at(-MINUTE_MS),
  });
  await createCampaign(db, { id: 'future', productIds: ['CMP-JACKET'], validFrom: at(MINUTE_MS), validTo: at(DAY_MS) });
  await createCampaign(db, { id: 'us-only', areaId: 'us', productIds: ['CMP-US-CAP'] });
  await createCampaign(db, { id: 'other-group', productIds: ['CMP-WAX'], priceGroupIds: ['CMP-OTHER-GROUP'] });
  await createCampaign(db, { id: 'other-named', productIds: ['CMP-BOOTS'], customerIds: [other.customerId] });
  await createCampaign(db, { id: 'only-discontinued', productIds: ['CMP-OLD'] });
  await createCampaign(db, { id: 'no-products', productIds: [] });

  // Discount codes of the area settings, and splashes naming them.
  for (const id of ['SPL-A', 'SPL-B', 'SPL-C', 'SPL-NONE', 'SPL-US']) await createProduct(db, id);
  await setAreaDiscountCodes(db, 'eu', [
    { id: 'deal', name: 'Deal', properties: { backgroundColor: '#b00020', textColor: '#ffffff' } },
    {
      id: 'member-15',
      name: 'Member price',
      properties: { label: '-15 %', audience: 'customers', backgroundColor: '#000', textColor: '#fff' },
    },
    { id: 'new', name: 'New', properties: { label: 'New in', audience: 'everyone' } },
  ]);
  await setAreaDiscountCodes(db, 'us', [{ id: 'us-deal', name: 'Deal', properties: {} }]);
  // Position order, not alphabetical; a code the settings no longer hold is left out.
  await setDiscountSplashes(db, { productId: 'SPL-A', discountCodeIds: ['new', 'member-15', 'deal'] });
  await setDiscountSplashes(db, { productId: 'SPL-B', discountCodeIds: ['retired-code', 'deal'] });
  await setDiscountSplashes(db, { productId: 'SPL-C', discountCodeIds: ['member-15'] });
  await setDiscountSplashes(db, { productId: 'SPL-US', areaId: 'us', discountCodeIds: ['us-deal'] });
});

afterAll(async () => {
  await testApp?.close();
});

async function getCampaigns(token: string | null, query: Record<string, string | undefined> = EU_QUERY) {
  return callEndpoint(testApp.app, byDebitor, { token, query });
}

async function campaignIdsOf(token: string, query: Record<string, string | undefined> = EU_QUERY) {
  return expectOk(byDebitor, await getCampaigns(token, query)).campaigns.map((campaign) => campaign.campaignId);
}

describe('GetCampaignsByDebitor (spec §7)', () => {
  it("lists the customer's campaigns valid now, ending soonest first, levels highest first (ADR 029), products on sale", async () => {
    const { campaigns: listed } = expectOk(byDebitor, await getCampaigns(tokens.buyer));
    expect(listed.map((campaign) => campaign.campaignId)).toEqual(['price-group', 'named', 'everyone']);
    expect(listed[2]).toEqual({
      campaignId: 'everyone',
      name: 'Winter jackets',
      description: 'Jackets for the cold months',
      campaignType: 'Campaign',
      validFrom: at(-DAY_MS).toISOString(),
      validTo: at(20 * DAY_MS).toISOString(),
      items: ['CMP-GLOVES', 'CMP-JACKET'],
      campaignQuantities: [
        { minimumQuantity: 48, discountPercentage: 20.5 },
        { minimumQuantity: 24, discountPercentage: 15 },
        { minimumQuantity: 12, discountPercentage: 10 },
      ],
      bannerImageUrl: '/media/banners/winter.jpg',
    });
    expect(listed[0]).toMatchObject({ campaignType: 'MixMatch', items: ['CMP-GLOVES', 'CMP-WAX'] });
  });

  it('gives every user of the customer the same campaigns, and other customers theirs', async () => {
    expect(await campaignIdsOf(tokens.colleague)).toEqual(['price-group', 'named', 'everyone']);
    expect(await campaignIdsOf(tokens.other)).toEqual(['everyone', 'other-group', 'other-named']);
  });

  it("gives a customer of the US area that area's campaigns only", async () => {
    expect(await campaignIdsOf(tokens.us, US_QUERY)).toEqual(['us-only']);
  });

  it("gives a sales rep acting for the customer the customer's campaigns", async () => {
    expect(await campaignIdsOf(tokens.impersonation)).toEqual(['price-group', 'named', 'everyone']);
  });

  it('answers 401 to anonymous callers, with or without a token', async () => {
    expectError(byDebitor, await getCampaigns(null), 401, 'UnauthorizedException');
    expectError(byDebitor, await getCampaigns(tokens.anonymous), 401, 'UnauthorizedException');
  });

  it('answers 403 to a user without a customer (back office, a rep not acting for one)', async () => {
    expectError(byDebitor, await getCampaigns(tokens.staff), 403, 'ForbiddenException');
    expectError(byDebitor, await getCampaigns(tokens.rep), 403, 'ForbiddenException');
  });

  it("answers the customer's own area's campaigns whichever area is named (a buyer on another area's host)", async () => {
    const own = await campaignIdsOf(tokens.buyer, EU_QUERY);
    expect(own.length).toBeGreaterThan(0);
    expect(await campaignIdsOf(tokens.buyer, US_QUERY)).toEqual(own);
  });

  it('refuses missing AreaInfo fields with the spec §5 message, an unknown area and unknown parameters', async () => {
    for (const field of ['AreaInfo.AreaId', 'AreaInfo.LanguageCode', 'AreaInfo.CurrencyCode']) {
      const response = await getCampaigns(tokens.buyer, { ...EU_QUERY, [field]: undefined });
      expect(expectError(byDebitor, response, 400, 'MissingParameterException').message).toBe(
        `The parameter ${field} must be defined and cannot be null.`,
      );
    }
    const noSuchArea = await getCampaigns(tokens.buyer, { ...EU_QUERY, 'AreaInfo.AreaId': 'mars' });
    expect(expectError(byDebitor, noSuchArea, 400, 'ValidationException').errors?.[0]?.field).toBe('AreaInfo.AreaId');
    const unknown = await getCampaigns(tokens.buyer, { ...EU_QUERY, CustomerId: buyer.customerId });
    expect(expectError(byDebitor, unknown, 400, 'ValidationException').errors?.[0]?.field).toBe('CustomerId');
  });
});

describe('GetDiscountSplashesByProductIds (spec §7)', () => {
  const ASKED = ['SPL-A', 'SPL-B', 'SPL-C', 'SPL-NONE', 'SPL-US', 'NO-SUCH-PRODUCT'];

  async function askSplashes(token: string | null, body: unknown) {
    return callEndpoint(testApp.app, splashesOf, { token, body });
  }

  async function splashes(token: string | null, productIds = ASKED, areaInfo = EU_AREA) {
    return expectOk(splashesOf, await askSplashes(token, { productIds, areaInfo })).discountSplashes;
  }

  it('gives logged-in callers every splash of the area in position order; no entry for the rest', async () => {
    const expected = { 'SPL-A': ['new', 'member-15', 'deal'], 'SPL-B': ['deal'], 'SPL-C': ['member-15'] };
    expect(await splashes(tokens.buyer)).toEqual(expected);
    expect(await splashes(tokens.impersonation)).toEqual(expected);
    expect(await splashes(tokens.staff)).toEqual(expected);
  });

  it('leaves customer-only codes out for anonymous callers (ADR 029), with or without a token', async () => {
    const expected = { 'SPL-A': ['new', 'deal'], 'SPL-B': ['deal'] };
    expect(await splashes(null)).toEqual(expected);
    expect(await splashes(tokens.anonymous)).toEqual(expected);
  });

  it("answers from the area named: the US area's splashes for the US area", async () => {
    expect(await splashes(null, ASKED, US_AREA)).toEqual({ 'SPL-US': ['us-deal'] });
  });

  it(`takes ${MAX_SPLASH_PRODUCT_IDS} ids, unknown ones included, and answers only the known`, async () => {
    const productIds = ['SPL-A', ...Array.from({ length: MAX_SPLASH_PRODUCT_IDS - 1 }, (_, i) => `UNKNOWN-${i}`)];
    expect(await splashes(tokens.buyer, productIds)).toEqual({ 'SPL-A': ['new', 'member-15', 'deal'] });
  });

  it(`refuses an empty list and more than ${MAX_SPLASH_PRODUCT_IDS} ids, naming productIds`, async () => {
    const empty = expectError(splashesOf, await askSplashes(null, { productIds: [], areaInfo: EU_AREA }), 400);
    expect(empty.errors?.[0]?.field).toBe('productIds');
    const tooMany = Array.from({ length: MAX_SPLASH_PRODUCT_IDS + 1 }, (_, i) => `P-${i}`);
    const over = expectError(splashesOf, await askSplashes(null, { productIds: tooMany, areaInfo: EU_AREA }), 400);
    expect(over.errors?.[0]?.field).toBe('productIds');
  });

  it('refuses unknown fields, a missing or unknown area and a bad product id, naming the field', async () => {
    const unknown = await askSplashes(tokens.buyer, { productIds: ['SPL-A'], areaInfo: EU_AREA, customerId: 'x' });
    expect(expectError(splashesOf, unknown, 400, 'ValidationException').errors?.[0]?.field).toBe('customerId');
    const noArea = await askSplashes(null, { productIds: ['SPL-A'] });
    expect(expectError(splashesOf, noArea, 400, 'MissingParameterException').message).toBe(
      'The parameter areaInfo must be defined and cannot be null.',
    );
    const unknownAreaField = await askSplashes(null, { productIds: ['SPL-A'], areaInfo: { ...EU_AREA, x: 1 } });
    expect(expectError(splashesOf, unknownAreaField, 400).errors?.[0]?.field).toBe('areaInfo.x');
    const noSuchArea = await askSplashes(null, { productIds: ['SPL-A'], areaInfo: { ...EU_AREA, areaId: 'mars' } });
    expect(expectError(splashesOf, noSuchArea, 400).errors?.[0]?.field).toBe('areaInfo.areaId');
    const emptyId = await askSplashes(null, { productIds: [''], areaInfo: EU_AREA });
    expect(expectError(splashesOf, emptyId, 400).errors?.[0]?.field).toBe('productIds.0');
  });
});

describe('one query per call (issue 27: no query per product or per campaign)', () => {
  /**
   * The real database, counting the statements the service runs through it: every query, raw SQL or built, goes
   * through the session's `prepareQuery`, except a prepared statement on PGlite, which runs as `EXECUTE` through the
   * client's `exec` (packages/db prepared.ts).
   */
  function countingContext(customer: RequestContext['customer']) {
    const statements: unknown[] = [];
    const counting = <T extends object>(target: T, method: string, counts: (args: unknown[]) => boolean): T =>
      new Proxy(target, {
        get(inner, key, receiver) {
          const value = Reflect.get(inner, key, receiver);
          if (key === 'client' && method === 'prepareQuery' && value && typeof value === 'object') {
            return counting(value, 'exec', (args) => String(args[0]).startsWith('EXECUTE'));
          }
          if (key !== method || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (counts(args)) statements.push(args[0]);
            return value.apply(inner, args);
          };
        },
      });
    const session = counting(Reflect.get(testApp.db, 'session') as object, 'prepareQuery', () => true);
    const db = new Proxy(testApp.db, {
      get: (target, key, receiver) => (key === 'session' ? session : Reflect.get(target, key, receiver)),
    }) as Executor;
    return { ctx: { ...createAnonymousContext(db), customer }, statements };
  }

  it(`GetDiscountSplashesByProductIds: ${MAX_SPLASH_PRODUCT_IDS} ids in one statement`, async () => {
    const { ctx, statements } = countingContext(null);
    const productIds = Array.from({ length: MAX_SPLASH_PRODUCT_IDS }, (_, i) => (i === 0 ? 'SPL-B' : `NONE-${i}`));
    const answer = await getDiscountSplashesByProductIds(ctx, { productIds, area: EU_AREA });
    expect(answer).toEqual({ discountSplashes: { 'SPL-B': ['deal'] } });
    expect(statements).toHaveLength(1);
  });

  it('GetCampaignsByDebitor: every campaign with its products and levels in one statement', async () => {
    const { ctx, statements } = countingContext({
      id: buyer.customerId,
      customerNumber: buyer.customer.customerNumber,
      currencyCode: 'EUR',
      priceGroupId: 'CMP-GROUP',
      areaId: 'eu',
      countryCode: 'DK',
      vatNumber: null,
    });
    const answer = await getCampaignsByDebitor(ctx);
    expect(answer.campaigns.map((campaign) => campaign.campaignId)).toEqual(['price-group', 'named', 'everyone']);
    expect(statements).toHaveLength(1);
  });
});
