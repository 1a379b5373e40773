/**
 * The cart calculation with campaigns (issue 27, ADR 029): levels per product and per MixMatch range, the best
 * campaign for the customer, only the customer's campaigns valid now, a rep acting for a customer, what the order and
 * invoice keep, and a campaign that ends while the cart is open.
 */
import { type CampaignQuantity, sortCampaignQuantities } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import { orderEndpoints } from '@b2b/contract/endpoints/order';
import type { Executor } from '@b2b/db';
import { type AddressSnapshot, campaigns, carts } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartWithLines, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectOk } from './support/endpoint-calls.ts';
import { createCampaign, createPriceGroup, createProduct, setPrice, setVatRates } from './support/factories.ts';
import { createBuyer, createRep, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const buyer = { customerId: '', userId: '', customerNumber: '', token: '' };
const other = { customerId: '', userId: '', token: '' };
const tokens = { rep: '', staff: '' };
let shippingAddress: AddressSnapshot;

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** Levels as a buyer reads them (lowest first), stored highest first (ADR 029). */
function levels(...entries: [minimumQuantity: number, discountPercentage: number][]): CampaignQuantity[] {
  return sortCampaignQuantities(
    entries.map(([minimumQuantity, discountPercentage]) => ({ minimumQuantity, discountPercentage })),
  );
}

/** A campaign named after its id, valid from ten days ago (the shared factory, with what these tests state). */
function insertCampaign(
  db: Executor,
  fields: Omit<Parameters<typeof createCampaign>[1], 'quantities'> & { id: string; quantities: CampaignQuantity[] },
) {
  return createCampaign(db, { name: `Campaign ${fields.id}`, validFrom: daysFromNow(-10), ...fields });
}

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  await createPriceGroup(db, 'KG');
  const products: [string, string[]][] = [
    ['K-100', ['K-100-01', 'K-100-02']],
    ['K-200', ['K-200-01']],
    ['K-300', ['K-300-01']],
    ['K-400', ['K-400-01']],
    ['K-500', ['K-500-01']],
  ];
  for (const [productId, variantIds] of products) {
    await createProduct(db, productId, variantIds);
    // List 10.00, the price agreement 8.00.
    await setPrice(db, { productId, currencyCode: 'EUR', unitPriceMinor: 1_000 });
    await setPrice(db, { productId, currencyCode: 'EUR', priceGroupId: 'KG', unitPriceMinor: 800 });
    for (const variantId of variantIds) await setStock(db, variantId, 1_000);
  }

  const signedIn = await createBuyer(testApp, {
    username: 'campaign-buyer',
    customer: { areaId: 'eu', priceGroupId: 'KG' },
    address: true,
  });
  shippingAddress = signedIn.address;
  Object.assign(buyer, {
    customerId: signedIn.customerId,
    userId: signedIn.userId,
    customerNumber: signedIn.customer.customerNumber,
    token: signedIn.token,
  });
  const otherBuyer = await createBuyer(testApp, { username: 'campaign-other', customer: { priceGroupId: 'KG' } });
  Object.assign(other, { customerId: otherBuyer.customerId, userId: otherBuyer.userId, token: otherBuyer.token });
  tokens.rep = (await createRep(testApp, [buyer.customerId], { username: 'campaign-rep' })).token;
  tokens.staff = (await createStaff(testApp, { username: 'campaign-staff' })).token;

  // K-100: 10 % from 12 pieces, 15 % from 24, for everyone.
  await insertCampaign(db, { id: 'own-k100', quantities: levels([12, 10], [24, 15]), productIds: ['K-100'] });
  // K-200 + K-300 mixed: 5 % from 10 pieces, 12 % from 20, for the price group KG.
  await insertCampaign(db, {
    id: 'mix-k200-k300',
    campaignType: 'MixMatch',
    quantities: levels([10, 5], [20, 12]),
    productIds: ['K-200', 'K-300'],
    priceGroupIds: ['KG'],
  });
  // 50 % on K-300 that must never reach the buyer: ended, not yet begun, another customer's, another area's.
  const half = levels([1, 50]);
  await insertCampaign(db, { id: 'expired', quantities: half, productIds: ['K-300'], validTo: daysFromNow(-1) });
  await insertCampaign(db, { id: 'future', quantities: half, productIds: ['K-300'], validFrom: daysFromNow(1) });
  await insertCampaign(db, {
    id: 'foreign',
    quantities: half,
    productIds: ['K-300'],
    customerIds: [other.customerId],
  });
  await insertCampaign(db, { id: 'other-area', areaId: 'us', quantities: half, productIds: ['K-300'] });
  await insertCampaign(db, {
    id: 'other-group',
    quantities: half,
    productIds: ['K-300'],
    priceGroupIds: [],
  });
});

afterAll(async () => {
  await testApp?.close();
});

async function calculate(token: string, cartId: string) {
  const endpoint = cartEndpoints.calculateCart;
  const response = await callEndpoint(testApp.app, endpoint, {
    token,
    body: { area: EU_AREA, cartId, shipToCountryCode: 'DK' },
  });
  return expectOk(endpoint, response).cart;
}

function buyerCart(lines: Parameters<typeof createCartWithLines>[2]) {
  return createCartWithLines(testApp.db, buyer, lines, { shippingAddress, shippingMethodId: 'eu-standard' });
}

describe('CalculateCart with campaigns', () => {
  it('a Campaign counts the product over its variants: 7 + 5 reach 10 %, taken off the net price to the cent', async () => {
    const cartId = await buyerCart([
      { productId: 'K-100', variantId: 'K-100-01', quantity: 7 },
      { productId: 'K-100', variantId: 'K-100-02', quantity: 5 },
    ]);
    const cart = await calculate(buyer.token, cartId);
    const [first, second] = cart.lines;
    // 7 × 8.00 = 56.00 − 10 % = 50.40; 5 × 8.00 = 40.00 − 10 % = 36.00.
    expect(first?.netUnitPrice.priceWithoutVat).toBe(8);
    expect(first?.netLinePrice.priceWithoutVat).toBe(50.4);
    expect(second?.netLinePrice.priceWithoutVat).toBe(36);
    expect(first?.campaign).toEqual({
      campaignId: 'own-k100',
      name: 'Campaign own-k100',
      campaignType: 'Campaign',
      countedQuantity: 12,
      currentLevel: { minimumQuantity: 12, discountPercentage: 10 },
      nextLevel: { minimumQuantity: 24, discountPercentage: 15 },
      quantityToNextLevel: 12,
      discount: 5.6,
    });
    expect(second?.campaign?.discount).toBe(4);
    // The price agreement saves 12 × 2.00; the campaign 9.60 more.
    expect(cart.discountBreakdown).toEqual({ priceAgreement: 24, campaigns: 9.6 });
    expect(cart.discount).toBe(33.6);
    expect(cart.endedCampaigns).toEqual([]);
    // The goods after the campaign, 86.40, are below 100.00: the small-order surcharge reads them (ADR 029).
    expect(cart.smallOrderSurcharge).toMatchObject({ isCharged: true, amountToAvoid: 13.6 });
    const linesMinor = cart.lines.reduce((sum, line) => sum + Math.round(line.netLinePrice.priceWithoutVat * 100), 0);
    expect(Math.round(cart.totalNetPrice * 100)).toBe(linesMinor + Math.round(cart.shippingFee.priceWithoutVat * 100));
  });

  it('a MixMatch sums its range: 4 + 6 reach 5 % on both lines; 4 + 5 reach none and say 1 more', async () => {
    const reached = await calculate(
      buyer.token,
      await buyerCart([
        { productId: 'K-200', variantId: 'K-200-01', quantity: 4 },
        { productId: 'K-300', variantId: 'K-300-01', quantity: 6 },
      ]),
    );
    const productLines = reached.lines.filter((line) => line.type === 'Product');
    expect(productLines.map((line) => [line.campaign?.campaignId, line.campaign?.discount])).toEqual([
      ['mix-k200-k300', 1.6],
      ['mix-k200-k300', 2.4],
    ]);
    expect(reached.lines[1]?.campaign).toMatchObject({ countedQuantity: 10, quantityToNextLevel: 10 });
    expect(reached.discountBreakdown.campaigns).toBe(4);

    const short = await calculate(
      buyer.token,
      await buyerCart([
        { productId: 'K-200', variantId: 'K-200-01', quantity: 4 },
        { productId: 'K-300', variantId: 'K-300-01', quantity: 5 },
      ]),
    );
    expect(short.lines[1]?.campaign).toEqual({
      campaignId: 'mix-k200-k300',
      name: 'Campaign mix-k200-k300',
      campaignType: 'MixMatch',
      countedQuantity: 9,
      currentLevel: null,
      nextLevel: { minimumQuantity: 10, discountPercentage: 5 },
      quantityToNextLevel: 1,
      discount: 0,
    });
    // Expired, future, another customer's, another area's and another price group's 50 % never apply.
    expect(short.lines[1]?.netLinePrice.priceWithoutVat).toBe(40);
    expect(short.discountBreakdown).toEqual({ priceAgreement: 18, campaigns: 0 });
  });

  it('a campaign for named customers reaches them, and only them', async () => {
    const cartId = await createCartWithLines(testApp.db, other, [
      { productId: 'K-300', variantId: 'K-300-01', quantity: 1 },
    ]);
    const cart = await calculate(other.token, cartId);
    expect(cart.lines[0]?.campaign).toMatchObject({ campaignId: 'foreign', discount: 4 });
  });

  it('a product without a campaign has none; a line without a price agreement keeps its campaign on the list price', async () => {
    const cart = await calculate(
      buyer.token,
      await buyerCart([{ productId: 'K-400', variantId: 'K-400-01', quantity: 30 }]),
    );
    expect(cart.lines[0]?.campaign).toBeNull();
    expect(cart.discountBreakdown).toEqual({ priceAgreement: 60, campaigns: 0 });
  });

  it('a sales rep acting for the customer gets the customer’s campaigns', async () => {
    const cartId = await buyerCart([{ productId: 'K-100', variantId: 'K-100-01', quantity: 24 }]);
    const endpoint = impersonationEndpoints.impersonate;
    const started = expectOk(
      endpoint,
      await callEndpoint(testApp.app, endpoint, {
        token: tokens.rep,
        body: { customerNo: buyer.customerNumber, area: EU_AREA, reason: 'phone order' },
      }),
    );
    const cart = await calculate(started.token, cartId);
    // 24 × 8.00 = 192.00; 15 % = 28.80.
    expect(cart.lines[0]?.campaign).toMatchObject({
      campaignId: 'own-k100',
      currentLevel: { minimumQuantity: 24, discountPercentage: 15 },
      nextLevel: null,
      quantityToNextLevel: null,
      discount: 28.8,
    });
  });

  it('a campaign that ends while the cart is open reprices it at the next calculation, and the cart says so', async () => {
    await insertCampaign(testApp.db, { id: 'ending', quantities: levels([12, 20]), productIds: ['K-500'] });
    const cartId = await buyerCart([{ productId: 'K-500', variantId: 'K-500-01', quantity: 12 }]);
    const before = await calculate(buyer.token, cartId);
    expect(before.lines[0]?.campaign).toMatchObject({ campaignId: 'ending', discount: 19.2 });
    expect(before.endedCampaigns).toEqual([]);

    const [cart] = await testApp.db.select({ createdAt: carts.createdAt }).from(carts).where(eq(carts.id, cartId));
    if (!cart) throw new Error('no cart');
    // Ended after the cart was created, before now.
    const endedAt = new Date(Math.max(cart.createdAt.getTime() + 1, Date.now() - 1));
    await testApp.db.update(campaigns).set({ validTo: endedAt }).where(eq(campaigns.id, 'ending'));
    const after = await calculate(buyer.token, cartId);
    expect(after.lines[0]?.campaign).toBeNull();
    expect(after.lines[0]?.netLinePrice.priceWithoutVat).toBe(96);
    expect(after.discountBreakdown).toEqual({ priceAgreement: 24, campaigns: 0 });
    expect(after.endedCampaigns).toEqual([
      { campaignId: 'ending', name: 'Campaign ending', validTo: endedAt.toISOString() },
    ]);

    // A cart opened after the campaign ended has nothing to be told.
    const fresh = await calculate(
      buyer.token,
      await buyerCart([{ productId: 'K-500', variantId: 'K-500-01', quantity: 12 }]),
    );
    expect(fresh.endedCampaigns).toEqual([]);
  });
});

describe('the placed order and its invoice keep the campaign', () => {
  it('keeps campaign, level and discount per line after the campaign is edited', async () => {
    await insertCampaign(testApp.db, { id: 'kept', quantities: levels([12, 10]), productIds: ['K-400'] });
    const cartId = await buyerCart([{ productId: 'K-400', variantId: 'K-400-01', quantity: 12 }]);
    const calculated = await calculate(buyer.token, cartId);
    expect(calculated.lines[0]?.campaign?.discount).toBe(9.6);

    const create = orderEndpoints.createOrderByCartId;
    const { order } = expectOk(
      create,
      await callEndpoint(testApp.app, create, { token: buyer.token, body: { area: EU_AREA, cartId } }),
    );
    const keptCampaign = {
      campaignId: 'kept',
      name: 'Campaign kept',
      campaignType: 'Campaign',
      level: { minimumQuantity: 12, discountPercentage: 10 },
      discount: 9.6,
    };
    expect(order.lines[0]?.campaign).toEqual(keptCampaign);
    expect(order.lines[0]?.netLinePrice.priceWithoutVat).toBe(86.4);
    expect(order.discount.priceWithoutVat).toBe(33.6);
    expect(order.totalNetPrice).toBe(calculated.totalNetPrice);
    expect(order.totalPrice).toEqual(calculated.totalPrice);

    const editCampaign = (name: string) =>
      testApp.db
        .update(campaigns)
        .set({ name, quantities: levels([1, 50]), version: sql`${campaigns.version} + 1` })
        .where(eq(campaigns.id, 'kept'));
    await editCampaign('Renamed after checkout');

    const get = orderEndpoints.getOrderByCartId;
    const read = expectOk(
      get,
      await callEndpoint(testApp.app, get, { token: buyer.token, body: { area: EU_AREA, cartId } }),
    );
    expect(read.order.lines[0]?.campaign).toEqual(keptCampaign);
    expect(read.order.totalPrice).toEqual(order.totalPrice);

    // Invoiced after the edit: the invoice copies what the order kept.
    const state = documentsEndpoints.updateOrderState;
    let invoiceLinkId = '';
    for (const next of ['Processing', 'Shipped', 'Invoiced'] as const) {
      const answer = expectOk(
        state,
        await callEndpoint(testApp.app, state, { token: tokens.staff, body: { orderId: order.orderId, state: next } }),
      );
      if (answer.invoice) invoiceLinkId = answer.invoice.linkId;
    }
    await editCampaign('Renamed after invoicing');
    const getInvoice = documentsEndpoints.getInvoice;
    const { invoice } = expectOk(
      getInvoice,
      await callEndpoint(testApp.app, getInvoice, {
        token: buyer.token,
        body: { area: EU_AREA, linkId: invoiceLinkId },
      }),
    );
    const [line] = invoice.lines;
    expect(line?.campaign).toEqual(keptCampaign);
    expect(line?.unitPrice).toBe(8);
    expect(line?.linePrice.priceWithoutVat).toBe(86.4);
    expect(invoice.total).toEqual(order.totalPrice);
  });
});
