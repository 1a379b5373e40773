/**
 * GET /api/Content/GetRedirectByUrl: old URLs and where they now live (spec §2 routing rules, §7); and
 * GET /internal/api/Content/GetAllRedirects, which a storefront process loads its redirect map with (ADR 037).
 */
import { INTERNAL_API_SECRET_HEADER, MAX_CONTENT_URL_LENGTH } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { redirects } from '@b2b/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp } from './support/test-app.ts';

const endpoint = contentEndpoints.getRedirectByUrl;
const INTERNAL_API_SECRET = 'redirect-map-secret-redirect-map-secret-0123';

let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp({ INTERNAL_API_SECRET });
  // Only in the US area: a redirect of one area must not answer in another.
  await testApp.db
    .insert(redirects)
    .values({ areaId: 'us', fromPath: '/us-only-catalogue', toUrl: '/skate', status: 301 });
});
afterAll(async () => {
  await testApp.close();
});

function redirectQuery(url: string, areaId = 'eu') {
  return {
    'Area.AreaId': areaId,
    'Area.LanguageCode': 'en-GB',
    'Area.CurrencyCode': areaId === 'eu' ? 'EUR' : 'USD',
    Url: url,
  };
}

async function getRedirect(url: string, areaId = 'eu') {
  return callEndpoint(testApp.app, endpoint, { query: redirectQuery(url, areaId) });
}

describe('GetRedirectByUrl', () => {
  it('answers a moved category with its new path and 301, without login', async () => {
    expect(expectOk(endpoint, await getRedirect('/skateboards/decks'))).toEqual({
      fromPath: '/skateboards/decks',
      redirectUrl: '/skate/decks',
      status: 301,
    });
  });

  it('ignores the language prefix, the query string and a trailing slash, as GetContentByUrl does', async () => {
    const redirect = expectOk(endpoint, await getRedirect('/en-GB/skateboards/decks/?sort=price#top'));
    expect(redirect).toMatchObject({ fromPath: '/skateboards/decks', redirectUrl: '/skate/decks' });
  });

  it('keeps a temporary redirect 302, a target with a query and an absolute target as stored', async () => {
    expect(expectOk(endpoint, await getRedirect('/winter-clearance'))).toMatchObject({
      redirectUrl: '/snow',
      status: 302,
    });
    expect(expectOk(endpoint, await getRedirect('/summer-wetsuit-week')).redirectUrl).toBe('/search?q=wetsuit');
    expect(expectOk(endpoint, await getRedirect('/careers')).redirectUrl).toBe('https://careers.ridgeline.example/');
  });

  it('answers 404 for a path without a redirect and for a redirect of another area', async () => {
    expectError(endpoint, await getRedirect('/no-such-old-page'), 404, 'NotFoundException');
    expectError(endpoint, await getRedirect('/'), 404, 'NotFoundException');
    expectError(endpoint, await getRedirect('/us-only-catalogue', 'eu'), 404, 'NotFoundException');
    expect(expectOk(endpoint, await getRedirect('/us-only-catalogue', 'us')).redirectUrl).toBe('/skate');
  });

  it('refuses a missing, empty or over-long Url naming the field', async () => {
    const { Url: _omitted, ...withoutUrl } = redirectQuery('/x');
    const missing = await callEndpoint(testApp.app, endpoint, { query: withoutUrl });
    expect(expectError(endpoint, missing, 400).errors?.[0]?.field).toBe('Url');
    expect(expectError(endpoint, await getRedirect(''), 400).errors?.[0]?.field).toBe('Url');
    const overLong = await getRedirect(`/${'a'.repeat(MAX_CONTENT_URL_LENGTH)}`);
    expect(expectError(endpoint, overLong, 400).errors?.[0]?.field).toBe('Url');
  });

  it('refuses a NUL character in the Url, and an unknown area, naming the field', async () => {
    expect(expectError(endpoint, await getRedirect('/skateboards\u0000/decks'), 400).errors?.[0]?.field).toBe('Url');
    expect(expectError(endpoint, await getRedirect('/skateboards', 'mars'), 400).errors?.[0]?.field).toBe(
      'Area.AreaId',
    );
  });
});

describe('GetAllRedirects (internal)', () => {
  const allRedirects = contentEndpoints.getAllRedirects;

  it('answers every redirect of every area, as stored, to a caller with the secret', async () => {
    const response = await callEndpoint(testApp.app, allRedirects, {
      headers: { [INTERNAL_API_SECRET_HEADER]: INTERNAL_API_SECRET },
    });
    const { redirects: all } = expectOk(allRedirects, response);
    expect(all.length).toBe((await testApp.db.select().from(redirects)).length);
    expect(all).toContainEqual({ areaId: 'us', fromPath: '/us-only-catalogue', toUrl: '/skate', status: 301 });
    expect(all).toContainEqual({ areaId: 'eu', fromPath: '/winter-clearance', toUrl: '/snow', status: 302 });
  });

  it('answers 401 without the secret and with another one', async () => {
    expectError(allRedirects, await callEndpoint(testApp.app, allRedirects, {}), 401);
    const wrong = await callEndpoint(testApp.app, allRedirects, {
      headers: { [INTERNAL_API_SECRET_HEADER]: `${INTERNAL_API_SECRET}-not` },
    });
    expectError(allRedirects, wrong, 401);
  });
});
