import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { areas, categories } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let customerToken: string;
let backofficeToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  customerToken = (await createBuyer(testApp, { username: 'area-buyer' })).token;
  backofficeToken = (await createStaff(testApp, { username: 'area-office' })).token;
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/Area/GetAreaById', () => {
  const endpoint = areaEndpoints.getAreaById;

  it('returns the area with its settings, without login', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'us', Language: 'en-GB' } });
    const area = expectOk(endpoint, response);
    const [stored] = await testApp.db.select().from(areas).where(eq(areas.id, 'us'));
    const { menus: storedMenus, ...storedSettings } = stored?.settings ?? { menus: [] };
    expect(area).toMatchObject({ areaId: 'us', name: 'USA & Canada', languageCode: 'en-GB', currencyCode: 'USD' });
    const { menus, ...settings } = area.settings;
    expect(settings).toEqual(storedSettings);
    // The stored (editor) menus first, then the category menu built from the catalogue (spec §3).
    expect(menus.slice(0, -1)).toEqual(storedMenus);
    expect(menus.at(-1)?.id).toBe('categories');
  });

  it('builds the categories menu from the category tree: roots with their children, tagged primary', async () => {
    const area = expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'eu' } }));
    const menu = area.settings.menus.find((entry) => entry.id === 'categories');
    const stored = await testApp.db
      .select({ id: categories.id, parentId: categories.parentId, url: categories.url })
      .from(categories);
    const roots = stored.filter((category) => category.parentId === null);
    expect(menu?.entries.map((entry) => entry.id).sort()).toEqual(roots.map((root) => root.id).sort());
    const skate = menu?.entries.find((entry) => entry.id === 'skate');
    expect(skate).toMatchObject({ id: 'skate', name: 'Skate', url: '/skate', tags: ['primary'] });
    const children = stored.filter((category) => category.parentId === 'skate');
    expect(skate?.children.map((child) => child.url).sort()).toEqual(children.map((child) => child.url).sort());
    expect(skate?.children.find((child) => child.id === 'skate-decks')).toEqual({
      id: 'skate-decks',
      name: 'Decks',
      url: '/skate/decks',
      tags: ['primary'],
      children: [],
    });
  });

  it('ignores an expired or garbled token on this public call', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'eu' }, token: 'garbled' });
    expectOk(endpoint, response);
  });

  it('answers a missing AreaId with the spec §5 message', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { query: { Language: 'en-GB' } });
    expect(expectError(endpoint, response, 400, 'MissingParameterException')).toMatchObject({
      message: 'The parameter AreaId must be defined and cannot be null.',
      errors: [{ field: 'AreaId', message: 'must be defined and cannot be null' }],
    });
  });

  it('refuses an unknown area id and unknown parameters', async () => {
    const unknownArea = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'mars' } });
    expect(expectError(endpoint, unknownArea, 400).errors?.[0]?.field).toBe('AreaId');
    const unknownParameter = await callEndpoint(testApp.app, endpoint, { query: { AreaId: 'eu', x: 1 } });
    expect(expectError(endpoint, unknownParameter, 400).errors).toEqual([
      { field: 'x', message: 'is not a known field' },
    ]);
  });
});

describe('GET /backoffice/api/Area/GetAreas', () => {
  const endpoint = areaEndpoints.getAreas;

  it('lists the areas for back-office users', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { token: backofficeToken });
    expect(expectOk(endpoint, response)).toEqual({
      areas: [
        { code: 'eu', name: 'Europe', areaInfo: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } },
        { code: 'us', name: 'USA & Canada', areaInfo: { areaId: 'us', languageCode: 'en-GB', currencyCode: 'USD' } },
      ],
    });
  });

  it('answers 401 to anonymous callers and 403 to customers', async () => {
    expectError(endpoint, await callEndpoint(testApp.app, endpoint), 401, 'UnauthorizedException');
    const customer = await callEndpoint(testApp.app, endpoint, { token: customerToken });
    expect(expectError(endpoint, customer, 403, 'ForbiddenException')).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
    });
  });
});
