import { orderEndpoints } from '@b2b/contract/endpoints/order';
import { paymentEndpoints } from '@b2b/contract/endpoints/payment';
import { type AddressSnapshot, orders, payments } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createCartWithLines, findCartRow, setStock } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct, setPrice, setVatRates } from './support/factories.ts';
import { type PaymentProviderDouble, startPaymentProviderDouble } from './support/payment-provider-double.ts';
import { createBuyer } from './support/signed-in-users.ts';
import { bearer, createTestApp, EU_AREA, TEST_JWT_SECRET } from './support/test-app.ts';

const SHOP = 'http://shop.test';
let double: PaymentProviderDouble;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** The same database, without a payment provider configured. */
let appWithoutProvider: FastifyInstance;
const owner = { customerId: '', userId: '' };
const other = { customerId: '', userId: '' };
const tokens = { buyer: '', other: '' };
let shippingAddress: AddressSnapshot;

beforeAll(async () => {
  double = await startPaymentProviderDouble();
  const env = {
    PAYMENT_PROVIDER_URL: double.url,
    PAYMENT_PROVIDER_SECRET: double.secret,
    PAYMENT_RETURN_BASE_URL: SHOP,
    STOREFRONT_URL: `${SHOP}/`,
  };
  testApp = await createTestApp(env);
  appWithoutProvider = await build(loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET }), {
    database: testApp.database,
  });
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  await createProduct(db, 'PAY-100', ['PAY-100-01']);
  await setPrice(db, { productId: 'PAY-100', currencyCode: 'EUR', unitPriceMinor: 10_000 });
  await setStock(db, 'PAY-100-01', 50);
  const buyer = await createBuyer(testApp, {
    username: 'pay-buyer',
    customer: { areaId: 'eu' },
    address: true,
  });
  shippingAddress = buyer.address;
  Object.assign(owner, { customerId: buyer.customerId, userId: buyer.userId });
  const otherBuyer = await createBuyer(testApp, { username: 'pay-other' });
  Object.assign(other, { customerId: otherBuyer.customerId, userId: otherBuyer.userId });
  tokens.buyer = buyer.token;
  tokens.other = otherBuyer.token;
});

afterAll(async () => {
  await appWithoutProvider?.close();
  await testApp?.close();
  await double?.close();
});

const { getPaymentMethods, createPaymentIntent, verifyPayment, verifyPaymentRedirect } = paymentEndpoints;
const createOrderEndpoint = orderEndpoints.createOrderByCartId;

function createIntent(token: string | null, cartId: string, app = testApp.app) {
  return callEndpoint(app, createPaymentIntent, { token, body: { area: EU_AREA, cartId } });
}

/** VerifyPayment by POST (the spec allows GET and POST), as the storefront asks. */
function verify(token: string | null, paymentId: string) {
  return callEndpoint(testApp.app, verifyPayment, { token, method: 'POST', params: { area: 'eu', paymentId } });
}

/** The provider sends the browser back without a token; `method` and `query` as it chooses. */
function comeBack(paymentId: string, options: { method?: 'GET' | 'POST'; query?: Record<string, string> } = {}) {
  return callEndpoint(testApp.app, verifyPaymentRedirect, { params: { area: 'eu', paymentId }, ...options });
}

function placeOrder(cartId: string) {
  return callEndpoint(testApp.app, createOrderEndpoint, { token: tokens.buyer, body: { area: EU_AREA, cartId } });
}

/** 4 × PAYMENT-100 at 100.00 = 400.00 + 14.95 freight = 414.95; + 25 % VAT (100.00 + 3.74) = 518.69. */
function createCardCart(paymentMethodId = 'card') {
  return createCartWithLines(testApp.db, owner, [{ productId: 'PAY-100', variantId: 'PAY-100-01', quantity: 4 }], {
    shippingAddress,
    shippingMethodId: 'eu-standard',
    paymentMethodId,
  });
}

async function startPayment(cartId: string) {
  return expectOk(createPaymentIntent, await createIntent(tokens.buyer, cartId));
}

function providerIdOf(paymentId: string): string {
  const intent = double.intentOfReference(paymentId);
  if (!intent) throw new Error(`no intent for ${paymentId}`);
  return intent.id;
}

describe('POST /api/Payment/GetPaymentMethods', () => {
  const call = (token: string | null, body: unknown, app = testApp.app) =>
    callEndpoint(app, getPaymentMethods, { token, body });

  it('offers payment on account first, and card only when a provider is configured', async () => {
    const withProvider = expectOk(getPaymentMethods, await call(tokens.buyer, { area: EU_AREA }));
    expect(withProvider.paymentMethods).toEqual([
      { paymentMethodId: 'invoice', name: 'Payment on account (invoice)', kind: 'Invoice', isDefault: true },
      { paymentMethodId: 'card', name: 'Card', kind: 'Card', isDefault: false },
    ]);
    const without = expectOk(getPaymentMethods, await call(tokens.buyer, { area: EU_AREA }, appWithoutProvider));
    expect(without.paymentMethods.map((method) => method.kind)).toEqual(['Invoice']);
  });

  it('refuses anonymous callers and a missing area', async () => {
    expectError(getPaymentMethods, await call(null, { area: EU_AREA }), 401, 'UnauthorizedException');
    const missing = await call(tokens.buyer, {});
    expect(expectError(getPaymentMethods, missing, 400, 'MissingParameterException').message).toBe(
      'The parameter area must be defined and cannot be null.',
    );
  });
});

describe('card payment through the provider (local HTTP double)', () => {
  it('creates an intent for the server-side total, verifies with the provider and places the order once paid', async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    expect(payment).toMatchObject({ cartId, status: 'Pending', amount: 518.69, currencyCode: 'EUR', order: null });
    const intent = double.intentOfReference(payment.paymentId);
    expect(intent).toMatchObject({
      amount: 51_869,
      currency: 'EUR',
      returnUrl: `${SHOP}/api/Payment/VerifyPaymentRedirect/eu/${payment.paymentId}`,
    });
    expect(payment.redirectUrl).toBe(intent?.redirectUrl);

    // Not paid yet: still pending, and the order cannot be placed.
    const pending = expectOk(verifyPayment, await verify(tokens.buyer, payment.paymentId));
    expect(pending).toMatchObject({ status: 'Pending', order: null });
    expectError(createOrderEndpoint, await placeOrder(cartId), 409, 'PaymentNotCompletedException');

    // A browser claiming success in the query changes nothing: only the provider's word counts.
    const claimed = await comeBack(payment.paymentId, { query: { status: 'succeeded', paymentStatus: 'Succeeded' } });
    expectOk(verifyPaymentRedirect, claimed);
    expect(claimed.headers.location).toBe(`${SHOP}/checkout?paymentId=${payment.paymentId}&paymentStatus=Pending`);

    // The buyer pays at the provider, which sends the browser back (no token) → receipt.
    double.settle(providerIdOf(payment.paymentId), 'succeeded');
    const back = await comeBack(payment.paymentId);
    expectOk(verifyPaymentRedirect, back);
    expect(back.headers.location).toBe(`${SHOP}/checkout/receipt?cartId=${cartId}`);

    const [order] = await testApp.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order).toMatchObject({ paymentMethodId: 'card', totalWithVatMinor: 51_869, placedByUserId: owner.userId });
    expect((await findCartRow(testApp.db, cartId))?.status).toBe('checked_out');

    const verified = await callEndpoint(testApp.app, verifyPayment, {
      token: tokens.buyer,
      params: { area: 'eu', paymentId: payment.paymentId },
    });
    expect(expectOk(verifyPayment, verified)).toMatchObject({
      status: 'Succeeded',
      redirectUrl: null,
      order: { orderId: order?.id, orderNumber: order?.orderNumber },
    });
    // Placing the order again answers the card-paid order.
    expect(expectOk(createOrderEndpoint, await placeOrder(cartId), 200)).toMatchObject({
      isNew: false,
      order: { orderId: order?.id, paymentMethod: { kind: 'Card' } },
    });
  });

  it('sends the browser back to checkout when the payment failed, and places no order', async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    double.settle(providerIdOf(payment.paymentId), 'failed');
    const back = await comeBack(payment.paymentId, { method: 'POST' });
    expectOk(verifyPaymentRedirect, back);
    expect(back.headers.location).toBe(`${SHOP}/checkout?paymentId=${payment.paymentId}&paymentStatus=Failed`);
    expect(await testApp.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    expect((await findCartRow(testApp.db, cartId))?.status).toBe('open');
  });

  it('redirects to checkout as Pending when the provider cannot be asked, and keeps a paid-then-changed cart open', async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    double.failNext(503);
    const unreachable = await comeBack(payment.paymentId);
    expectOk(verifyPaymentRedirect, unreachable);
    expect(unreachable.headers.location).toBe(`${SHOP}/checkout?paymentId=${payment.paymentId}&paymentStatus=Pending`);

    // The cart grows after the payment: the paid amount no longer matches, so no order is placed from it.
    await testApp.db.execute(sql`update cart_lines set quantity = 5 where cart_id = ${cartId}`);
    double.settle(providerIdOf(payment.paymentId), 'succeeded');
    const verified = expectOk(verifyPayment, await verify(tokens.buyer, payment.paymentId));
    expect(verified).toMatchObject({ status: 'Succeeded', order: null });
    expect((await findCartRow(testApp.db, cartId))?.status).toBe('open');
  });

  it('counts a provider answer with another amount as failed', async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    const intent = double.intents.get(providerIdOf(payment.paymentId));
    if (!intent) throw new Error('no intent');
    intent.amount = 100;
    intent.status = 'succeeded';
    const verified = expectOk(verifyPayment, await verify(tokens.buyer, payment.paymentId));
    expect(verified).toMatchObject({ status: 'Failed', order: null });
  });

  it('answers 502 when the provider fails, recording the payment as failed', async () => {
    const cartId = await createCardCart();
    double.failNext(503);
    const response = await createIntent(tokens.buyer, cartId);
    expect(expectError(createPaymentIntent, response, 502, 'PaymentProviderException')).toMatchObject({
      error: 'Bad Gateway',
    });
    const rows = await testApp.db.select().from(payments).where(eq(payments.cartId, cartId));
    expect(rows.map((row) => row.status)).toEqual(['Failed']);
  });

  it('refuses card payment for an invoice cart, without a provider, and for an empty cart', async () => {
    const invoiceCart = await createCardCart('invoice');
    expectError(createPaymentIntent, await createIntent(tokens.buyer, invoiceCart), 409, 'ConflictException');
    const cardCart = await createCardCart();
    const noProvider = await createIntent(tokens.buyer, cardCart, appWithoutProvider);
    expectError(createPaymentIntent, noProvider, 409, 'ConflictException');
    const emptyCart = await createCartWithLines(testApp.db, owner, [], { paymentMethodId: 'card' });
    expectError(createPaymentIntent, await createIntent(tokens.buyer, emptyCart), 409, 'CartIsEmptyException');
  });

  it("keeps another customer's carts and payments out of reach", async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    expectError(verifyPayment, await verify(tokens.other, payment.paymentId), 404, 'NotFoundException');
    expectError(createPaymentIntent, await createIntent(tokens.other, cartId), 404, 'NotFoundException');
    expectError(createPaymentIntent, await createIntent(null, cartId), 401, 'UnauthorizedException');
    expectError(verifyPayment, await verify(null, payment.paymentId), 401, 'UnauthorizedException');
    expectError(verifyPaymentRedirect, await comeBack(crypto.randomUUID()), 404, 'NotFoundException');
  });

  it('answers the spec §5 message for a missing area or paymentId, and 400 for bad ones', async () => {
    // Paths with an empty parameter cannot be built from the definition: raw requests, answers read through it.
    const cases: Array<[string, typeof verifyPayment | typeof verifyPaymentRedirect, string]> = [
      ['/api/Payment/VerifyPayment/eu/', verifyPayment, 'paymentId'],
      ['/api/Payment/VerifyPayment/eu', verifyPayment, 'paymentId'],
      ['/api/Payment/VerifyPayment', verifyPayment, 'area'],
      ['/api/Payment/VerifyPaymentRedirect/eu/', verifyPaymentRedirect, 'paymentId'],
      ['/api/Payment/VerifyPaymentRedirect', verifyPaymentRedirect, 'area'],
    ];
    for (const [url, endpoint, parameter] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await testApp.app.inject({ method, url, headers: bearer(tokens.buyer) });
        expect(expectError(endpoint, response, 400, 'MissingParameterException'), `${method} ${url}`).toMatchObject({
          message: `The parameter ${parameter} must be defined and cannot be null.`,
          errors: [{ field: parameter, message: 'must be defined and cannot be null' }],
        });
      }
    }
    const badId = await callEndpoint(testApp.app, verifyPayment, {
      token: tokens.buyer,
      params: { area: 'eu', paymentId: 'not-a-uuid' },
    });
    expect(expectError(verifyPayment, badId, 400, 'ValidationException').errors).toEqual([
      expect.objectContaining({ field: 'paymentId' }),
    ]);
    const badArea = await callEndpoint(testApp.app, verifyPaymentRedirect, {
      params: { area: 'xx', paymentId: crypto.randomUUID() },
    });
    expect(expectError(verifyPaymentRedirect, badArea, 400).errors?.[0]?.field).toBe('area');
  });
});
