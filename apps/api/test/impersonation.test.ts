/**
 * Sales impersonation (spec §6, §7 Sales impersonation; ADR 013) through the endpoint definitions on a real
 * database: the rep's book, starting and ending a session, what the token may do and for whom, and everything that
 * stops it (End, expiry, the rep's Logout and password change, a lost role or customer).
 */
import { IMPERSONATION_TOKEN_LIFETIME_MS } from '@b2b/contract';
import { cartEndpoints } from '@b2b/contract/endpoints/cart';
import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import { priceEndpoints } from '@b2b/contract/endpoints/price';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import {
  carts,
  impersonationSessions,
  mailOutbox,
  orders,
  paymentMethods,
  userImpersonationCustomers,
  users,
} from '@b2b/db/schema';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnonymousContext } from '../src/context.ts';
import { impersonationClaims } from '../src/modules/user/access-token.ts';
import { PrincipalCache } from '../src/plugins/auth.ts';
import { createCartWithLines } from './support/checkout-factories.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import {
  createAddress,
  createCustomer,
  createPriceGroup,
  createProduct,
  createSalesRep,
  DEFAULT_PASSWORD,
  setPrice,
  setVatRates,
} from './support/factories.ts';
import { createBuyer, createRep, createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
type Customer = Awaited<ReturnType<typeof createCustomer>>;
/** In the rep's book: alpine (EU, group IG, an open cart and an order), nordic (EU area, USD), pacific (US area). */
const book = {} as { alpine: Customer; nordic: Customer; pacific: Customer };
let foreign: Customer;
let rep: SignedInUser;
const tokens = { buyer: '', foreignBuyer: '', staff: '' };
let lastOrderAt: Date;

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await setVatRates(db, { eu: 2500, us: 0 });
  await createPriceGroup(db, 'IG');
  await createProduct(db, 'I-100');
  await setPrice(db, { productId: 'I-100', currencyCode: 'EUR', unitPriceMinor: 10_000 });
  await setPrice(db, { productId: 'I-100', currencyCode: 'EUR', priceGroupId: 'IG', unitPriceMinor: 8_000 });
  await setPrice(db, { productId: 'I-100', currencyCode: 'USD', unitPriceMinor: 12_000 });

  book.alpine = await createCustomer(db, { areaId: 'eu', priceGroupId: 'IG', name: 'Alpine Boardshop GmbH' });
  book.nordic = await createCustomer(db, { areaId: 'eu', currencyCode: 'USD', name: 'Nordic Surf AS' });
  book.pacific = await createCustomer(db, { areaId: 'us', name: 'Pacific Skate Inc.' });
  foreign = await createCustomer(db, { areaId: 'eu', name: 'Foreign Boards Ltd' });
  await createAddress(db, book.alpine.id);
  await createAddress(db, book.nordic.id, { isDefault: false });

  rep = await createRep(testApp, [book.alpine.id, book.nordic.id, book.pacific.id], { username: 'imp-rep' });
  await createSalesRep(db, [foreign.id], { username: 'imp-other-rep' });
  const buyer = await createBuyer(testApp, { username: 'imp-buyer', existingCustomer: book.alpine });
  tokens.buyer = buyer.token;
  tokens.foreignBuyer = (
    await createBuyer(testApp, { username: 'imp-foreign-buyer', existingCustomer: foreign })
  ).token;
  tokens.staff = (await createStaff(testApp, { username: 'imp-staff' })).token;

  // Alpine's buyer ordered once before, and has 2 × I-100 in the open cart (group price 80.00).
  const [paymentMethod] = await db.select({ id: paymentMethods.id }).from(paymentMethods).limit(1);
  lastOrderAt = new Date('2026-10-01T09:30:00.000Z');
  const placedCartId = await createCartWithLines(db, buyer, []);
  await db.update(carts).set({ status: 'checked_out' }).where(eq(carts.id, placedCartId));
  await db.insert(orders).values({
    cartId: placedCartId,
    customerId: book.alpine.id,
    placedByUserId: buyer.userId,
    areaId: 'eu',
    currencyCode: 'EUR',
    vatRateBasisPoints: 2500,
    vatTreatment: 'domestic',
    discountMinor: 0,
    shippingFeeMinor: 0,
    totalNetMinor: 1_000,
    totalVatMinor: 250,
    totalWithVatMinor: 1_250,
    paymentMethodId: paymentMethod?.id ?? 'invoice',
    shipToAddress: null,
    createdAt: lastOrderAt,
  });
  await createCartWithLines(db, buyer, [{ productId: 'I-100', quantity: 2 }]);
});

afterAll(async () => {
  await testApp?.close();
});

async function countSessions() {
  const [row] = await testApp.db.select({ total: count() }).from(impersonationSessions);
  return row?.total ?? 0;
}

async function findSession(sessionId: string) {
  const [row] = await testApp.db.select().from(impersonationSessions).where(eq(impersonationSessions.id, sessionId));
  return row;
}

/** Starts a session with the rep's own token and returns the answer (fails the test on anything but a 200). */
async function impersonate(customer: Customer, repAccessToken = rep.token, reason = 'phone order') {
  const response = await callEndpoint(testApp.app, impersonationEndpoints.impersonate, {
    token: repAccessToken,
    body: { customerNo: customer.customerNumber, area: EU_AREA, reason },
  });
  return expectOk(impersonationEndpoints.impersonate, response);
}

async function getOrCreateCart(token: string) {
  return callEndpoint(testApp.app, cartEndpoints.getOrCreateCart, { token, body: { area: EU_AREA } });
}

describe('POST /api/User/GetAllowedUsersToImpersonate', () => {
  const endpoint = impersonationEndpoints.getAllowedUsersToImpersonate;
  const list = async (body: Record<string, unknown> = {}, token = rep.token) =>
    callEndpoint(testApp.app, endpoint, { token, body: { area: EU_AREA, pageSize: 20, pageNr: 1, ...body } });

  it("lists the rep's own book only, by customer number, with what helps choose", async () => {
    const answer = expectOk(endpoint, await list());
    expect(answer).toMatchObject({ totalCount: 3, pageNr: 1, pageSize: 20 });
    expect(answer.customers).toEqual([
      {
        customerNo: book.alpine.customerNumber,
        name: 'Alpine Boardshop GmbH',
        areaId: 'eu',
        currencyCode: 'EUR',
        city: 'Copenhagen',
        lastOrderDate: lastOrderAt.toISOString(),
        // 2 × 80.00 (the group's price), 25 % VAT.
        openCartValue: { priceWithoutVat: 160, priceWithVat: 200 },
      },
      {
        customerNo: book.nordic.customerNumber,
        name: 'Nordic Surf AS',
        areaId: 'eu',
        currencyCode: 'USD',
        city: null,
        lastOrderDate: null,
        openCartValue: null,
      },
      {
        customerNo: book.pacific.customerNumber,
        name: 'Pacific Skate Inc.',
        areaId: 'us',
        currencyCode: 'USD',
        city: null,
        lastOrderDate: null,
        openCartValue: null,
      },
    ]);
  });

  it('filters by part of the number or the name (any case) and by area', async () => {
    const byName = expectOk(endpoint, await list({ search: 'alpine BOARD' }));
    expect(byName.customers.map((customer) => customer.name)).toEqual(['Alpine Boardshop GmbH']);
    const byNumber = expectOk(endpoint, await list({ search: book.nordic.customerNumber.slice(0, 6).toLowerCase() }));
    expect(byNumber.customers.map((customer) => customer.customerNo)).toEqual([book.nordic.customerNumber]);
    const byArea = expectOk(endpoint, await list({ areaId: 'us' }));
    expect(byArea).toMatchObject({ totalCount: 1, customers: [{ name: 'Pacific Skate Inc.' }] });
    const foreignName = expectOk(endpoint, await list({ search: 'Foreign' }));
    expect(foreignName).toMatchObject({ totalCount: 0, customers: [] });
    const patternCharacters = expectOk(endpoint, await list({ search: '%' }));
    expect(patternCharacters.customers).toEqual([]);
  });

  it('pages, with the true total also past the last page', async () => {
    const second = expectOk(endpoint, await list({ pageSize: 2, pageNr: 2 }));
    expect(second).toMatchObject({ totalCount: 3, pageNr: 2, pageSize: 2 });
    expect(second.customers.map((customer) => customer.name)).toEqual(['Pacific Skate Inc.']);
    const beyond = expectOk(endpoint, await list({ pageSize: 2, pageNr: 5 }));
    expect(beyond).toMatchObject({ totalCount: 3, customers: [] });
  });

  it('refuses callers without the role impersonation, and bad input naming the field', async () => {
    expectError(endpoint, await list({}, tokens.buyer), 403, 'ForbiddenException');
    expectError(endpoint, await list({}, tokens.staff), 403, 'ForbiddenException');
    expectError(endpoint, await callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA } }), 401);
    expect(expectError(endpoint, await list({ pageSize: 0 }), 400).errors?.[0]?.field).toBe('pageSize');
    expect(expectError(endpoint, await list({ areaId: 'mars' }), 400).errors?.[0]?.field).toBe('areaId');
  });
});

describe('POST /api/User/Impersonate', () => {
  const endpoint = impersonationEndpoints.impersonate;

  it('starts a session and returns a token bound to it, 8 hours at most', async () => {
    const before = Date.now();
    const started = await impersonate(book.alpine, rep.token, '  visit  ');
    expect(started.customer).toEqual({ customerNo: book.alpine.customerNumber, name: 'Alpine Boardshop GmbH' });
    const expiresAt = new Date(started.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + IMPERSONATION_TOKEN_LIFETIME_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + IMPERSONATION_TOKEN_LIFETIME_MS);
    expect(await findSession(started.sessionId)).toMatchObject({
      salesUserId: rep.userId,
      customerId: book.alpine.id,
      areaId: 'eu',
      reason: 'visit',
      endedAt: null,
      endReason: null,
      expiresAt: new Date(started.expiresAt),
    });
    // The token itself ends when the session does.
    const [, payload] = started.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: rep.userId, actingForCustomerId: book.alpine.id, isid: started.sessionId });
    expect(claims.exp).toBe(Math.floor(expiresAt / 1000));
  });

  it('stores an empty reason when none is given, and the customer’s area', async () => {
    const response = await callEndpoint(testApp.app, endpoint, {
      token: rep.token,
      body: { customerNo: book.pacific.customerNumber, area: EU_AREA },
    });
    const started = expectOk(endpoint, response);
    expect(await findSession(started.sessionId)).toMatchObject({ reason: '', areaId: 'us' });
  });

  it('ends the running session of the rep (replaced): its token stops', async () => {
    const first = await impersonate(book.alpine);
    expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(first.token));
    const second = await impersonate(book.nordic);
    expect(await findSession(first.sessionId)).toMatchObject({ endReason: 'replaced' });
    expect((await findSession(first.sessionId))?.endedAt).toBeInstanceOf(Date);
    expectError(cartEndpoints.getOrCreateCart, await getOrCreateCart(first.token), 401, 'InvalidTokenException');
    expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(second.token));
  });

  it('leaves one running session when two start at once (a double click)', async () => {
    await Promise.all([impersonate(book.alpine), impersonate(book.nordic)]);
    const running = await testApp.db
      .select({ id: impersonationSessions.id })
      .from(impersonationSessions)
      .where(and(eq(impersonationSessions.salesUserId, rep.userId), isNull(impersonationSessions.endedAt)));
    expect(running).toHaveLength(1);
  });

  it('refuses a customer outside the book (403) and an unknown one (404), writing nothing', async () => {
    const sessionsBefore = await countSessions();
    const outside = await callEndpoint(testApp.app, endpoint, {
      token: rep.token,
      body: { customerNo: foreign.customerNumber, area: EU_AREA, reason: 'visit' },
    });
    expectError(endpoint, outside, 403, 'ForbiddenException');
    const unknown = await callEndpoint(testApp.app, endpoint, {
      token: rep.token,
      body: { customerNo: '99999999', area: EU_AREA, reason: 'visit' },
    });
    expectError(endpoint, unknown, 404, 'NotFoundException');
    expect(await countSessions()).toBe(sessionsBefore);
  });

  it('refuses customers and back-office staff (403), and an impersonation token (403)', async () => {
    const sessionsBefore = await countSessions();
    for (const token of [tokens.buyer, tokens.staff]) {
      const response = await callEndpoint(testApp.app, endpoint, {
        token,
        body: { customerNo: book.alpine.customerNumber, area: EU_AREA },
      });
      expectError(endpoint, response, 403, 'ForbiddenException');
    }
    expect(await countSessions()).toBe(sessionsBefore);
    const session = await impersonate(book.alpine);
    const again = await callEndpoint(testApp.app, endpoint, {
      token: session.token,
      body: { customerNo: book.nordic.customerNumber, area: EU_AREA },
    });
    expectError(endpoint, again, 403, 'ForbiddenException');
    expect(await findSession(session.sessionId)).toMatchObject({ endedAt: null });
  });

  it('refuses bad input naming the field', async () => {
    const response = await callEndpoint(testApp.app, endpoint, {
      token: rep.token,
      body: { customerNo: '10001; drop', area: EU_AREA, reason: 'x'.repeat(201) },
    });
    const fields = expectError(endpoint, response, 400).errors?.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['customerNo', 'reason']));
  });
});

describe('acting for the customer', () => {
  it('is the rep acting for the customer: GetUser names both', async () => {
    const session = await impersonate(book.alpine);
    const user = expectOk(
      userEndpoints.getUser,
      await callEndpoint(testApp.app, userEndpoints.getUser, { token: session.token }),
    );
    expect(user.user).toMatchObject({ username: 'imp-rep', roles: ['impersonation'], customerNumber: null });
    expect(user.customer).toMatchObject({
      customerNumber: book.alpine.customerNumber,
      name: 'Alpine Boardshop GmbH',
      currencyCode: 'EUR',
      priceGroup: 'IG',
    });
  });

  it("fills a cart of the customer (the rep's own), and reaches no other customer's cart", async () => {
    const session = await impersonate(book.alpine);
    const { cart } = expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token));
    const [row] = await testApp.db.select().from(carts).where(eq(carts.id, cart.cartId));
    expect(row).toMatchObject({ customerId: book.alpine.id, createdByUserId: rep.userId, currencyCode: 'EUR' });

    const foreignCart = expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(tokens.foreignBuyer)).cart;
    const response = await callEndpoint(testApp.app, cartEndpoints.getCartById, {
      token: session.token,
      body: { area: EU_AREA, cartId: foreignCart.cartId },
    });
    expectError(cartEndpoints.getCartById, response, 404, 'NotFoundException');
  });

  it("prices in the customer's currency and price group", async () => {
    const alpine = await impersonate(book.alpine);
    const eurPrices = await callEndpoint(testApp.app, priceEndpoints.getPrices, {
      token: alpine.token,
      body: { currencyCode: 'EUR', products: [{ productId: 'I-100' }] },
    });
    expect(expectOk(priceEndpoints.getPrices, eurPrices).prices[0]).toMatchObject({
      netUnitPrice: { priceWithoutVat: 80, priceWithVat: 100 },
      currencyCode: 'EUR',
    });

    const nordic = await impersonate(book.nordic);
    const usdPrices = await callEndpoint(testApp.app, priceEndpoints.getPrices, {
      token: nordic.token,
      body: { currencyCode: 'USD', products: [{ productId: 'I-100' }] },
    });
    expect(expectOk(priceEndpoints.getPrices, usdPrices).prices[0]).toMatchObject({
      netUnitPrice: { priceWithoutVat: 120 },
      currencyCode: 'USD',
    });
    const wrongCurrency = await callEndpoint(testApp.app, priceEndpoints.getPrices, {
      token: nordic.token,
      body: { currencyCode: 'EUR', products: [{ productId: 'I-100' }] },
    });
    expect(expectError(priceEndpoints.getPrices, wrongCurrency, 400).errors?.[0]?.field).toBe('currencyCode');
  });

  it('may not change the password (the rep’s or anyone’s) while impersonating', async () => {
    const session = await impersonate(book.alpine);
    const response = await callEndpoint(testApp.app, userEndpoints.changePassword, {
      token: session.token,
      body: { area: EU_AREA, currentPassword: DEFAULT_PASSWORD, newPassword: 'another long password 1' },
    });
    expectError(userEndpoints.changePassword, response, 403, 'ForbiddenException');
    const unchanged = await callEndpoint(testApp.app, userEndpoints.login, {
      body: { area: EU_AREA, username: 'imp-rep', password: DEFAULT_PASSWORD },
    });
    expectOk(userEndpoints.login, unchanged);
  });

  it('records the last activity at most once a minute', async () => {
    const session = await impersonate(book.alpine);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    const setLastActivity = () =>
      testApp.db
        .update(impersonationSessions)
        .set({ lastActivityAt: longAgo })
        .where(eq(impersonationSessions.id, session.sessionId));
    await setLastActivity();
    testApp.app.principals.invalidate(rep.userId); // re-read the session, as after the cache TTL
    expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token));
    const recorded = (await findSession(session.sessionId))?.lastActivityAt;
    expect(recorded?.getTime()).toBeGreaterThan(longAgo.getTime());

    await setLastActivity();
    testApp.app.principals.invalidate(rep.userId);
    expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token));
    expect((await findSession(session.sessionId))?.lastActivityAt).toEqual(longAgo);
  });
});

describe('what ends an impersonation token', () => {
  /** A rep of their own (Logout and ChangePassword end every session of the rep), logged in, with a session. */
  async function repWithSession(username: string) {
    const ownRep = await createRep(testApp, [book.alpine.id], { username });
    const session = await impersonate(book.alpine, ownRep.token);
    expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token));
    return { ownRep, session };
  }

  it('EndImpersonation ends the session (ended): the token answers 401 at once', async () => {
    const endpoint = impersonationEndpoints.endImpersonation;
    const session = await impersonate(book.alpine);
    expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token: session.token, body: {} }));
    expect(await findSession(session.sessionId)).toMatchObject({ endReason: 'ended' });
    expectError(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token), 401, 'InvalidTokenException');
    // The rep's own token goes on working; ending with it changes nothing.
    expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token: rep.token, body: {} }));
    const list = await callEndpoint(testApp.app, impersonationEndpoints.getAllowedUsersToImpersonate, {
      token: rep.token,
      body: { area: EU_AREA, pageSize: 20, pageNr: 1 },
    });
    expectOk(impersonationEndpoints.getAllowedUsersToImpersonate, list);
  });

  it('a read in flight while the session ends is answered but not cached: the next request re-reads it', async () => {
    const session = await impersonate(book.alpine);
    const [, repPayload] = rep.token.split('.');
    const repClaims = JSON.parse(Buffer.from(repPayload ?? '', 'base64url').toString());
    const cache = new PrincipalCache();
    const ctx = createAnonymousContext(testApp.db);
    const input = { sessionId: session.sessionId, repUserId: rep.userId, repSessionId: repClaims.sid };
    // A request reads the running session; another request's EndImpersonation commits before the read is back.
    const inFlight = cache.loadImpersonation(ctx, input);
    cache.markImpersonationEnded(session.sessionId);
    expect((await inFlight)?.endedAt).toBeNull();
    await testApp.db
      .update(impersonationSessions)
      .set({ endedAt: new Date(), endReason: 'ended' })
      .where(eq(impersonationSessions.id, session.sessionId));
    expect((await cache.loadImpersonation(ctx, input))?.endedAt).toBeInstanceOf(Date);
  });

  it('EndImpersonation with the rep’s own token leaves a running session running', async () => {
    const endpoint = impersonationEndpoints.endImpersonation;
    const session = await impersonate(book.alpine);
    expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token: rep.token, body: {} }));
    expect(await findSession(session.sessionId)).toMatchObject({ endedAt: null });
    expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token));
  });

  it('expires: a token past its exp, and a session past its expiresAt, answer 401', async () => {
    const session = await impersonate(book.alpine);
    const [repRow] = await testApp.db.select().from(users).where(eq(users.id, rep.userId));
    const [, repPayload] = rep.token.split('.');
    const repClaims = JSON.parse(Buffer.from(repPayload ?? '', 'base64url').toString());
    const expiredToken = await testApp.app.accessTokens.sign(
      impersonationClaims({
        repUserId: rep.userId,
        roles: ['impersonation'],
        passwordVersion: repRow?.passwordChangedAt.getTime() ?? 0,
        repSessionId: repClaims.sid,
        customerId: book.alpine.id,
        impersonationSessionId: session.sessionId,
      }),
      { expiresAt: new Date(Date.now() - 1_000) },
    );
    const expired = await getOrCreateCart(expiredToken);
    expect(expectError(cartEndpoints.getOrCreateCart, expired, 401, 'InvalidTokenException').message).toContain(
      'expired',
    );

    expectOk(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token));
    await testApp.db
      .update(impersonationSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(impersonationSessions.id, session.sessionId));
    testApp.app.principals.invalidate(rep.userId); // as after the cache TTL
    const afterExpiry = await getOrCreateCart(session.token);
    expect(expectError(cartEndpoints.getOrCreateCart, afterExpiry, 401, 'InvalidTokenException').message).toContain(
      'expired',
    );
  });

  it("the rep's Logout ends every running session (logout)", async () => {
    const { ownRep, session } = await repWithSession('imp-rep-logout');
    const logout = await callEndpoint(testApp.app, userEndpoints.logout, {
      body: { refreshToken: ownRep.refreshToken },
    });
    expectOk(userEndpoints.logout, logout);
    expect(await findSession(session.sessionId)).toMatchObject({ endReason: 'logout' });
    expectError(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token), 401, 'InvalidTokenException');
  });

  it("the rep's password change ends every running session (password-changed)", async () => {
    const { ownRep, session } = await repWithSession('imp-rep-password');
    const changed = await callEndpoint(testApp.app, userEndpoints.changePassword, {
      token: ownRep.token,
      body: { area: EU_AREA, currentPassword: DEFAULT_PASSWORD, newPassword: 'another long password 2' },
    });
    expectOk(userEndpoints.changePassword, changed);
    expect(await findSession(session.sessionId)).toMatchObject({ endReason: 'password-changed' });
    expectError(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token), 401, 'InvalidTokenException');
  });

  it("the rep's password reset by a mailed link ends every running session (password-changed)", async () => {
    const { session } = await repWithSession('imp-rep-reset');
    const requested = await callEndpoint(testApp.app, userEndpoints.recoverPassword, {
      body: { area: EU_AREA, username: 'imp-rep-reset', tokenUrl: 'http://localhost:3000/user/recover-password' },
    });
    expectOk(userEndpoints.recoverPassword, requested);
    const [mail] = await testApp.db
      .select({ textBody: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'imp-rep-reset@example.test'));
    const link = new URL(mail?.textBody.match(/http\S+/)?.[0] ?? 'http://missing');
    const reset = await callEndpoint(testApp.app, userEndpoints.resetPasswordByToken, {
      body: {
        area: EU_AREA,
        username: 'imp-rep-reset',
        token: link.searchParams.get('token'),
        newPassword: 'another long password 3',
      },
    });
    expectOk(userEndpoints.resetPasswordByToken, reset);
    expect(await findSession(session.sessionId)).toMatchObject({ endReason: 'password-changed' });
    expectError(cartEndpoints.getOrCreateCart, await getOrCreateCart(session.token), 401, 'InvalidTokenException');
  });

  it('a rep who loses the role, or the customer, is refused within the cache lifetime', async () => {
    const role = await repWithSession('imp-rep-role');
    await testApp.db.update(users).set({ roles: [] }).where(eq(users.id, role.ownRep.userId));
    testApp.app.principals.invalidate(role.ownRep.userId); // as after PRINCIPAL_CACHE_TTL_MS
    const withoutRole = await getOrCreateCart(role.session.token);
    expectError(cartEndpoints.getOrCreateCart, withoutRole, 401, 'InvalidTokenException');

    const customer = await repWithSession('imp-rep-customer');
    await testApp.db
      .delete(userImpersonationCustomers)
      .where(
        and(
          eq(userImpersonationCustomers.userId, customer.ownRep.userId),
          eq(userImpersonationCustomers.customerId, book.alpine.id),
        ),
      );
    testApp.app.principals.invalidate(customer.ownRep.userId);
    const withoutCustomer = await getOrCreateCart(customer.session.token);
    expectError(cartEndpoints.getOrCreateCart, withoutCustomer, 401, 'InvalidTokenException');
  });

  it('a token naming another customer than its session answers 401', async () => {
    const session = await impersonate(book.alpine);
    const [repRow] = await testApp.db.select().from(users).where(eq(users.id, rep.userId));
    const [, repPayload] = rep.token.split('.');
    const repClaims = JSON.parse(Buffer.from(repPayload ?? '', 'base64url').toString());
    const otherCustomer = await testApp.app.accessTokens.sign(
      impersonationClaims({
        repUserId: rep.userId,
        roles: ['impersonation'],
        passwordVersion: repRow?.passwordChangedAt.getTime() ?? 0,
        repSessionId: repClaims.sid,
        customerId: foreign.id,
        impersonationSessionId: session.sessionId,
      }),
      { expiresAt: new Date(Date.now() + 60_000) },
    );
    expectError(cartEndpoints.getOrCreateCart, await getOrCreateCart(otherCustomer), 401, 'InvalidTokenException');
  });
});
