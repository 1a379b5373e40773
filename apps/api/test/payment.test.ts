import { orders, payments } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createCartWithLines, findCartRow, setStock } from './support/checkout-factories.ts';
import {
  createAddress,
  createCustomer,
  createProduct,
  createUser,
  DEFAULT_PASSWORD,
  setPrice,
  setVatRates,
} from './support/factories.ts';
import { type PaymentProviderDouble, startPaymentProviderDouble } from './support/payment-provider-double.ts';
import { bearer, createTestApp, EU_AREA, errorOf, login, TEST_JWT_SECRET } from './support/test-app.ts';

const SHOP = 'http://shop.test';
let double: PaymentProviderDouble;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** The same database, without a payment provider configured. */
let appWithoutProvider: FastifyInstance;
const owner = { customerId: '', userId: '' };
const other = { customerId: '', userId: '' };
const tokens = { buyer: '', other: '' };
let shippingAddress: {
  addressId: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
};

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
  const customer = await createCustomer(db, { areaId: 'eu' });
  const address = await createAddress(db, customer.id);
  shippingAddress = {
    addressId: address.id,
    name: address.name,
    street: address.street,
    postalCode: address.postalCode,
    city: address.city,
    countryCode: address.countryCode,
  };
  const buyer = await createUser(db, { username: 'pay-buyer', customerId: customer.id });
  Object.assign(owner, { customerId: customer.id, userId: buyer.id });
  const otherCustomer = await createCustomer(db, { areaId: 'eu' });
  const otherUser = await createUser(db, { username: 'pay-other', customerId: otherCustomer.id });
  Object.assign(other, { customerId: otherCustomer.id, userId: otherUser.id });
  tokens.buyer = (await login(testApp.app, 'pay-buyer', DEFAULT_PASSWORD)).accessToken;
  tokens.other = (await login(testApp.app, 'pay-other', DEFAULT_PASSWORD)).accessToken;
});

afterAll(async () => {
  await appWithoutProvider?.close();
  await testApp?.close();
  await double?.close();
});

function post(url: string, token: string | null, body: unknown, app = testApp.app) {
  return app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: body as object });
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
  const response = await post('/api/Payment/CreatePaymentIntent', tokens.buyer, { area: EU_AREA, cartId });
  expect(response.statusCode).toBe(200);
  return response.json() as { paymentId: string; status: string; redirectUrl: string; amount: number };
}

function providerIdOf(paymentId: string): string {
  const intent = double.intentOfReference(paymentId);
  if (!intent) throw new Error(`no intent for ${paymentId}`);
  return intent.id;
}

describe('POST /api/Payment/GetPaymentMethods', () => {
  it('offers payment on account first, and card only when a provider is configured', async () => {
    const withProvider = await post('/api/Payment/GetPaymentMethods', tokens.buyer, { area: EU_AREA });
    expect(withProvider.statusCode).toBe(200);
    expect(withProvider.json().paymentMethods).toEqual([
      { paymentMethodId: 'invoice', name: 'Payment on account (invoice)', kind: 'Invoice', isDefault: true },
      { paymentMethodId: 'card', name: 'Card', kind: 'Card', isDefault: false },
    ]);
    const without = await post('/api/Payment/GetPaymentMethods', tokens.buyer, { area: EU_AREA }, appWithoutProvider);
    expect(without.json().paymentMethods.map((method: { kind: string }) => method.kind)).toEqual(['Invoice']);
  });

  it('refuses anonymous callers and a missing area', async () => {
    expect((await post('/api/Payment/GetPaymentMethods', null, { area: EU_AREA })).statusCode).toBe(401);
    const missing = await post('/api/Payment/GetPaymentMethods', tokens.buyer, {});
    expect(errorOf(missing).message).toBe('The parameter area must be defined and cannot be null.');
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
    const pending = await post(`/api/Payment/VerifyPayment/eu/${payment.paymentId}`, tokens.buyer, {});
    expect(pending.json()).toMatchObject({ status: 'Pending', order: null });
    const early = await post('/api/Order/CreateOrderByCartId', tokens.buyer, { area: EU_AREA, cartId });
    expect(errorOf(early).type).toBe('PaymentNotCompletedException');

    // A browser claiming success in the query changes nothing: only the provider's word counts.
    const claimed = await testApp.app.inject({
      method: 'GET',
      url: `/api/Payment/VerifyPaymentRedirect/eu/${payment.paymentId}?status=succeeded&paymentStatus=Succeeded`,
    });
    expect(claimed.statusCode).toBe(302);
    expect(claimed.headers.location).toBe(`${SHOP}/checkout?paymentId=${payment.paymentId}&paymentStatus=Pending`);

    // The buyer pays at the provider, which sends the browser back (no token) → receipt.
    double.settle(providerIdOf(payment.paymentId), 'succeeded');
    const back = await testApp.app.inject({
      method: 'GET',
      url: `/api/Payment/VerifyPaymentRedirect/eu/${payment.paymentId}`,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`${SHOP}/checkout/receipt?cartId=${cartId}`);

    const [order] = await testApp.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order).toMatchObject({ paymentMethodId: 'card', totalWithVatMinor: 51_869, placedByUserId: owner.userId });
    expect((await findCartRow(testApp.db, cartId))?.status).toBe('checked_out');

    const verified = await testApp.app.inject({
      method: 'GET',
      url: `/api/Payment/VerifyPayment/eu/${payment.paymentId}`,
      headers: bearer(tokens.buyer),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 'Succeeded',
      redirectUrl: null,
      order: { orderId: order?.id, orderNumber: order?.orderNumber },
    });
    // Placing the order again answers the card-paid order.
    const replay = await post('/api/Order/CreateOrderByCartId', tokens.buyer, { area: EU_AREA, cartId });
    expect(replay.json()).toMatchObject({
      isNew: false,
      order: { orderId: order?.id, paymentMethod: { kind: 'Card' } },
    });
  });

  it('sends the browser back to checkout when the payment failed, and places no order', async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    double.settle(providerIdOf(payment.paymentId), 'failed');
    const back = await testApp.app.inject({
      method: 'POST',
      url: `/api/Payment/VerifyPaymentRedirect/eu/${payment.paymentId}`,
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`${SHOP}/checkout?paymentId=${payment.paymentId}&paymentStatus=Failed`);
    expect(await testApp.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    expect((await findCartRow(testApp.db, cartId))?.status).toBe('open');
  });

  it('redirects to checkout as Pending when the provider cannot be asked, and keeps a paid-then-changed cart open', async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    double.failNext(503);
    const unreachable = await testApp.app.inject({
      method: 'GET',
      url: `/api/Payment/VerifyPaymentRedirect/eu/${payment.paymentId}`,
    });
    expect(unreachable.statusCode).toBe(302);
    expect(unreachable.headers.location).toBe(`${SHOP}/checkout?paymentId=${payment.paymentId}&paymentStatus=Pending`);

    // The cart grows after the payment: the paid amount no longer matches, so no order is placed from it.
    await testApp.db.execute(sql`update cart_lines set quantity = 5 where cart_id = ${cartId}`);
    double.settle(providerIdOf(payment.paymentId), 'succeeded');
    const verified = await post(`/api/Payment/VerifyPayment/eu/${payment.paymentId}`, tokens.buyer, {});
    expect(verified.json()).toMatchObject({ status: 'Succeeded', order: null });
    expect((await findCartRow(testApp.db, cartId))?.status).toBe('open');
  });

  it('counts a provider answer with another amount as failed', async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    const intent = double.intents.get(providerIdOf(payment.paymentId));
    if (!intent) throw new Error('no intent');
    intent.amount = 100;
    intent.status = 'succeeded';
    const verified = await post(`/api/Payment/VerifyPayment/eu/${payment.paymentId}`, tokens.buyer, {});
    expect(verified.json()).toMatchObject({ status: 'Failed', order: null });
  });

  it('answers 502 when the provider fails, recording the payment as failed', async () => {
    const cartId = await createCardCart();
    double.failNext(503);
    const response = await post('/api/Payment/CreatePaymentIntent', tokens.buyer, { area: EU_AREA, cartId });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toMatchObject({ type: 'PaymentProviderException', error: 'Bad Gateway' });
    const rows = await testApp.db.select().from(payments).where(eq(payments.cartId, cartId));
    expect(rows.map((row) => row.status)).toEqual(['Failed']);
  });

  it('refuses card payment for an invoice cart, without a provider, and for an empty cart', async () => {
    const invoiceCart = await createCardCart('invoice');
    const invoice = await post('/api/Payment/CreatePaymentIntent', tokens.buyer, {
      area: EU_AREA,
      cartId: invoiceCart,
    });
    expect(invoice.statusCode).toBe(409);
    const cardCart = await createCardCart();
    const noProvider = await post(
      '/api/Payment/CreatePaymentIntent',
      tokens.buyer,
      { area: EU_AREA, cartId: cardCart },
      appWithoutProvider,
    );
    expect(noProvider.statusCode).toBe(409);
    const emptyCart = await createCartWithLines(testApp.db, owner, [], { paymentMethodId: 'card' });
    const empty = await post('/api/Payment/CreatePaymentIntent', tokens.buyer, { area: EU_AREA, cartId: emptyCart });
    expect(errorOf(empty).type).toBe('CartIsEmptyException');
  });

  it("keeps another customer's carts and payments out of reach", async () => {
    const cartId = await createCardCart();
    const payment = await startPayment(cartId);
    const foreignVerify = await post(`/api/Payment/VerifyPayment/eu/${payment.paymentId}`, tokens.other, {});
    expect(foreignVerify.statusCode).toBe(404);
    const foreignIntent = await post('/api/Payment/CreatePaymentIntent', tokens.other, { area: EU_AREA, cartId });
    expect(foreignIntent.statusCode).toBe(404);
    expect((await post('/api/Payment/CreatePaymentIntent', null, { area: EU_AREA, cartId })).statusCode).toBe(401);
    expect((await post(`/api/Payment/VerifyPayment/eu/${payment.paymentId}`, null, {})).statusCode).toBe(401);
    const unknown = await testApp.app.inject({
      method: 'GET',
      url: `/api/Payment/VerifyPaymentRedirect/eu/${crypto.randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the spec §5 message for a missing area or paymentId, and 400 for bad ones', async () => {
    const cases: Array<[string, string]> = [
      ['/api/Payment/VerifyPayment/eu/', 'paymentId'],
      ['/api/Payment/VerifyPayment/eu', 'paymentId'],
      ['/api/Payment/VerifyPayment', 'area'],
      ['/api/Payment/VerifyPaymentRedirect/eu/', 'paymentId'],
      ['/api/Payment/VerifyPaymentRedirect', 'area'],
    ];
    for (const [url, parameter] of cases) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(tokens.buyer) });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response), url).toMatchObject({
        type: 'MissingParameterException',
        message: `The parameter ${parameter} must be defined and cannot be null.`,
      });
    }
    const badId = await testApp.app.inject({
      method: 'GET',
      url: '/api/Payment/VerifyPayment/eu/not-a-uuid',
      headers: bearer(tokens.buyer),
    });
    expect(errorOf(badId)).toMatchObject({ type: 'ValidationException', errors: [{ field: 'paymentId' }] });
    const badArea = await testApp.app.inject({
      method: 'GET',
      url: `/api/Payment/VerifyPaymentRedirect/xx/${crypto.randomUUID()}`,
    });
    expect(badArea.statusCode).toBe(400);
  });
});
