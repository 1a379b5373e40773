/**
 * GetContentByUrl's redirects and restricted pages (issue 29, spec §2 routing rules, §8 "403 on content by url"): a
 * path with a stored redirect answers 301/302 with its target, before any page still at that path; a page for
 * logged-in users or sales reps only answers 403 to anyone else and 200 to those it is for; the back office cannot
 * close the home page; the storefront's sitemap leaves such pages out (sitemap.test.ts).
 */
import type { ContentDocumentBody, ContentPageVisibility } from '@b2b/contract';
import { backofficeDocumentEndpoints as documents } from '@b2b/contract/endpoints/backoffice-documents';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { redirects } from '@b2b/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putContentDocument } from './support/content-documents.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import {
  type Buyer,
  createBuyer,
  createRep,
  createStaff,
  impersonate,
  type SignedInUser,
} from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

const endpoint = contentEndpoints.getContentByUrl;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Buyer;
let rep: SignedInUser;
let staff: SignedInUser;

function pageBody(visibleTo: ContentPageVisibility | undefined, text: string): ContentDocumentBody {
  return {
    kind: 'page',
    description: text,
    template: 'page',
    categoryId: null,
    ...(visibleTo === undefined ? {} : { visibleTo }),
    blocks: [{ id: 'text', type: 'richText', content: [{ type: 'paragraph', runs: [{ text }] }] }],
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  buyer = await createBuyer(testApp);
  rep = await createRep(testApp, [buyer.customerId]);
  staff = await createStaff(testApp);
  await putContentDocument(testApp.db, {
    kind: 'page',
    key: 'buyers-price-news',
    url: '/buyers-price-news',
    title: 'Price news for buyers',
    body: pageBody('logged-in', 'New price list from March.'),
  });
  await putContentDocument(testApp.db, {
    kind: 'page',
    key: 'rep-handbook',
    url: '/rep-handbook',
    title: 'Rep handbook',
    body: pageBody('sales-reps', 'How to act for a customer.'),
  });
  await putContentDocument(testApp.db, {
    kind: 'page',
    key: 'open-to-all',
    url: '/open-to-all',
    title: 'Open to all',
    body: pageBody('everyone', 'Everyone reads this.'),
  });
  // a page that still exists under a path an editor redirected: the redirect wins
  await putContentDocument(testApp.db, {
    kind: 'page',
    key: 'old-catalogue',
    url: '/old-catalogue',
    title: 'Old catalogue',
    body: pageBody(undefined, 'Last year.'),
  });
  await testApp.db.insert(redirects).values([
    { areaId: 'eu', fromPath: '/old-catalogue', toUrl: '/open-to-all', status: 301 },
    { areaId: 'us', fromPath: '/us-only-old', toUrl: '/skate', status: 302 },
    // a chain written before the back office refused chains
    { areaId: 'eu', fromPath: '/chain-one', toUrl: '/chain-two', status: 301 },
    { areaId: 'eu', fromPath: '/chain-two', toUrl: '/skate', status: 302 },
  ]);
});
afterAll(async () => {
  await testApp?.close();
});

async function getContent(url: string, token: string | null = null, areaId: 'eu' | 'us' = 'eu') {
  const query = {
    'Area.AreaId': areaId,
    'Area.LanguageCode': 'en-GB',
    'Area.CurrencyCode': areaId === 'eu' ? 'EUR' : 'USD',
    Url: url,
  };
  return callEndpoint(testApp.app, endpoint, { query, token });
}

describe('GetContentByUrl answers a stored redirect with its status and target', () => {
  it('answers a permanent redirect (301) of an old category path, without login', async () => {
    expect(expectOk(endpoint, await getContent('/skateboards/decks'))).toMatchObject({
      status: 301,
      contentType: 'redirect',
      url: '/skateboards/decks',
      redirectUrl: '/skate/decks',
      page: null,
      product: null,
      category: null,
    });
  });

  it('answers a temporary redirect 302, a target with a query and an absolute target as stored', async () => {
    expect(expectOk(endpoint, await getContent('/winter-clearance'))).toMatchObject({
      status: 302,
      contentType: 'redirect',
      redirectUrl: '/snow',
    });
    expect(expectOk(endpoint, await getContent('/summer-wetsuit-week')).redirectUrl).toBe('/search?q=wetsuit');
    expect(expectOk(endpoint, await getContent('/careers'))).toMatchObject({
      status: 301,
      redirectUrl: 'https://careers.ridgeline.example/',
    });
  });

  it('finds the redirect under the language prefix, the query string and a trailing slash', async () => {
    expect(expectOk(endpoint, await getContent('/en-GB/winter-clearance/?utm_source=mail'))).toMatchObject({
      status: 302,
      url: '/winter-clearance',
      redirectUrl: '/snow',
    });
  });

  it('answers the redirect before a page still stored at the path', async () => {
    expect(expectOk(endpoint, await getContent('/old-catalogue'))).toMatchObject({
      status: 301,
      contentType: 'redirect',
      redirectUrl: '/open-to-all',
      page: null,
    });
  });

  it('answers the end of a chain (302 if any hop is), and a loop as no redirect (the seed stores /outlet ↔ /outlet-archive)', async () => {
    expect(expectOk(endpoint, await getContent('/chain-one'))).toMatchObject({
      status: 302,
      contentType: 'redirect',
      redirectUrl: '/skate',
    });
    expect(expectOk(endpoint, await getContent('/outlet'))).toMatchObject({ status: 404, redirectUrl: null });
  });

  it("answers only the area's own redirects: another area's path is a 404", async () => {
    expect(expectOk(endpoint, await getContent('/us-only-old', null, 'eu'))).toMatchObject({
      status: 404,
      redirectUrl: null,
    });
    expect(expectOk(endpoint, await getContent('/us-only-old', null, 'us'))).toMatchObject({
      status: 302,
      redirectUrl: '/skate',
    });
  });

  it('answers a path without a redirect or a page as before: status 404, and a page as a page', async () => {
    expect(expectOk(endpoint, await getContent('/no-such-path-at-all'))).toMatchObject({
      status: 404,
      contentType: 'page',
      redirectUrl: null,
    });
    expect(expectOk(endpoint, await getContent('/open-to-all'))).toMatchObject({ status: 200, contentType: 'page' });
  });
});

describe('GetContentByUrl refuses a page the caller may not open with 403', () => {
  it('refuses a page for logged-in users to an anonymous caller, saying how to get in', async () => {
    const refused = expectError(endpoint, await getContent('/buyers-price-news'), 403, 'ForbiddenException');
    expect(refused.message).toBe('This page is for logged-in customers only. Log in to see it.');
  });

  it('answers the page to a logged-in buyer, a sales rep and back-office staff', async () => {
    for (const token of [buyer.token, rep.token, staff.token]) {
      const content = expectOk(endpoint, await getContent('/buyers-price-news', token));
      expect(content).toMatchObject({ status: 200, contentType: 'page', title: 'Price news for buyers' });
      expect(content.page?.url).toBe('/buyers-price-news');
      expect(content.page?.blocks.map((block) => block.id)).toEqual(['text']);
    }
  });

  it('refuses a sales-rep page to an anonymous caller and to a buyer, and answers it to reps and staff', async () => {
    const anonymous = expectError(endpoint, await getContent('/rep-handbook'), 403, 'ForbiddenException');
    expect(anonymous.message).toBe('This page is for sales reps only. Log in to see it.');
    const asBuyer = expectError(endpoint, await getContent('/rep-handbook', buyer.token), 403, 'ForbiddenException');
    expect(asBuyer.message).toBe('This page is for sales reps only; your login does not give access to it.');
    expect(expectOk(endpoint, await getContent('/rep-handbook', rep.token)).title).toBe('Rep handbook');
    expect(expectOk(endpoint, await getContent('/rep-handbook', staff.token)).title).toBe('Rep handbook');
  });

  it('answers a sales-rep page to a rep acting for a customer: the rep is still the one reading', async () => {
    const token = await impersonate(testApp, rep.token, buyer.customer.customerNumber);
    expect(expectOk(endpoint, await getContent('/rep-handbook', token)).status).toBe(200);
  });

  it('answers a page for everyone to everyone, anonymous included', async () => {
    for (const token of [null, buyer.token]) {
      expect(expectOk(endpoint, await getContent('/open-to-all', token)).status).toBe(200);
    }
  });

  it('refuses the seeded pages as the back office marks them: the ordering guide and the sales desk', async () => {
    expectError(endpoint, await getContent('/ordering-guide'), 403, 'ForbiddenException');
    expect(expectOk(endpoint, await getContent('/ordering-guide', buyer.token)).title).toBe(
      'Ordering guide for account holders',
    );
    expectError(endpoint, await getContent('/sales-desk', buyer.token), 403, 'ForbiddenException');
    expect(expectOk(endpoint, await getContent('/sales-desk', rep.token)).status).toBe(200);
  });
});

describe('The back office marks who may open a page', () => {
  /** Creates the page (version 0); the home page exists, but its refusal comes before the version is compared. */
  async function savePage(url: string, visibleTo: ContentPageVisibility) {
    const key = url === '/' ? 'home' : url.slice(1);
    return callEndpoint(testApp.app, documents.updateDocument, {
      token: staff.token,
      body: {
        areaId: 'eu',
        languageCode: 'en-GB',
        key,
        title: `Title of ${key}`,
        url,
        version: 0,
        body: pageBody(visibleTo, 'Saved in the back office.'),
      },
    });
  }

  it('saves a page for logged-in users only; GetContentByUrl refuses it to anonymous callers at once', async () => {
    const saved = expectOk(documents.updateDocument, await savePage('/dealer-downloads', 'logged-in'));
    expect(saved.body).toMatchObject({ kind: 'page', visibleTo: 'logged-in' });
    expectError(endpoint, await getContent('/dealer-downloads'), 403, 'ForbiddenException');
    expect(expectOk(endpoint, await getContent('/dealer-downloads', buyer.token)).status).toBe(200);
  });

  it('refuses to close the home page, naming the field', async () => {
    const home = await getContent('/', staff.token);
    expect(expectOk(endpoint, home).status).toBe(200);
    const refused = expectError(documents.updateDocument, await savePage('/', 'logged-in'), 400);
    expect(refused.errors?.[0]).toMatchObject({ field: 'body.visibleTo' });
  });

  it('refuses a visibility it does not know, naming the field', async () => {
    const response = await callEndpoint(testApp.app, documents.updateDocument, {
      token: staff.token,
      body: {
        areaId: 'eu',
        languageCode: 'en-GB',
        key: 'customers-of-group-a',
        title: 'Group A',
        url: '/customers-of-group-a',
        version: 0,
        body: { ...pageBody(undefined, 'x'), visibleTo: 'group-a' },
      },
    });
    expect(expectError(documents.updateDocument, response, 400).errors?.[0]?.field).toBe('body.visibleTo');
  });
});
