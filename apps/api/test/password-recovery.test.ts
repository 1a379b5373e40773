/**
 * Password recovery (spec §7 User: RecoverPassword, VerifyToken, ResetPasswordByToken; back office
 * GetRecoveryMailTemplates) against a real database: the link is read from the mail in the outbox.
 */
import type { EndpointDefinition } from '@b2b/contract/endpoint';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { mailOutbox, passwordResetTokens } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedTokenUrl, recoveryLink } from '../src/modules/user/password-recovery.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createUser, DEFAULT_PASSWORD } from './support/factories.ts';
import { createTestApp, EU_AREA, login } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const TOKEN_URL = 'http://localhost:3000/user/recover-password';
let addressCounter = 0;
/** A client address of its own per test, so the per-address limit of one test does not leak into another. */
const nextAddress = () => `10.0.0.${++addressCounter}`;

const { recoverPassword, verifyToken, resetPasswordByToken } = userEndpoints;

function post(endpoint: EndpointDefinition, body: object, remoteAddress = nextAddress()) {
  return callEndpoint(testApp.app, endpoint, { body, remoteAddress });
}

/** Asks for a link and returns its token and username, read from the newest mail to the user. */
async function requestLink(username: string): Promise<{ token: string; username: string; text: string }> {
  expectOk(recoverPassword, await post(recoverPassword, { area: EU_AREA, username, tokenUrl: TOKEN_URL }));
  const [mail] = await testApp.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, `${username}@example.test`))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  const link = mail?.textBody.match(/http\S+/)?.[0] ?? '';
  const url = new URL(link);
  return {
    token: url.searchParams.get('token') ?? '',
    username: url.searchParams.get('username') ?? '',
    text: mail?.textBody ?? '',
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  for (const username of ['rp-user', 'rp-reset', 'rp-twice', 'rp-race', 'rp-other', 'rp-limit', 'rp-old']) {
    await createUser(testApp.db, { username });
  }
  await createUser(testApp.db, { username: 'rp-staff', roles: ['backoffice'] });
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/User/RecoverPassword', () => {
  it('mails a link to the storefront page with token and username, stored only as a hash', async () => {
    const { token, username, text } = await requestLink('rp-user');
    expect(username).toBe('rp-user');
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(text).toContain('Hello Name of rp-user');
    expect(text).toContain(`${TOKEN_URL}?token=`);
    const stored = await testApp.db.select().from(passwordResetTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
  });

  it('answers an unknown username the same way and writes no mail', async () => {
    const before = await testApp.db.$count(mailOutbox);
    const response = await post(recoverPassword, { area: EU_AREA, username: 'nobody-here', tokenUrl: TOKEN_URL });
    expectOk(recoverPassword, response);
    expect(response.body).toBe('');
    expect(await testApp.db.$count(mailOutbox)).toBe(before);
  });

  it('refuses a link to another site, bad input and unknown fields with 400', async () => {
    const bodies = [
      { area: EU_AREA, username: 'rp-user', tokenUrl: 'https://evil.example/reset' },
      { area: EU_AREA, username: 'rp-user', tokenUrl: 'javascript:alert(1)' },
      { area: EU_AREA, username: 'rp-user', tokenUrl: 'http://user:pw@localhost:3000/x' },
      { area: EU_AREA, username: '', tokenUrl: TOKEN_URL },
      { area: EU_AREA, username: 'rp-user', tokenUrl: TOKEN_URL, email: 'x@example.test' },
    ];
    for (const body of bodies) {
      expectError(recoverPassword, await post(recoverPassword, body), 400);
    }
    const foreign = await post(recoverPassword, bodies[0] as object);
    expect(expectError(recoverPassword, foreign, 400).errors?.[0]?.field).toBe('tokenUrl');
  });

  it('limits requests per account (429) without revealing whether it exists', async () => {
    const body = { area: EU_AREA, username: 'rp-limit', tokenUrl: TOKEN_URL };
    for (let attempt = 0; attempt < 3; attempt++) {
      expectOk(recoverPassword, await post(recoverPassword, body));
    }
    expectError(recoverPassword, await post(recoverPassword, body), 429, 'TooManyRequestsException');
  });

  it('limits requests per client address', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await post(
        recoverPassword,
        { area: EU_AREA, username: `ghost-${attempt}`, tokenUrl: TOKEN_URL },
        address,
      );
      expectOk(recoverPassword, response);
    }
    const limited = await post(recoverPassword, { area: EU_AREA, username: 'ghost-x', tokenUrl: TOKEN_URL }, address);
    expectError(recoverPassword, limited, 429);
  });
});

describe('POST /api/User/VerifyToken and ResetPasswordByToken', () => {
  it('verifies a valid token and refuses a wrong one, another user and a malformed body', async () => {
    const { token } = await requestLink('rp-user');
    const valid = expectOk(verifyToken, await post(verifyToken, { area: EU_AREA, username: 'RP-User', token }));
    expect(valid.isValid).toBe(true);
    expect(new Date(valid.expiresAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    for (const body of [
      { area: EU_AREA, username: 'rp-user', token: `${token}x` },
      { area: EU_AREA, username: 'rp-other', token },
      { area: EU_AREA, username: 'nobody-here', token },
    ]) {
      expectError(verifyToken, await post(verifyToken, body), 401, 'InvalidTokenException');
    }
    expectError(verifyToken, await post(verifyToken, { area: EU_AREA, username: 'rp-user' }), 400);
  });

  it('sets the new password once: the old one and the old sessions stop working, the new one logs in', async () => {
    const session = await login(testApp.app, 'rp-reset', DEFAULT_PASSWORD);
    const { token } = await requestLink('rp-reset');
    const reset = await post(resetPasswordByToken, {
      area: EU_AREA,
      username: 'rp-reset',
      token,
      newPassword: 'a-new-password-1',
    });
    expectOk(resetPasswordByToken, reset);

    const { login: loginEndpoint, getAccessToken, getUser } = userEndpoints;
    const oldPassword = await post(loginEndpoint, { area: EU_AREA, username: 'rp-reset', password: DEFAULT_PASSWORD });
    expectError(loginEndpoint, oldPassword, 401);
    expect((await login(testApp.app, 'rp-reset', 'a-new-password-1')).accessToken).toBeTruthy();
    expectError(getAccessToken, await post(getAccessToken, { refreshToken: session.refreshToken }), 401);
    expectError(getUser, await callEndpoint(testApp.app, getUser, { token: session.accessToken }), 401);

    const again = await post(resetPasswordByToken, {
      area: EU_AREA,
      username: 'rp-reset',
      token,
      newPassword: 'x'.repeat(12),
    });
    expectError(resetPasswordByToken, again, 401);
    expectError(verifyToken, await post(verifyToken, { area: EU_AREA, username: 'rp-reset', token }), 401);
  });

  it('lets only the newest link work, and an expired one not at all', async () => {
    const first = await requestLink('rp-twice');
    const second = await requestLink('rp-twice');
    expectError(verifyToken, await post(verifyToken, { area: EU_AREA, username: 'rp-twice', token: first.token }), 401);
    expectOk(verifyToken, await post(verifyToken, { area: EU_AREA, username: 'rp-twice', token: second.token }));

    const old = await requestLink('rp-old');
    await testApp.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    expectError(verifyToken, await post(verifyToken, { area: EU_AREA, username: 'rp-old', token: old.token }), 401);
    const reset = await post(resetPasswordByToken, {
      area: EU_AREA,
      username: 'rp-old',
      token: old.token,
      newPassword: 'another-password',
    });
    expectError(resetPasswordByToken, reset, 401);
  });

  it('of two concurrent resets with one token, exactly one succeeds', async () => {
    const { token } = await requestLink('rp-race');
    const results = await Promise.all(
      ['first-password-1', 'second-password-2'].map((newPassword) =>
        post(resetPasswordByToken, { area: EU_AREA, username: 'rp-race', token, newPassword }),
      ),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([204, 401]);
    // Each answer is also read through the definition: the winner's 204, the loser's 401 body.
    for (const response of results) {
      if (response.statusCode === 204) expectOk(resetPasswordByToken, response);
      else expectError(resetPasswordByToken, response, 401, 'InvalidTokenException');
    }
  });

  it('refuses a too short password with 400 and keeps the token usable', async () => {
    const { token } = await requestLink('rp-other');
    const short = await post(resetPasswordByToken, {
      area: EU_AREA,
      username: 'rp-other',
      token,
      newPassword: 'short',
    });
    expect(expectError(resetPasswordByToken, short, 400).errors?.[0]?.field).toBe('newPassword');
    expectOk(verifyToken, await post(verifyToken, { area: EU_AREA, username: 'rp-other', token }));
  });
});

describe('POST /backoffice/api/User/GetRecoveryMailTemplates', () => {
  const endpoint = userEndpoints.getRecoveryMailTemplates;

  it('answers the template to back-office staff only', async () => {
    const call = (token: string | null) => callEndpoint(testApp.app, endpoint, { token, body: {} });
    const staff = (await login(testApp.app, 'rp-staff', DEFAULT_PASSWORD)).accessToken;
    expect(expectOk(endpoint, await call(staff)).templates[0]).toMatchObject({
      kind: 'password-recovery',
      subject: 'Reset your password',
    });
    expectError(endpoint, await call(null), 401);
    const buyer = (await login(testApp.app, 'rp-user', DEFAULT_PASSWORD)).accessToken;
    expectError(endpoint, await call(buyer), 403);
  });
});

describe('link rules', () => {
  const config = { nodeEnv: 'production' as const, payment: { storefrontUrl: 'https://shop.example' } } as Parameters<
    typeof isAllowedTokenUrl
  >[1];

  it('allows only the storefront in production, and loopback outside it', () => {
    expect(isAllowedTokenUrl('https://shop.example/user/recover-password', config)).toBe(true);
    expect(isAllowedTokenUrl('http://localhost:3000/user/recover-password', config)).toBe(false);
    expect(isAllowedTokenUrl('https://shop.example.evil/x', config)).toBe(false);
    expect(isAllowedTokenUrl('http://localhost:3100/x', { ...config, nodeEnv: 'development' })).toBe(true);
  });

  it('replaces the query of the page with token and username', () => {
    expect(recoveryLink('https://shop.example/user/recover-password?x=1#top', 'eu-buyer', 'abc')).toBe(
      'https://shop.example/user/recover-password?token=abc&username=eu-buyer',
    );
  });
});
