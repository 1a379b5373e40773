/**
 * The back office's redirect calls (spec §7 Redirects, issue 28): the table's search, UpdateRedirect with its stale
 * check, the CSV import's per-row report (quotes, BOM, semicolons, CRLF, loops, chains, duplicates, live pages),
 * all or nothing, the dry run, 50,000 rows, the export, the deletions and their audit entries. The storefront's
 * GetRedirectByUrl answers each change at once here, and
 * after its invalidation on other instances. Listed in POSTGRES_SPECIFIC_TESTS: an import races an edit.
 */
import { DELETE_ALL_REDIRECTS_CONFIRMATION } from '@b2b/contract';
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { redirectsEndpoints } from '@b2b/contract/endpoints/redirects';
import { auditEntries, cacheInvalidations, products, redirects } from '@b2b/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createProduct } from './support/factories.ts';
import { createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let staff: SignedInUser;

// The redirects of these tests live in the US area; the EU area keeps the demo redirects the storefront tests read.
const AREA = 'us';
const HEADER = 'fromPath,toUrl,status';

beforeAll(async () => {
  testApp = await createTestApp();
  await createProduct(testApp.db, 'RD-100');
  await testApp.app.searchIndex.refresh();
  staff = await createStaff(testApp, { username: 'redirect-editor' });
});

afterAll(async () => {
  await testApp?.close();
});

beforeEach(async () => {
  await testApp.db.delete(redirects).where(eq(redirects.areaId, AREA));
});

function call<E extends (typeof redirectsEndpoints)[keyof typeof redirectsEndpoints]>(endpoint: E, body: unknown) {
  return callEndpoint(testApp.app, endpoint, { body, token: staff.token });
}

async function importCsv(csv: string, dryRun = false) {
  const endpoint = redirectsEndpoints.updateRedirectsByCsv;
  return expectOk(endpoint, await call(endpoint, { area: AREA, csv, dryRun }));
}

async function createRedirect(fromPath: string, toUrl: string, status: 301 | 302 = 301) {
  const endpoint = redirectsEndpoints.updateRedirect;
  return expectOk(endpoint, await call(endpoint, { area: AREA, fromPath, toUrl, status })).redirect;
}

async function storedRedirects() {
  const rows = await testApp.db
    .select({ fromPath: redirects.fromPath, toUrl: redirects.toUrl, status: redirects.status })
    .from(redirects)
    .where(eq(redirects.areaId, AREA));
  return rows.sort((a, b) => a.fromPath.localeCompare(b.fromPath));
}

async function latestAuditEntry() {
  const [entry] = await testApp.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.objectType, 'redirect'))
    .orderBy(desc(auditEntries.occurredAt))
    .limit(1);
  return entry;
}

async function countRedirectInvalidations() {
  return (await testApp.db.select().from(cacheInvalidations).where(eq(cacheInvalidations.cacheType, 'redirects')))
    .length;
}

async function countAuditEntries() {
  return (await testApp.db.select().from(auditEntries).where(eq(auditEntries.objectType, 'redirect'))).length;
}

async function storefrontTarget(url: string) {
  const response = await callEndpoint(testApp.app, contentEndpoints.getRedirectByUrl, {
    query: { 'Area.AreaId': AREA, 'Area.LanguageCode': 'en-GB', 'Area.CurrencyCode': 'USD', Url: url },
  });
  return response.statusCode === 404 ? null : expectOk(contentEndpoints.getRedirectByUrl, response).redirectUrl;
}

describe('UpdateRedirect', () => {
  it('creates a redirect the storefront follows at once, with an audit entry', async () => {
    // Asked before it exists: "no redirect" is kept in the look-up cache, which the write must empty.
    expect(await storefrontTarget('/old-decks')).toBeNull();
    const endpoint = redirectsEndpoints.updateRedirect;
    const answer = expectOk(
      endpoint,
      await call(endpoint, { area: AREA, fromPath: '/en-GB/old-decks/', toUrl: '/skate/decks', status: 301 }),
    );
    expect(answer.created).toBe(true);
    // Stored as the storefront looks it up: no language prefix, no trailing slash.
    expect(answer.redirect).toMatchObject({ area: 'us', fromPath: '/old-decks', toUrl: '/skate/decks', status: 301 });
    expect(await storefrontTarget('/old-decks?ref=mail')).toBe('/skate/decks');
    expect(await latestAuditEntry()).toMatchObject({
      actorUsername: 'redirect-editor',
      objectId: '/old-decks',
      action: 'create',
      after: { fromPath: '/old-decks', toUrl: '/skate/decks', status: 301 },
    });
  });

  it('changes a redirect read at its updatedAt; the storefront answers the new target', async () => {
    const created = await createRedirect('/old-snow', '/snow');
    const endpoint = redirectsEndpoints.updateRedirect;
    const changed = expectOk(
      endpoint,
      await call(endpoint, {
        area: AREA,
        id: created.id,
        expectedUpdatedAt: created.updatedAt,
        fromPath: '/old-snow',
        toUrl: '/snow/snowboards',
        status: 302,
      }),
    );
    expect(changed).toMatchObject({
      created: false,
      redirect: { id: created.id, toUrl: '/snow/snowboards', status: 302 },
    });
    expect(await storefrontTarget('/old-snow')).toBe('/snow/snowboards');
    expect(await latestAuditEntry()).toMatchObject({
      action: 'update',
      before: { fromPath: '/old-snow', toUrl: '/snow', status: 301 },
      after: { fromPath: '/old-snow', toUrl: '/snow/snowboards', status: 302 },
    });
  });

  it('refuses a stale edit with 409 and keeps the other save', async () => {
    const created = await createRedirect('/old-bikes', '/bike');
    const endpoint = redirectsEndpoints.updateRedirect;
    const edit = (toUrl: string) =>
      call(endpoint, {
        area: AREA,
        id: created.id,
        expectedUpdatedAt: created.updatedAt,
        fromPath: '/old-bikes',
        toUrl,
        status: 301,
      });
    expectOk(endpoint, await edit('/bike/bmx-bikes'));
    const auditCount = await countAuditEntries();
    const stale = expectError(endpoint, await edit('/skate'), 409, 'ConflictException');
    expect(stale.message).toContain('/old-bikes');
    expect(stale.errors?.[0]?.field).toBe('expectedUpdatedAt');
    expect(await storedRedirects()).toEqual([{ fromPath: '/old-bikes', toUrl: '/bike/bmx-bikes', status: 301 }]);
    expect(await countAuditEntries()).toBe(auditCount);
  });

  it('refuses a second redirect from the same path (409), an unknown id (404), an id without expectedUpdatedAt (400)', async () => {
    const created = await createRedirect('/twice', '/snow');
    const endpoint = redirectsEndpoints.updateRedirect;
    const again = await call(endpoint, { area: AREA, fromPath: '/twice/', toUrl: '/skate', status: 301 });
    expect(expectError(endpoint, again, 409, 'ConflictException').errors?.[0]?.field).toBe('fromPath');
    const unknown = await call(endpoint, {
      area: AREA,
      id: '00000000-0000-4000-8000-000000000000',
      expectedUpdatedAt: created.updatedAt,
      fromPath: '/x',
      toUrl: '/snow',
      status: 301,
    });
    expectError(endpoint, unknown, 404, 'NotFoundException');
    // Another area's id is unknown here too.
    const otherArea = await call(endpoint, {
      ...{ area: 'eu', id: created.id, expectedUpdatedAt: created.updatedAt },
      fromPath: '/twice',
      toUrl: '/snow',
      status: 301,
    });
    expectError(endpoint, otherArea, 404);
    const withoutVersion = await call(endpoint, {
      area: AREA,
      id: created.id,
      fromPath: '/twice',
      toUrl: '/snow',
      status: 301,
    });
    expect(expectError(endpoint, withoutVersion, 400).errors?.[0]?.field).toBe('expectedUpdatedAt');
  });

  it('refuses bad input naming the field: unknown field, status, paths, loops, chains, live pages', async () => {
    const endpoint = redirectsEndpoints.updateRedirect;
    await createRedirect('/hop-b', '/snow');
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ fromPath: '/a', toUrl: '/snow', status: 301, colour: 'red' }, 'colour'],
      [{ fromPath: '/a', toUrl: '/snow', status: 307 }, 'status'],
      [{ fromPath: 'no-slash', toUrl: '/snow', status: 301 }, 'fromPath', 'starting with /'],
      [{ fromPath: '/', toUrl: '/snow', status: 301 }, 'fromPath', 'home page'],
      [{ fromPath: '/a', toUrl: 'javascript:alert(1)', status: 301 }, 'toUrl', 'http(s) URL'],
      [{ fromPath: '/a', toUrl: '//evil.example/x', status: 301 }, 'toUrl'],
      [{ fromPath: '/loop', toUrl: '/en-GB/loop?x=1', status: 301 }, 'toUrl', 'loop'],
      [{ fromPath: '/hop-a', toUrl: '/hop-b', status: 301 }, 'toUrl', 'point to /snow directly'],
      [{ fromPath: '/snow-old', toUrl: '/hop-b', status: 301 }, 'toUrl', 'one hop'],
      [{ fromPath: '/skate/decks', toUrl: '/snow', status: 301 }, 'fromPath', 'category'],
      [{ fromPath: '/test-category/RD-100', toUrl: '/snow', status: 301 }, 'fromPath', 'product RD-100'],
    ];
    for (const [fields, field, words] of cases) {
      const error = expectError(endpoint, await call(endpoint, { area: AREA, ...fields }), 400);
      expect(error.errors?.[0]?.field, JSON.stringify(fields)).toBe(field);
      if (words) expect(error.errors?.[0]?.message).toContain(words);
    }
    // A redirect to /hop-b exists: /hop-b may no longer redirect, or two hops would follow.
    await createRedirect('/into-c', '/c-page');
    const incoming = await call(endpoint, { area: AREA, fromPath: '/c-page', toUrl: '/snow', status: 301 });
    expect(expectError(endpoint, incoming, 400).errors?.[0]).toMatchObject({ field: 'fromPath' });
    expect(await storedRedirects()).toEqual([
      { fromPath: '/hop-b', toUrl: '/snow', status: 301 },
      { fromPath: '/into-c', toUrl: '/c-page', status: 301 },
    ]);
  });
});

describe('UpdateRedirect from a discontinued product', () => {
  it('accepts the page of a product no longer sold (e.g. to its successor), and the storefront follows it', async () => {
    await createProduct(testApp.db, 'RD-OLD');
    await testApp.db.update(products).set({ discontinuedAt: new Date() }).where(eq(products.id, 'RD-OLD'));
    const moved = await createRedirect('/test-category/RD-OLD', '/test-category/RD-100');
    expect(moved).toMatchObject({ fromPath: '/test-category/RD-OLD', toUrl: '/test-category/RD-100', status: 301 });
    expect(await storefrontTarget('/test-category/RD-OLD')).toBe('/test-category/RD-100');
  });
});

describe('GetRedirectByUrl after a change made elsewhere', () => {
  it('answers a change another instance wrote once its invalidation arrives, within 5 s (issue 28, ADR 037)', async () => {
    await createRedirect('/elsewhere', '/snow');
    expect(await storefrontTarget('/elsewhere')).toBe('/snow');
    // Another instance's write reaches this one only through the database: the row and its invalidation.
    await testApp.db.update(redirects).set({ toUrl: '/skate' }).where(eq(redirects.fromPath, '/elsewhere'));
    expect(await storefrontTarget('/elsewhere')).toBe('/snow');
    const writtenAt = Date.now();
    await testApp.db.insert(cacheInvalidations).values({ cacheType: 'redirects' });
    while ((await storefrontTarget('/elsewhere')) !== '/skate') {
      expect(Date.now() - writtenAt).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("asks every instance to reload with each write, in the write's transaction", async () => {
    const invalidationsBefore = await countRedirectInvalidations();
    await createRedirect('/asks-others', '/snow');
    await importCsv(`${HEADER}\n/asks-others-too,/skate,301\n`);
    expect(await countRedirectInvalidations()).toBe(invalidationsBefore + 2);
  });
});

describe('UpdateRedirectsByCsv', () => {
  it('reads quoted fields with commas and quotes, a BOM, semicolons and CRLF', async () => {
    const csv =
      '\uFEFFfromPath;toUrl;status\r\n' +
      '/old-search;"/search?q=a;b,c";301\r\n' +
      '"/say-""hi""";/snow;302\r\n' +
      '\r\n' +
      '/last-row;https://careers.ridgeline.example/jobs?a=1,2;301\r\n';
    const report = await importCsv(csv);
    expect(report).toMatchObject({
      ok: true,
      applied: true,
      rowCount: 3,
      created: 3,
      changed: 0,
      unchanged: 0,
      problemCount: 0,
    });
    expect(await storedRedirects()).toEqual([
      { fromPath: '/last-row', toUrl: 'https://careers.ridgeline.example/jobs?a=1,2', status: 301 },
      { fromPath: '/old-search', toUrl: '/search?q=a;b,c', status: 301 },
      { fromPath: '/say-"hi"', toUrl: '/snow', status: 302 },
    ]);
    expect(await storefrontTarget('/old-search')).toBe('/search?q=a;b,c');
  });

  it('reads columns in any order with LF line ends, and counts created, changed and unchanged', async () => {
    await createRedirect('/keep', '/snow');
    await createRedirect('/change', '/snow');
    const report = await importCsv('status,fromPath,toUrl\n301,/keep,/snow\n302,/change,/snow\n301,/new,/skate\n');
    expect(report).toMatchObject({ ok: true, applied: true, created: 1, changed: 1, unchanged: 1 });
    expect(await storefrontTarget('/new')).toBe('/skate');
    expect(await latestAuditEntry()).toMatchObject({
      action: 'import',
      objectId: AREA,
      after: { rowCount: 3, created: 1, changed: 1, unchanged: 1 },
    });
  });

  it('reports every bad row by its row number and writes nothing (no audit entry either)', async () => {
    await createRedirect('/stored-b', '/snow');
    await createRedirect('/stored-into-x', '/x-page');
    const auditCount = await countAuditEntries();
    const rows = [
      HEADER,
      '/good,/skate,301', // row 2: fine, but not written since others fail
      '/bad-status,/skate,307', // 3
      'no-slash,/skate,301', // 4
      '/self,/self/,301', // 5: a loop to itself
      '/ping,/pong,301', // 6: A → B → A within the file
      '/pong,/ping,301', // 7
      '/chain-a,/stored-b,301', // 8: B redirects on (stored)
      '/chain-c,/chain-d,301', // 9: D redirects on (in the file)
      '/chain-d,/snow,301', // 10: and C leads to D
      '/good,/bike,301', // 11: duplicate of row 2
      '/skate/decks,/snow,301', // 12: a live category
      '/test-category/RD-100,/snow,301', // 13: a live product
      '/x-page,/snow,301', // 14: a stored redirect leads here
      '/too,many,fields,301', // 15
      '/missing-target,,301', // 16
    ];
    const report = await importCsv(`${rows.join('\n')}\n`);
    expect(report.ok).toBe(false);
    expect(report.applied).toBe(false);
    const byRow = new Map(report.problems.map((problem) => [problem.row, problem.problem]));
    expect([...byRow.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(byRow.get(3)).toContain('status must be 301 or 302');
    expect(byRow.get(4)).toContain('starting with /');
    expect(byRow.get(5)).toContain('loop');
    expect(byRow.get(6)).toContain('redirects back to /ping (a loop)');
    expect(byRow.get(8)).toContain('/stored-b, which redirects on to /snow');
    expect(byRow.get(9)).toContain('/chain-d, which redirects on to /snow');
    expect(byRow.get(10)).toContain('/chain-c already redirects to /chain-d');
    expect(byRow.get(11)).toContain('also on row 2');
    expect(byRow.get(12)).toContain('category');
    expect(byRow.get(13)).toContain('product RD-100');
    expect(byRow.get(14)).toContain('/stored-into-x already redirects to /x-page');
    expect(byRow.get(15)).toContain('4 fields');
    expect(byRow.get(16)).toContain('toUrl is missing');
    expect(report.problems.find((problem) => problem.row === 3)?.fromPath).toBe('/bad-status');
    expect(report.problemCount).toBe(14);
    expect(await storedRedirects()).toEqual([
      { fromPath: '/stored-b', toUrl: '/snow', status: 301 },
      { fromPath: '/stored-into-x', toUrl: '/x-page', status: 301 },
    ]);
    expect(await countAuditEntries()).toBe(auditCount);
  });

  it('reports a row with a stray quote by its number', async () => {
    const report = await importCsv(`${HEADER}\n/fine,/snow,301\n/broken"quote",/snow,301\n/also-fine,/skate,301\n`);
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.row)).toEqual([3]);
    expect(report.problems[0]?.problem).toContain('cannot be read');
  });

  it('a dry run answers the same report and counts and writes nothing', async () => {
    await createRedirect('/dry-keep', '/snow');
    const auditCount = await countAuditEntries();
    const csv = `${HEADER}\n/dry-keep,/snow,301\n/dry-new,/skate,302\n`;
    const dryRun = await importCsv(csv, true);
    expect(dryRun).toMatchObject({ ok: true, dryRun: true, applied: false, created: 1, changed: 0, unchanged: 1 });
    expect(await storedRedirects()).toEqual([{ fromPath: '/dry-keep', toUrl: '/snow', status: 301 }]);
    expect(await countAuditEntries()).toBe(auditCount);
    const badDryRun = await importCsv(`${HEADER}\n/dry-bad,/dry-bad,301\n`, true);
    expect(badDryRun).toMatchObject({ ok: false, dryRun: true, applied: false, problemCount: 1 });
  });

  it('imports 50,000 rows in one go, with one audit entry', async () => {
    const lines = [HEADER];
    for (let index = 0; index < 50_000; index++) lines.push(`/bulk/old-${index},/skate?item=${index},301`);
    const auditCount = await countAuditEntries();
    const report = await importCsv(`${lines.join('\r\n')}\r\n`);
    expect(report).toMatchObject({ ok: true, applied: true, rowCount: 50_000, created: 50_000 });
    expect((await storedRedirects()).length).toBe(50_000);
    expect(await countAuditEntries()).toBe(auditCount + 1);
    expect(await storefrontTarget('/bulk/old-49999')).toBe('/skate?item=49999');
  }, 120_000);

  it('refuses a file without the header, an unknown field and a missing dryRun, naming the field', async () => {
    const endpoint = redirectsEndpoints.updateRedirectsByCsv;
    const noHeader = await call(endpoint, { area: AREA, csv: '/a,/b,301\n', dryRun: true });
    expect(expectError(endpoint, noHeader, 400).errors?.[0]?.field).toBe('csv');
    const unknown = await call(endpoint, { area: AREA, csv: HEADER, dryRun: true, replace: true });
    expect(expectError(endpoint, unknown, 400).errors?.[0]?.field).toBe('replace');
    const missing = await call(endpoint, { area: AREA, csv: HEADER });
    expect(expectError(endpoint, missing, 400).errors?.[0]?.field).toBe('dryRun');
  });

  it('an import racing an edit: the area lock lets only one of them make a chain-free set', async () => {
    await createRedirect('/race-seed', '/snow');
    const [imported, edited] = await Promise.all([
      call(redirectsEndpoints.updateRedirectsByCsv, {
        area: AREA,
        csv: `${HEADER}\n/race-a,/race-b,301\n`,
        dryRun: false,
      }),
      call(redirectsEndpoints.updateRedirect, { area: AREA, fromPath: '/race-b', toUrl: '/race-c', status: 301 }),
    ]);
    const importReport = expectOk(redirectsEndpoints.updateRedirectsByCsv, imported);
    const editSucceeded = edited.statusCode === 200;
    // Exactly one of the two wins; the other sees it and refuses the chain /race-a → /race-b → /race-c.
    expect(importReport.applied !== editSucceeded).toBe(true);
    if (!editSucceeded) expectError(redirectsEndpoints.updateRedirect, edited, 400);
    const stored = await storedRedirects();
    const fromPaths = new Set(stored.map((row) => row.fromPath));
    expect(stored.filter((row) => fromPaths.has(row.toUrl))).toEqual([]);
  });
});

describe('GetBySearch', () => {
  it('filters by text and status, sorts and pages', async () => {
    await importCsv(`${HEADER}\n/s-alpha,/skate,301\n/s-beta,/snow,302\n/s-gamma,/skate/decks,301\n/other,/bike,301\n`);
    const endpoint = redirectsEndpoints.getBySearch;
    const skate = expectOk(endpoint, await call(endpoint, { area: AREA, text: 'SKATE' }));
    expect(skate.items.map((item) => item.fromPath)).toEqual(['/s-alpha', '/s-gamma']);
    const temporary = expectOk(endpoint, await call(endpoint, { area: AREA, status: 302 }));
    expect(temporary.items.map((item) => item.fromPath)).toEqual(['/s-beta']);
    const page2 = expectOk(
      endpoint,
      await call(endpoint, { area: AREA, text: 's-', sort: 'toUrl', direction: 'Descending', page: 2, pageSize: 2 }),
    );
    expect(page2).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((item) => item.toUrl)).toEqual(['/skate']);
    // `%` and `_` are searched as themselves.
    expect(expectOk(endpoint, await call(endpoint, { area: AREA, text: '%' })).totalCount).toBe(0);
    const bad = await call(endpoint, { area: AREA, sort: 'createdBy' });
    expect(expectError(endpoint, bad, 400).errors?.[0]?.field).toBe('sort');
  });
});

describe('CSV export and template', () => {
  it('answers a CSV download that imports back unchanged', async () => {
    await importCsv(`${HEADER}\n/exp-b,"/search?q=a,b",302\n/exp-a,/snow,301\n`);
    const endpoint = redirectsEndpoints.getAllRedirectsAsCsv;
    const response = await call(endpoint, { area: AREA });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="redirects-us-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body).toBe('\uFEFFfromPath,toUrl,status\r\n/exp-a,/snow,301\r\n/exp-b,"/search?q=a,b",302\r\n');
    const again = await importCsv(response.body, true);
    expect(again).toMatchObject({ ok: true, created: 0, changed: 0, unchanged: 2 });
  });

  it('answers the header row as the template', async () => {
    const response = await callEndpoint(testApp.app, redirectsEndpoints.getRedirectsHeaderAsCsv, {
      token: staff.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="redirects-template.csv"');
    expect(response.body).toBe('\uFEFFfromPath,toUrl,status\r\n');
  });
});

describe('DeleteRedirects and DeleteAllRedirects', () => {
  it('deletes by id and by from-path, answers what matched nothing, and records the deletion', async () => {
    const first = await createRedirect('/del-a', '/snow');
    await createRedirect('/del-b', '/skate');
    await createRedirect('/del-keep', '/bike');
    const endpoint = redirectsEndpoints.deleteRedirects;
    const answer = expectOk(
      endpoint,
      await call(endpoint, { area: AREA, ids: [first.id], fromPaths: ['/en-GB/del-b/', '/never-was'] }),
    );
    expect(answer.deleted.map((row) => row.fromPath).sort()).toEqual(['/del-a', '/del-b']);
    expect(answer.notFound).toEqual(['/never-was']);
    expect(await storedRedirects()).toEqual([{ fromPath: '/del-keep', toUrl: '/bike', status: 301 }]);
    expect(await storefrontTarget('/del-a')).toBeNull();
    expect(await latestAuditEntry()).toMatchObject({ action: 'delete', summary: expect.stringContaining('/del-a') });
    expect(expectError(endpoint, await call(endpoint, { area: AREA }), 400).errors?.[0]?.field).toBe('ids');
  });

  it('deletes all of one area only with the confirmation', async () => {
    await createRedirect('/all-a', '/snow');
    await createRedirect('/all-b', '/skate');
    const endpoint = redirectsEndpoints.deleteAllRedirects;
    expect(expectError(endpoint, await call(endpoint, { area: AREA }), 400).errors?.[0]?.field).toBe('confirm');
    expect(expectError(endpoint, await call(endpoint, { area: AREA, confirm: 'yes' }), 400).errors?.[0]?.field).toBe(
      'confirm',
    );
    expect((await storedRedirects()).length).toBe(2);
    const euBefore = await testApp.db.select().from(redirects).where(eq(redirects.areaId, 'eu'));
    const answer = expectOk(endpoint, await call(endpoint, { area: AREA, confirm: DELETE_ALL_REDIRECTS_CONFIRMATION }));
    expect(answer.deleted).toBe(2);
    expect(await storedRedirects()).toEqual([]);
    expect((await testApp.db.select().from(redirects).where(eq(redirects.areaId, 'eu'))).length).toBe(euBefore.length);
    const [entry] = await testApp.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, 'redirect'), eq(auditEntries.action, 'delete-all')));
    expect(entry).toMatchObject({ objectId: AREA, before: { count: 2 } });
  });
});
