import { areas } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser, DEFAULT_PASSWORD } from './support/factories.ts';
import { bearer, createTestApp, errorOf, login } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let customerToken: string;
let backofficeToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const customer = await createCustomer(testApp.db);
  await createUser(testApp.db, { username: 'area-buyer', customerId: customer.id });
  await createUser(testApp.db, { username: 'area-office', roles: ['backoffice'] });
  customerToken = (await login(testApp.app, 'area-buyer', DEFAULT_PASSWORD)).accessToken;
  backofficeToken = (await login(testApp.app, 'area-office', DEFAULT_PASSWORD)).accessToken;
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/Area/GetAreaById', () => {
  it('returns the area with its settings, without login', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/Area/GetAreaById?AreaId=us&Language=en-GB' });
    expect(response.statusCode).toBe(200);
    const [stored] = await testApp.db.select().from(areas).where(eq(areas.id, 'us'));
    expect(response.json()).toEqual({
      areaId: 'us',
      name: 'USA & Canada',
      languageCode: 'en-GB',
      currencyCode: 'USD',
      settings: stored?.settings,
    });
    expect(response.json().settings.menus.length).toBeGreaterThan(0);
  });

  it('ignores an expired or garbled token on this public call', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/Area/GetAreaById?AreaId=eu',
      headers: bearer('garbled'),
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a missing AreaId with the spec §5 message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/Area/GetAreaById?Language=en-GB' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      type: 'MissingParameterException',
      message: 'The parameter AreaId must be defined and cannot be null.',
      errors: [{ field: 'AreaId', message: 'must be defined and cannot be null' }],
    });
  });

  it('refuses an unknown area id and unknown parameters', async () => {
    const unknownArea = await testApp.app.inject({ method: 'GET', url: '/api/Area/GetAreaById?AreaId=mars' });
    expect(unknownArea.statusCode).toBe(400);
    expect(errorOf(unknownArea).errors?.[0]?.field).toBe('AreaId');
    const unknownParameter = await testApp.app.inject({ method: 'GET', url: '/api/Area/GetAreaById?AreaId=eu&x=1' });
    expect(errorOf(unknownParameter).errors).toEqual([{ field: 'x', message: 'is not a known field' }]);
  });
});

describe('GET /backoffice/api/Area/GetAreas', () => {
  it('lists the areas for back-office users', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/backoffice/api/Area/GetAreas',
      headers: bearer(backofficeToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      areas: [
        { code: 'eu', name: 'Europe', areaInfo: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' } },
        { code: 'us', name: 'USA & Canada', areaInfo: { areaId: 'us', languageCode: 'en-GB', currencyCode: 'USD' } },
      ],
    });
  });

  it('answers 401 to anonymous callers and 403 to customers', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/backoffice/api/Area/GetAreas' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await testApp.app.inject({
      method: 'GET',
      url: '/backoffice/api/Area/GetAreas',
      headers: bearer(customerToken),
    });
    expect(customer.statusCode).toBe(403);
    expect(errorOf(customer)).toMatchObject({ statusCode: 403, error: 'Forbidden', type: 'ForbiddenException' });
  });
});
