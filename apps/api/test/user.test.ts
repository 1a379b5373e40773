import { userEndpoints } from '@b2b/contract/endpoints/user';
import { loginAttempts, refreshTokens } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_RATE_LIMIT, REFRESH_TOKEN_REUSE_GRACE_MS } from '../src/modules/user/auth.constants.ts';
import { hashRefreshToken } from '../src/modules/user/refresh-token.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createAddress, createCustomer, createPriceGroup, createUser, DEFAULT_PASSWORD } from './support/factories.ts';
import { createBuyer, createRep } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, login, TEST_JWT_SECRET, US_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let buyer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  await createPriceGroup(db, 'TA');
  customer = await createCustomer(db, { areaId: 'eu', priceGroupId: 'TA', name: 'Alpine Boardshop GmbH' });
  await createAddress(db, customer.id, { name: 'Main warehouse', isDefault: true });
  await createAddress(db, customer.id, { name: 'Second shop', isDefault: false });
  buyer = await createUser(db, { username: 'alpine-buyer', customerId: customer.id });
});

afterAll(async () => {
  await testApp?.close();
});

beforeEach(async () => {
  // Rate-limit counters are per account and per client address; start every test from zero.
  await testApp.db.delete(loginAttempts);
});

const loginEndpoint = userEndpoints.login;
const getUserEndpoint = userEndpoints.getUser;
const getAccessTokenEndpoint = userEndpoints.getAccessToken;

function postLogin(body: unknown, remoteAddress = '127.0.0.1') {
  return callEndpoint(testApp.app, loginEndpoint, { body, remoteAddress });
}

/** GetUser with a bearer token (none: anonymous). */
function getUser(token: string | null, headers: Record<string, string> = {}) {
  return callEndpoint(testApp.app, getUserEndpoint, { token, headers });
}

function refresh(refreshToken: unknown, token: string | null = null) {
  return callEndpoint(testApp.app, getAccessTokenEndpoint, { body: { refreshToken }, token });
}

/** Moves the moment `refreshToken` was used back by `milliseconds`, as if that much time had passed since. */
async function ageRefreshTokenUse(refreshToken: string, milliseconds: number) {
  await testApp.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - milliseconds) })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
}

describe('POST /api/User/Login', () => {
  it('returns an access token and a refresh token for the right password', async () => {
    const response = await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD });
    const body = expectOk(loginEndpoint, response);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(Object.keys(response.json()).sort()).toEqual(['accessToken', 'refreshToken']);
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const response = await postLogin({ area: EU_AREA, username: '  Alpine-Buyer ', password: DEFAULT_PASSWORD });
    expectOk(loginEndpoint, response);
  });

  it('lets a customer of one area log in through the other area', async () => {
    const response = await postLogin({ area: US_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD });
    expectOk(loginEndpoint, response);
  });

  it('answers a wrong password and an unknown username with the same 401 InvalidCredentialsException', async () => {
    const wrongPassword = await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: 'wrong password' });
    const unknownUser = await postLogin({ area: EU_AREA, username: 'nobody-here', password: 'wrong password' });
    const [first, second] = [wrongPassword, unknownUser].map((response) => {
      const { requestId: _requestId, ...error } = expectError(loginEndpoint, response, 401);
      expect(error).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        type: 'InvalidCredentialsException',
        message: 'The username or password is not correct.',
      });
      return error;
    });
    expect(first).toEqual(second);
  });

  it('answers a missing area with the spec §5 message', async () => {
    const response = await postLogin({ username: 'alpine-buyer', password: DEFAULT_PASSWORD });
    expect(expectError(loginEndpoint, response, 400)).toMatchObject({
      error: 'Bad Request',
      type: 'MissingParameterException',
      message: 'The parameter area must be defined and cannot be null.',
      errors: [{ field: 'area', message: 'must be defined and cannot be null' }],
    });
  });

  it('answers a null nested field with its dotted name', async () => {
    const response = await postLogin({
      area: { ...EU_AREA, currencyCode: null },
      username: 'alpine-buyer',
      password: DEFAULT_PASSWORD,
    });
    expect(expectError(loginEndpoint, response, 400).message).toBe(
      'The parameter area.currencyCode must be defined and cannot be null.',
    );
  });

  it('names the field and the reason for a bad value', async () => {
    const response = await postLogin({ area: { ...EU_AREA, areaId: 'mars' }, username: 'alpine-buyer', password: 'x' });
    const body = expectError(loginEndpoint, response, 400, 'ValidationException');
    expect(body.errors).toEqual([{ field: 'area.areaId', message: expect.stringContaining('"eu"') }]);
  });

  it('refuses unknown body fields', async () => {
    const response = await postLogin({
      area: EU_AREA,
      username: 'alpine-buyer',
      password: DEFAULT_PASSWORD,
      admin: true,
    });
    expect(expectError(loginEndpoint, response, 400).errors).toEqual([
      { field: 'admin', message: 'is not a known field' },
    ]);
  });

  it('answers malformed JSON with 400', async () => {
    // A raw body: the definition cannot express JSON that does not parse.
    const response = await testApp.app.inject({
      method: 'POST',
      url: loginEndpoint.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(expectError(loginEndpoint, response, 400)).toMatchObject({
      type: 'ValidationException',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers a missing body with 400', async () => {
    const response = await callEndpoint(testApp.app, loginEndpoint);
    expect(expectError(loginEndpoint, response, 400).message).toBe(
      'The parameter body must be defined and cannot be null.',
    );
  });

  it('never echoes the password in an error', async () => {
    const response = await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: 12345678 });
    expectError(loginEndpoint, response, 400);
    expect(response.body).not.toContain('12345678');
  });

  describe('rate limit', () => {
    it(`answers 429 after ${LOGIN_RATE_LIMIT.maxFailuresPerAccount} failures for one account, even for the right password`, async () => {
      for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.maxFailuresPerAccount; attempt += 1) {
        const response = await postLogin(
          { area: EU_AREA, username: 'alpine-buyer', password: `wrong-${attempt}` },
          `10.1.0.${attempt}`,
        );
        expectError(loginEndpoint, response, 401);
      }
      const blocked = await postLogin(
        { area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD },
        '10.1.1.1',
      );
      expect(expectError(loginEndpoint, blocked, 429)).toMatchObject({
        statusCode: 429,
        error: 'Client Error',
        type: 'TooManyLoginAttemptsException',
      });

      // Other accounts are not affected.
      await createUser(testApp.db, { username: 'other-buyer', customerId: customer.id });
      expectOk(
        loginEndpoint,
        await postLogin({ area: EU_AREA, username: 'other-buyer', password: DEFAULT_PASSWORD }, '10.1.1.1'),
      );

      // Once the window has passed, the right password works again.
      await testApp.db
        .update(loginAttempts)
        .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
        .where(eq(loginAttempts.key, 'user:alpine-buyer'));
      expectOk(loginEndpoint, await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD }));
    });

    it('counts failures for unknown usernames too, so the limit does not reveal which accounts exist', async () => {
      for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.maxFailuresPerAccount; attempt += 1) {
        await postLogin({ area: EU_AREA, username: 'ghost', password: 'wrong' }, `10.2.0.${attempt}`);
      }
      expectError(loginEndpoint, await postLogin({ area: EU_AREA, username: 'ghost', password: 'wrong' }), 429);
    });

    it(`answers 429 after ${LOGIN_RATE_LIMIT.maxFailuresPerClientAddress} failures from one client address`, async () => {
      for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.maxFailuresPerClientAddress; attempt += 1) {
        const response = await postLogin(
          { area: EU_AREA, username: `guess-${attempt}`, password: 'wrong' },
          '10.3.0.1',
        );
        expectError(loginEndpoint, response, 401);
      }
      const blocked = await postLogin(
        { area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD },
        '10.3.0.1',
      );
      expectError(loginEndpoint, blocked, 429);
      // The same account from another address is fine.
      expectOk(
        loginEndpoint,
        await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD }, '10.3.0.2'),
      );
    });

    it('counts per browser behind the storefront: X-Forwarded-For from a loopback peer names the client', async () => {
      const viaStorefront = (forwardedFor: string, username: string, password: string) =>
        callEndpoint(testApp.app, loginEndpoint, {
          body: { area: EU_AREA, username, password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.maxFailuresPerClientAddress; attempt += 1) {
        expectError(loginEndpoint, await viaStorefront('203.0.113.7', `guess-${attempt}`, 'wrong'), 401);
      }
      expectError(loginEndpoint, await viaStorefront('203.0.113.7', 'alpine-buyer', DEFAULT_PASSWORD), 429);
      // Another browser behind the same storefront is not locked out.
      expectOk(loginEndpoint, await viaStorefront('203.0.113.8', 'alpine-buyer', DEFAULT_PASSWORD));
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
      for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.maxFailuresPerClientAddress; attempt += 1) {
        const response = await callEndpoint(testApp.app, loginEndpoint, {
          body: { area: EU_AREA, username: `guess-${attempt}`, password: 'wrong' },
          remoteAddress: '10.4.0.1',
          // A client that invents a new address each time must still be counted as itself.
          headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        });
        expectError(loginEndpoint, response, 401);
      }
      expectError(
        loginEndpoint,
        await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD }, '10.4.0.1'),
        429,
      );
    });

    it("resets the account's counter on success", async () => {
      const almost = LOGIN_RATE_LIMIT.maxFailuresPerAccount - 1;
      for (let attempt = 0; attempt < almost; attempt += 1) {
        await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: 'wrong' }, `10.4.0.${attempt}`);
      }
      expectOk(loginEndpoint, await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD }));
      for (let attempt = 0; attempt < almost; attempt += 1) {
        await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: 'wrong' }, `10.4.1.${attempt}`);
      }
      expectOk(loginEndpoint, await postLogin({ area: EU_AREA, username: 'alpine-buyer', password: DEFAULT_PASSWORD }));
    });
  });
});

describe('GET /api/User/GetUser', () => {
  it('returns the user with roles and customer number, and the customer with name and currency', async () => {
    const { accessToken } = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    expect(expectOk(getUserEndpoint, await getUser(accessToken))).toEqual({
      user: {
        username: 'alpine-buyer',
        name: buyer.name,
        email: buyer.email,
        roles: ['customer'],
        customerNumber: customer.customerNumber,
      },
      customer: {
        customerNumber: customer.customerNumber,
        name: 'Alpine Boardshop GmbH',
        areaId: 'eu',
        currencyCode: 'EUR',
        priceGroup: 'TA',
        addresses: [
          expect.objectContaining({ name: 'Main warehouse', isDefault: true, countryCode: 'DK' }),
          expect.objectContaining({ name: 'Second shop', isDefault: false }),
        ],
      },
    });
  });

  it("shows the customer's own currency over the area's (spec §1)", async () => {
    const { token } = await createBuyer(testApp, {
      username: 'fjord-buyer',
      customer: { areaId: 'eu', currencyCode: 'XNOK' },
    });
    expect(expectOk(getUserEndpoint, await getUser(token)).customer).toMatchObject({
      currencyCode: 'XNOK',
      priceGroup: '',
      addresses: [],
    });
  });

  it('returns customer null for staff without a customer', async () => {
    const { token } = await createRep(testApp, [], { username: 'test-sales-rep' });
    expect(expectOk(getUserEndpoint, await getUser(token))).toMatchObject({
      user: { username: 'test-sales-rep', roles: ['impersonation'], customerNumber: null },
      customer: null,
    });
  });

  it('answers 401 UnauthorizedException without a token', async () => {
    expect(expectError(getUserEndpoint, await getUser(null), 401)).toMatchObject({
      error: 'Unauthorized',
      type: 'UnauthorizedException',
    });
  });

  it('answers 401 InvalidTokenException for a garbled, forged or expired token', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const claims = {
      kind: 'user',
      roles: ['customer'],
      customerId: customer.id,
      actingForCustomerId: null,
      pwd: buyer.passwordChangedAt.getTime(),
    };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(buyer.id)
      .setIssuer('b2b-api')
      .setAudience('b2b-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(key);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(buyer.id)
      .setIssuer('b2b-api')
      .setAudience('b2b-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const [token, message] of [
      ['not-a-jwt', 'The access token is not valid.'],
      [forged, 'The access token is not valid.'],
      [expired, 'The access token has expired.'],
    ] as const) {
      expect(expectError(getUserEndpoint, await getUser(token), 401)).toMatchObject({
        type: 'InvalidTokenException',
        message,
      });
    }
    const noScheme = await getUser(null, { authorization: 'Basic abc' });
    expectError(getUserEndpoint, noScheme, 401, 'InvalidTokenException');
  });

  // Verified tokens are kept by their text (access-token.ts, issue 12); none of that may outlive what refuses them.
  describe('a token accepted a moment ago', () => {
    it('is refused once its session has ended (Logout)', async () => {
      const pair = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
      expectOk(getUserEndpoint, await getUser(pair.accessToken));
      expectOk(
        userEndpoints.logout,
        await callEndpoint(testApp.app, userEndpoints.logout, { body: { refreshToken: pair.refreshToken } }),
      );
      expect(expectError(getUserEndpoint, await getUser(pair.accessToken), 401).message).toBe(
        'The session of this token has ended.',
      );
    });

    it('is refused once it has expired', async () => {
      const pair = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
      expectOk(getUserEndpoint, await getUser(pair.accessToken));
      expectOk(getUserEndpoint, await getUser(pair.accessToken));
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 15 * 60 * 1000);
        expect(expectError(getUserEndpoint, await getUser(pair.accessToken), 401)).toMatchObject({
          type: 'InvalidTokenException',
          message: 'The access token has expired.',
        });
      } finally {
        vi.useRealTimers();
      }
    });

    it('does not vouch for the same claims under another signature', async () => {
      const pair = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
      expectOk(getUserEndpoint, await getUser(pair.accessToken));
      const [header, payload] = pair.accessToken.split('.');
      const otherSignature = Buffer.alloc(32, 7).toString('base64url');
      expect(expectError(getUserEndpoint, await getUser(`${header}.${payload}.${otherSignature}`), 401).message).toBe(
        'The access token is not valid.',
      );
    });
  });

  it('answers 401 for a not-logged-in token', async () => {
    const endpoint = userEndpoints.generateNotLoggedInToken;
    const anonymous = expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA } }));
    expectError(getUserEndpoint, await getUser(anonymous.accessToken), 401, 'UnauthorizedException');
  });
});

describe('POST /api/User/GenerateNotLoggedInToken', () => {
  const endpoint = userEndpoints.generateNotLoggedInToken;

  it('returns an access token only', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA } });
    expectOk(endpoint, response);
    expect(Object.keys(response.json())).toEqual(['accessToken']);
  });

  it('requires the area', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { body: {} });
    expect(expectError(endpoint, response, 400).message).toBe('The parameter area must be defined and cannot be null.');
  });
});

describe('POST /api/User/Logout', () => {
  const endpoint = userEndpoints.logout;

  function logoutWith(body: unknown) {
    return callEndpoint(testApp.app, endpoint, { body });
  }

  it('revokes the session: neither the presented refresh token nor one rotated from it works afterwards', async () => {
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const current = expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken)).refreshToken;
    expectOk(endpoint, await logoutWith({ refreshToken: current }));
    expectError(getAccessTokenEndpoint, await refresh(current), 401, 'InvalidTokenException');
  });

  it("leaves the user's other sessions alone", async () => {
    const phone = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const laptop = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    expectOk(endpoint, await logoutWith({ refreshToken: phone.refreshToken }));
    expectOk(getAccessTokenEndpoint, await refresh(laptop.refreshToken));
  });

  it('answers 204 for an unknown token and 400 for a missing one or an unknown field', async () => {
    expectOk(endpoint, await logoutWith({ refreshToken: 'not-a-token' }));
    expect(expectError(endpoint, await logoutWith({}), 400).message).toBe(
      'The parameter refreshToken must be defined and cannot be null.',
    );
    expectError(endpoint, await logoutWith({ refreshToken: 'x', everything: true }), 400);
  });
});

describe('POST /api/User/GetAccessToken', () => {
  it('rotates: returns a new pair, and the new access token works', async () => {
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const second = expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const rows = await testApp.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refreshToken)));
    expect(rows[0]?.usedAt).toBeInstanceOf(Date);
    expectOk(getUserEndpoint, await getUser(second.accessToken));
  });

  it('works with an expired access token still in the Authorization header', async () => {
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken, 'expired.or.garbled'));
  });

  it('revokes the whole family when a used refresh token is replayed', async () => {
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const second = expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken));
    await ageRefreshTokenUse(first.refreshToken, REFRESH_TOKEN_REUSE_GRACE_MS);

    const replay = await refresh(first.refreshToken);
    expect(expectError(getAccessTokenEndpoint, replay, 401)).toMatchObject({
      error: 'Unauthorized',
      type: 'RefreshTokenReusedException',
    });

    // The legitimate successor is revoked with its family.
    const successor = await refresh(second.refreshToken);
    expect(expectError(getAccessTokenEndpoint, successor, 401)).toMatchObject({
      type: 'InvalidTokenException',
      message: 'The refresh token has been revoked.',
    });

    // Other sessions of the same user are untouched.
    const other = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    expectOk(getAccessTokenEndpoint, await refresh(other.refreshToken));
  });

  /** The tokens of `refreshToken`'s family (session), oldest first: whether each is used or revoked. */
  async function familyOf(refreshToken: string) {
    const [row] = await testApp.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
    if (!row) throw new Error('no such refresh token');
    const tokens = await testApp.db
      .select({ tokenHash: refreshTokens.tokenHash, usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row.familyId))
      .orderBy(refreshTokens.createdAt);
    return tokens.map((token) => ({
      tokenHash: token.tokenHash,
      isUsed: token.usedAt !== null,
      isRevoked: token.revokedAt !== null,
    }));
  }

  it('answers a used refresh token presented again within the grace with the same successor, not a second session', async () => {
    // Two web processes refreshing one browser's cookie one after the other (REFRESH_TOKEN_REUSE_GRACE_MS).
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const second = expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken));
    await ageRefreshTokenUse(first.refreshToken, REFRESH_TOKEN_REUSE_GRACE_MS - 5_000);
    const again = expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken));
    expect(again.refreshToken).toBe(second.refreshToken);
    expectOk(getUserEndpoint, await getUser(again.accessToken));

    // One session with one live refresh token: the login's, used, and its one successor.
    expect(await familyOf(first.refreshToken)).toEqual([
      { tokenHash: hashRefreshToken(first.refreshToken), isUsed: true, isRevoked: false },
      { tokenHash: hashRefreshToken(second.refreshToken), isUsed: false, isRevoked: false },
    ]);

    // The successor goes on rotating; both access tokens are of the one session and work.
    const third = expectOk(getAccessTokenEndpoint, await refresh(second.refreshToken));
    for (const accessToken of [second.accessToken, again.accessToken, third.accessToken]) {
      expectOk(getUserEndpoint, await getUser(accessToken));
    }
  });

  it('answers two refreshes of one token at the same moment with the same refresh token, ending nothing', async () => {
    // One browser's requests at two web processes with the same expiring cookie; on PostgreSQL the second waits for
    // the first's row lock and then finds the token used.
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    const [one, other] = answers.map((answer) => expectOk(getAccessTokenEndpoint, answer));
    if (!one || !other) throw new Error('two answers expected');
    expect(other.refreshToken).toBe(one.refreshToken);
    for (const pair of [one, other]) expectOk(getUserEndpoint, await getUser(pair.accessToken));
    expect(await familyOf(first.refreshToken)).toHaveLength(2);
    expectOk(getAccessTokenEndpoint, await refresh(one.refreshToken));
  });

  it('revokes the family when a token answered within the grace is presented after it', async () => {
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const second = expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken));
    expect(expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken)).refreshToken).toBe(second.refreshToken);
    await ageRefreshTokenUse(first.refreshToken, REFRESH_TOKEN_REUSE_GRACE_MS);

    expectError(getAccessTokenEndpoint, await refresh(first.refreshToken), 401, 'RefreshTokenReusedException');
    expect(await familyOf(first.refreshToken)).toEqual([
      { tokenHash: hashRefreshToken(first.refreshToken), isUsed: true, isRevoked: true },
      { tokenHash: hashRefreshToken(second.refreshToken), isUsed: false, isRevoked: true },
    ]);
    expectError(getAccessTokenEndpoint, await refresh(second.refreshToken), 401, 'InvalidTokenException');
    expectError(getUserEndpoint, await getUser(second.accessToken), 401, 'InvalidTokenException');
  });

  it('refuses a used token within the grace once its session has ended (logout)', async () => {
    const first = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    const second = expectOk(getAccessTokenEndpoint, await refresh(first.refreshToken));
    expectOk(
      userEndpoints.logout,
      await callEndpoint(testApp.app, userEndpoints.logout, { body: { refreshToken: second.refreshToken } }),
    );
    expect(expectError(getAccessTokenEndpoint, await refresh(first.refreshToken), 401)).toMatchObject({
      type: 'InvalidTokenException',
      message: 'The refresh token has been revoked.',
    });
  });

  it('answers 401 InvalidTokenException for an unknown or expired refresh token', async () => {
    const unknown = await refresh('A'.repeat(43));
    expect(expectError(getAccessTokenEndpoint, unknown, 401)).toMatchObject({
      type: 'InvalidTokenException',
      message: 'The refresh token is not valid.',
    });

    const pair = await login(testApp.app, 'alpine-buyer', DEFAULT_PASSWORD);
    await testApp.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(pair.refreshToken)));
    const expired = await refresh(pair.refreshToken);
    expect(expectError(getAccessTokenEndpoint, expired, 401).message).toBe('The refresh token has expired.');
  });

  it('answers a missing refresh token with 400', async () => {
    const response = await callEndpoint(testApp.app, getAccessTokenEndpoint, { body: {} });
    expect(expectError(getAccessTokenEndpoint, response, 400).message).toBe(
      'The parameter refreshToken must be defined and cannot be null.',
    );
  });
});

describe('POST /api/User/ChangePassword', () => {
  const endpoint = userEndpoints.changePassword;

  function changePassword(accessToken: string | null, body: object) {
    return callEndpoint(testApp.app, endpoint, { token: accessToken, body: { area: EU_AREA, ...body } });
  }

  it('requires the current password: a wrong one answers 401 InvalidCredentialsException on currentPassword', async () => {
    const { token } = await createBuyer(testApp, {
      username: 'changer-1',
      password: 'first password 1',
      existingCustomer: customer,
    });
    const response = await changePassword(token, { currentPassword: 'not it', newPassword: 'second password 2' });
    expect(expectError(endpoint, response, 401)).toMatchObject({
      type: 'InvalidCredentialsException',
      errors: [{ field: 'currentPassword', message: 'is not correct' }],
    });
    // Nothing changed.
    await login(testApp.app, 'changer-1', 'first password 1');
  });

  it('validates the new password', async () => {
    const { token } = await createBuyer(testApp, {
      username: 'changer-2',
      password: 'first password 1',
      existingCustomer: customer,
    });
    const tooShort = await changePassword(token, { currentPassword: 'first password 1', newPassword: 'short' });
    expect(expectError(endpoint, tooShort, 400).errors).toEqual([
      { field: 'newPassword', message: 'must be at least 8 characters' },
    ]);
    const same = await changePassword(token, {
      currentPassword: 'first password 1',
      newPassword: 'first password 1',
    });
    expect(expectError(endpoint, same, 400).errors).toEqual([
      { field: 'newPassword', message: 'must differ from the current password' },
    ]);
    const missing = await changePassword(token, { newPassword: 'second password 2' });
    expect(expectError(endpoint, missing, 400).message).toBe(
      'The parameter currentPassword must be defined and cannot be null.',
    );
  });

  it("changes the password, revokes the user's other sessions and returns a fresh pair", async () => {
    const otherSession = await createBuyer(testApp, {
      username: 'changer-3',
      password: 'first password 1',
      existingCustomer: customer,
    });
    const thisSession = await login(testApp.app, 'changer-3', 'first password 1');

    const response = await changePassword(thisSession.accessToken, {
      currentPassword: 'first password 1',
      newPassword: 'second password 2',
    });
    const fresh = expectOk(endpoint, response);

    // The fresh pair works.
    expectOk(getUserEndpoint, await getUser(fresh.accessToken));
    expectOk(getAccessTokenEndpoint, await refresh(fresh.refreshToken));

    // Old access tokens and refresh tokens (this and other sessions) no longer work.
    for (const token of [otherSession.token, thisSession.accessToken]) {
      expectError(getUserEndpoint, await getUser(token), 401, 'InvalidTokenException');
    }
    for (const refreshToken of [otherSession.refreshToken, thisSession.refreshToken]) {
      expectError(getAccessTokenEndpoint, await refresh(refreshToken), 401);
    }

    // Only the new password logs in.
    const oldPassword = await postLogin({ area: EU_AREA, username: 'changer-3', password: 'first password 1' });
    expectError(loginEndpoint, oldPassword, 401);
    await login(testApp.app, 'changer-3', 'second password 2');
  });

  it('answers 401 without a token', async () => {
    const response = await changePassword(null, { currentPassword: 'a', newPassword: 'bbbbbbbbbb' });
    expectError(endpoint, response, 401, 'UnauthorizedException');
  });

  it('counts wrong current passwords towards the rate limit', async () => {
    const { token } = await createBuyer(testApp, {
      username: 'changer-4',
      password: 'first password 1',
      existingCustomer: customer,
    });
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.maxFailuresPerAccount; attempt += 1) {
      const response = await changePassword(token, {
        currentPassword: `wrong ${attempt}`,
        newPassword: 'second password 2',
      });
      expectError(endpoint, response, 401);
    }
    const blocked = await changePassword(token, {
      currentPassword: 'first password 1',
      newPassword: 'second password 2',
    });
    expectError(endpoint, blocked, 429, 'TooManyLoginAttemptsException');
  });
});
