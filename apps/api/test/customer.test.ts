import { customerEndpoints } from '@b2b/contract/endpoints/customer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createAddress } from './support/factories.ts';
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
const tokens = { buyer: '', other: '', staff: '' };
let defaultAddressId = '';

beforeAll(async () => {
  testApp = await createTestApp();
  const { db } = testApp;
  const buyer = await createBuyer(testApp, {
    username: 'addr-buyer',
    address: { name: 'Zeta store', isDefault: false },
  });
  defaultAddressId = (await createAddress(db, buyer.customerId, { name: 'Main warehouse', isDefault: true })).id;
  await createAddress(db, buyer.customerId, { name: 'Alpha store', isDefault: false });
  tokens.buyer = buyer.token;
  tokens.other = (await createBuyer(testApp, { username: 'addr-other', address: { name: 'Not yours' } })).token;
  tokens.staff = (await createStaff(testApp, { username: 'addr-staff' })).token;
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/Customer/GetAddresses', () => {
  const endpoint = customerEndpoints.getAddresses;

  function getAddresses(token: string | null, body: unknown) {
    return callEndpoint(testApp.app, endpoint, { token, body });
  }

  it("returns the caller's customer's addresses, the default first, then by name", async () => {
    const { addresses } = expectOk(endpoint, await getAddresses(tokens.buyer, { area: EU_AREA }));
    expect(addresses.map((address) => address.name)).toEqual(['Main warehouse', 'Alpha store', 'Zeta store']);
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
    const { addresses } = expectOk(endpoint, await getAddresses(tokens.other, { area: EU_AREA }));
    expect(addresses.map((address) => address.name)).toEqual(['Not yours']);
  });

  it('answers 401 to anonymous callers and 403 to a user without a customer', async () => {
    expectError(endpoint, await getAddresses(null, { area: EU_AREA }), 401);
    expectError(endpoint, await getAddresses(tokens.staff, { area: EU_AREA }), 403, 'ForbiddenException');
  });

  it('refuses a missing area and unknown fields', async () => {
    const missing = expectError(endpoint, await getAddresses(tokens.buyer, {}), 400);
    expect(missing.message).toBe('The parameter area must be defined and cannot be null.');
    const unknown = expectError(endpoint, await getAddresses(tokens.buyer, { area: EU_AREA, customerId: 'x' }), 400);
    expect(unknown.errors).toEqual([{ field: 'customerId', message: 'is not a known field' }]);
  });
});
