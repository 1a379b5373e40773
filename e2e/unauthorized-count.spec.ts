import { ACCESS_TOKEN_COOKIE, BEARER_PREFIX } from '@b2b/contract/constants';
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { logIn } from './support/log-in.ts';
import { E2E_API_URL } from './support/shop-api.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';

/**
 * spec §4, §8, §9 (ADR 032): a 401 is counted; the second within the window (500 ms debounce, 1,000 ms at most) logs
 * the user out, one alone does not. The 401s are real answers of the API: the browser presents the access token of
 * another session of the same user, one that was logged out (its refresh tokens revoked in the database), as a browser
 * does that kept a stale cookie. The storefront counts it, refreshes with the browser's own refresh token and goes on.
 */
const USER = 'eu-buyer';

/** An access token of a session of USER that has ended: the API answers it 401 "The session of this token has ended." */
async function endedSessionAccessToken(request: APIRequestContext): Promise<string> {
  const login = await request.post(`${E2E_API_URL}${userEndpoints.login.path}`, {
    data: { area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' }, username: USER, password: 'demo' },
  });
  expect(login.status()).toBe(200);
  const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };
  const logout = await request.post(`${E2E_API_URL}${userEndpoints.logout.path}`, {
    data: { refreshToken },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(logout.ok()).toBe(true);
  const refused = await request.get(`${E2E_API_URL}${userEndpoints.getUser.path}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(refused.status()).toBe(401);
  return accessToken;
}

/** Puts the stale access token into the browser's cookie, as a browser that kept an old cookie would send it. */
async function presentStaleToken(page: Page, staleToken: string): Promise<void> {
  const baseUrl = new URL(page.url());
  await page.context().addCookies([
    {
      name: ACCESS_TOKEN_COOKIE,
      value: encodeURIComponent(BEARER_PREFIX + staleToken),
      domain: baseUrl.hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

async function accessCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === ACCESS_TOKEN_COOKIE)?.value;
}

/** The campaigns resource answers 200 to a logged-in session and 401 to anyone else: it tells whether we still are. */
const SESSION_PROBE = '/resources/campaigns';

test('one refused access token alone does not log out: the session refreshes and goes on', async ({ page }) => {
  await logIn(page, USER);
  const staleToken = await endedSessionAccessToken(page.request);

  await presentStaleToken(page, staleToken);
  expect((await page.request.get(SESSION_PROBE, { maxRedirects: 0 })).status()).toBe(200);
  expect(await accessCookie(page), 'a fresh access token replaced the stale one').not.toContain(staleToken);

  // Another one after the window closed (1,000 ms at most) is a first one again.
  await page.waitForTimeout(1_100);
  await presentStaleToken(page, staleToken);
  expect((await page.request.get(SESSION_PROBE, { maxRedirects: 0 })).status()).toBe(200);

  await page.goto('/cart');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('account-name')).toBeVisible();
});

test('the second refused access token within the window logs the user out', async ({ page }) => {
  await logIn(page, USER);
  const staleToken = await endedSessionAccessToken(page.request);

  await presentStaleToken(page, staleToken);
  expect((await page.request.get(SESSION_PROBE, { maxRedirects: 0 })).status()).toBe(200);
  await presentStaleToken(page, staleToken);
  const second = await page.request.get(SESSION_PROBE, { maxRedirects: 0 });
  expect(second.status(), 'the session is reset and the visitor sent to /').toBe(302);
  expect(second.headers().location).toBe('/');

  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain(ACCESS_TOKEN_COOKIE);
  expect(names).not.toContain('refreshToken');
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?/);
});
