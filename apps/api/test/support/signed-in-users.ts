/**
 * Signed-in users for API tests: a buyer (a customer of its own or an existing one, optionally an address, a user of
 * it, logged in through the API), back-office staff and sales reps. Every test file needs some of them; made here,
 * the way a buyer is set up changes in one place.
 */
import type { AreaInfo } from '@b2b/contract';
import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import type { Executor } from '@b2b/db';
import type { AddressSnapshot } from '@b2b/db/schema';
import type { FastifyInstance } from 'fastify';
import { callEndpoint, expectOk } from './endpoint-calls.ts';
import { createAddress, createCustomer, createSalesRep, createUser } from './factories.ts';
import { EU_AREA, login, US_AREA } from './test-app.ts';

/** What the factories need of a test app (`createTestApp()`'s answer, or an app built by the test itself). */
type TestAppParts = { app: FastifyInstance; db: Executor };

type Customer = Awaited<ReturnType<typeof createCustomer>>;
type User = Awaited<ReturnType<typeof createUser>>;

/** A user logged in through the API: the row and the token pair (`token` goes to `callEndpoint`). */
export type SignedInUser = {
  user: User;
  userId: string;
  username: string;
  token: string;
  refreshToken: string;
};

export type Buyer = SignedInUser & {
  customer: Customer;
  customerId: string;
  /** The area the buyer logged in to: the US area for a customer of it, else the EU area. */
  area: AreaInfo;
  /** The address made with `address`, as a cart stores its ship-to address; null without one. */
  address: AddressSnapshot | null;
};

export type BuyerWithAddress = Buyer & { address: AddressSnapshot };

type BuyerOptions = {
  username?: string;
  password?: string;
  /** Fields of the buyer's new customer (default: an EU customer in DK, no price group). */
  customer?: Parameters<typeof createCustomer>[1];
  /** A customer made before (a colleague's, or one the test set up): the buyer becomes one more user of it. */
  existingCustomer?: Customer;
  /** Adds an address to the customer (`true`: the default "Main warehouse", the customer's default address). */
  address?: true | Parameters<typeof createAddress>[2];
};

/** A buyer: a customer (new, or `existingCustomer`), a user of it with the role `customer`, logged in. */
export async function createBuyer(
  testApp: TestAppParts,
  options: BuyerOptions & { address: NonNullable<BuyerOptions['address']> },
): Promise<BuyerWithAddress>;
export async function createBuyer(testApp: TestAppParts, options?: BuyerOptions): Promise<Buyer>;
export async function createBuyer(testApp: TestAppParts, options: BuyerOptions = {}): Promise<Buyer> {
  const customer = options.existingCustomer ?? (await createCustomer(testApp.db, options.customer));
  const addressRow = options.address
    ? await createAddress(testApp.db, customer.id, options.address === true ? {} : options.address)
    : null;
  const user = await createUser(testApp.db, {
    username: options.username,
    password: options.password,
    customerId: customer.id,
  });
  const area = customer.areaId === 'us' ? US_AREA : EU_AREA;
  return {
    ...(await signIn(testApp, user, area)),
    customer,
    customerId: customer.id,
    area,
    address: addressRow && {
      addressId: addressRow.id,
      name: addressRow.name,
      street: addressRow.street,
      postalCode: addressRow.postalCode,
      city: addressRow.city,
      countryCode: addressRow.countryCode,
    },
  };
}

/** A back-office user (role `backoffice`, no customer), logged in. */
export async function createStaff(testApp: TestAppParts, options: { username?: string } = {}): Promise<SignedInUser> {
  const user = await createUser(testApp.db, { ...options, roles: ['backoffice'] });
  return signIn(testApp, user, EU_AREA);
}

/** A sales rep (role `impersonation`) whose book holds these customers, logged in (spec §6, ADR 013). */
export async function createRep(
  testApp: TestAppParts,
  customerIds: string[],
  options: { username?: string; name?: string } = {},
): Promise<SignedInUser> {
  const user = await createSalesRep(testApp.db, customerIds, options);
  return signIn(testApp, user, EU_AREA);
}

/** The token of an impersonation session a rep starts for a customer of their book (Impersonate, spec §6). */
export async function impersonate(
  testApp: TestAppParts,
  repToken: string,
  customerNumber: string,
  reason = 'phone order',
): Promise<string> {
  const response = await callEndpoint(testApp.app, impersonationEndpoints.impersonate, {
    token: repToken,
    body: { customerNo: customerNumber, area: EU_AREA, reason },
  });
  return expectOk(impersonationEndpoints.impersonate, response).token;
}

async function signIn(testApp: TestAppParts, user: User, area: AreaInfo): Promise<SignedInUser> {
  const { accessToken, refreshToken } = await login(testApp.app, user.username, user.password, { area });
  return {
    user,
    userId: user.id,
    username: user.username,
    token: accessToken,
    refreshToken,
  };
}
