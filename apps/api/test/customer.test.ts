import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddress, createCustomer, createUser, DEFAULT_PASSWORD } from './support/factories.ts';
import { bearer, createTestApp, EU_AREA, errorOf, login } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const tokens = { buyer: '', other: '', staff: '' };
let defaultAddressId = '';

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  const customer = await createCustomer(db, { areaId: 'eu' });
  await createAddress(db, customer.id, { name: 'Zeta store', isDefault: false });
  defaultAddressId = (await createAddress(db, customer.id, { name: 'Main warehouse', isDefault: true })).id;
  await createAddress(db, customer.id, { name: 'Alpha store', isDefault: false });
  const otherCustomer = await createCustomer(db, { areaId: 'eu' });
  await createAddress(db, otherCustomer.id, { name: 'Not yours' });
  await createUser(db, { username: 'addr-buyer', customerId: customer.id });
  await createUser(db, { username: 'addr-other', customerId: otherCustomer.id });
  await createUser(db, { username: 'addr-staff', roles: ['backoffice'] });
  tokens.buyer = (await login(testApp.app, 'addr-buyer', DEFAULT_PASSWORD)).accessToken;
  tokens.other = (await login(testApp.app, 'addr-other', DEFAULT_PASSWORD)).accessToken;
  tokens.staff = (await login(testApp.app, 'addr-staff', DEFAULT_PASSWORD)).accessToken;
});

afterAll(async () => {
  await testApp?.close();
});

function getAddresses(token: string | null, body: unknown) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/Customer/GetAddresses',
    headers: token ? bearer(token) : {},
    payload: body as object,
  });
}

describe('POST /api/Customer/GetAddresses', () => {
  it("returns the caller's customer's addresses, the default first, then by name", async () => {
    const response = await getAddresses(tokens.buyer, { area: EU_AREA });
    expect(response.statusCode).toBe(200);
    const { addresses } = response.json();
    expect(addresses.map((address: { name: string }) => address.name)).toEqual([
      'Main warehouse',
      'Alpha store',
      'Zeta store',
    ]);
    expect(addresses[0]).toEqual({
      addressId: defaultAddressId,
      name: 'Main warehouse',
      street: 'Harbour Street 12',
      postalCode: '1050',
      city: 'Copenhagen',
      countryCode: 'DK',
      isDefault: true,
    });
  });

  it("never shows another customer's addresses", async () => {
    const response = await getAddresses(tokens.other, { area: EU_AREA });
    expect(response.json().addresses.map((address: { name: string }) => address.name)).toEqual(['Not yours']);
  });

  it('answers 401 to anonymous callers and 403 to a user without a customer', async () => {
    expect((await getAddresses(null, { area: EU_AREA })).statusCode).toBe(401);
    const staff = await getAddresses(tokens.staff, { area: EU_AREA });
    expect(staff.statusCode).toBe(403);
    expect(errorOf(staff).type).toBe('ForbiddenException');
  });

  it('refuses a missing area and unknown fields', async () => {
    const missing = await getAddresses(tokens.buyer, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe('The parameter area must be defined and cannot be null.');
    const unknown = await getAddresses(tokens.buyer, { area: EU_AREA, customerId: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).errors).toEqual([{ field: 'customerId', message: 'is not a known field' }]);
  });
});
