/** POST /api/Modal/GetModalRequest (issue 10 §3): modals defined in content, by page path and audience. */
import type { ContentDocumentBody } from '@b2b/contract';
import { formsEndpoints } from '@b2b/contract/endpoints/forms';
import { contentDocuments } from '@b2b/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPathCoveredByPrefix } from '../src/modules/forms/modal-matching.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createBuyer } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA, US_AREA } from './support/test-app.ts';

const endpoint = formsEndpoints.getModalRequest;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let userToken = '';

function modalBody(
  audience: 'everyone' | 'anonymous' | 'logged-in',
  pathPrefixes: string[],
  version = 1,
): ContentDocumentBody {
  return {
    kind: 'modal',
    content: [{ type: 'paragraph', runs: [{ text: `For ${audience} on ${pathPrefixes.join(', ')}` }] }],
    dismissLabel: 'Close',
    frequency: 'once',
    version,
    audience,
    pathPrefixes,
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  // Only this file's modals: the demo content's (e.g. first-visit) would change every expected list.
  await testApp.db.delete(contentDocuments).where(eq(contentDocuments.kind, 'modal'));
  const eu = { areaId: 'eu', languageCode: 'en-GB', kind: 'modal' } as const;
  await testApp.db.insert(contentDocuments).values([
    { ...eu, key: 'api-test-everywhere', title: 'Welcome', body: modalBody('everyone', ['/'], 3) },
    { ...eu, key: 'api-test-cart-notice', title: 'Cart notice', body: modalBody('logged-in', ['/cart/']) },
    { ...eu, key: 'api-test-shop-visitors', title: 'Log in', body: modalBody('anonymous', ['/shop', '/search']) },
    {
      areaId: 'us',
      languageCode: 'en-GB',
      kind: 'modal',
      key: 'api-test-us',
      title: 'US',
      body: modalBody('everyone', ['/']),
    },
  ]);
  // A stored body that no longer fits the contract is left out rather than failing every page.
  await testApp.db.execute(sql`
    insert into content_documents (area_id, language_code, kind, key, title, body)
    values ('eu', 'en-GB', 'modal', 'api-test-broken', 'Broken', '{"kind":"modal","pathPrefixes":["/"]}'::jsonb)`);
  userToken = (await createBuyer(testApp, { username: 'modals-buyer' })).token;
});
afterAll(async () => {
  await testApp?.close();
});

async function modalIds(url: string, options: { token?: string; area?: typeof EU_AREA } = {}) {
  const response = await callEndpoint(testApp.app, endpoint, {
    body: { area: options.area ?? EU_AREA, url },
    token: options.token ?? null,
  });
  return expectOk(endpoint, response).modals.map((modal) => modal.id);
}

describe('GetModalRequest', () => {
  it('answers the modal as the storefront shows it', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { body: { area: EU_AREA, url: '/about' } });
    expect(expectOk(endpoint, response).modals).toEqual([
      {
        id: 'api-test-everywhere',
        title: 'Welcome',
        content: [{ type: 'paragraph', runs: [{ text: 'For everyone on /' }] }],
        dismissLabel: 'Close',
        frequency: 'once',
        version: 3,
        audience: 'everyone',
        pathPrefixes: ['/'],
      },
    ]);
  });

  it('matches path prefixes segment by segment: /cart covers /cart and /cart/x, not /cartoon', async () => {
    expect(await modalIds('/cart', { token: userToken })).toEqual(['api-test-cart-notice', 'api-test-everywhere']);
    expect(await modalIds('/cart/checkout', { token: userToken })).toEqual([
      'api-test-cart-notice',
      'api-test-everywhere',
    ]);
    expect(await modalIds('/cartoon', { token: userToken })).toEqual(['api-test-everywhere']);
    // The language prefix, a trailing slash and the query string are ignored, as for content pages.
    expect(await modalIds('/en-GB/cart/?step=2', { token: userToken })).toEqual([
      'api-test-cart-notice',
      'api-test-everywhere',
    ]);
  });

  it('shows anonymous modals to visitors without a login only, logged-in modals to users only', async () => {
    expect(await modalIds('/search?q=deck')).toEqual(['api-test-everywhere', 'api-test-shop-visitors']);
    expect(await modalIds('/shop/boots')).toEqual(['api-test-everywhere', 'api-test-shop-visitors']);
    expect(await modalIds('/search', { token: userToken })).toEqual(['api-test-everywhere']);
    expect(await modalIds('/cart')).toEqual(['api-test-everywhere']);
  });

  it("answers only the area's modals", async () => {
    expect(await modalIds('/', { area: US_AREA })).toEqual(['api-test-us']);
  });

  it('refuses a url that is not a path, a missing url and unknown fields, naming the field', async () => {
    const call = (body: unknown) => callEndpoint(testApp.app, endpoint, { body });
    expect(expectError(endpoint, await call({ area: EU_AREA, url: 'cart' }), 400).errors?.[0]?.field).toBe('url');
    expect(expectError(endpoint, await call({ area: EU_AREA }), 400).errors?.[0]?.field).toBe('url');
    expect(
      expectError(endpoint, await call({ area: EU_AREA, url: `/${'a'.repeat(2000)}` }), 400).errors?.[0]?.field,
    ).toBe('url');
    expectError(endpoint, await call({ area: EU_AREA, url: '/', audience: 'everyone' }), 400, 'ValidationException');
  });
});

describe('modal matching rules', () => {
  it('covers paths by whole segments', () => {
    expect(isPathCoveredByPrefix('/anything/at/all', '/')).toBe(true);
    expect(isPathCoveredByPrefix('/cart', '/cart')).toBe(true);
    expect(isPathCoveredByPrefix('/cart/x', '/cart/')).toBe(true);
    expect(isPathCoveredByPrefix('/cartoon', '/cart')).toBe(false);
    expect(isPathCoveredByPrefix('/', '/cart')).toBe(false);
  });
});
