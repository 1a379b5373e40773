/**
 * Fixed demo customers and logins (password `demo` for all), plus generated extra customers.
 * The demo ones have fixed customer numbers so tests and the start script can rely on them.
 */
import type { customerAddresses, customers, UserRole, userImpersonationCustomers, users } from '../schema.ts';
import type { Random } from './random.ts';
import { SEED_REFERENCE_DATE } from './reference-date.ts';

/** A demo login the start script prints. */
export type DemoLogin = { username: string; password: string; description: string };

export const DEMO_PASSWORD = 'demo';

type DemoCustomer = {
  customerNumber: string;
  name: string;
  areaId: 'eu' | 'us';
  currencyCode: string | null;
  priceGroupId: string | null;
  /** Days from an invoice's date to its due date (the column's default, 30, when left out). */
  paymentTermsDays?: number;
  /** Registered country (ISO alpha-2); with `vatNumber` it decides the VAT treatment. */
  countryCode: string;
  vatNumber: string | null;
  /** Most the customer may owe on account, minor units of its currency; null: no limit. */
  creditLimitMinor: number | null;
  address: { street: string; postalCode: string; city: string; countryCode: string };
};

type DemoUser = {
  username: string;
  name: string;
  email: string;
  roles: UserRole[];
  customerNumber: string | null;
  /** Customers a sales rep may act for. */
  impersonates: string[];
  description: string;
};

export const DEMO_CUSTOMERS: ReadonlyArray<DemoCustomer & { paymentTermsDays: number }> = [
  {
    customerNumber: '10001',
    name: 'Alpine Boardshop GmbH',
    areaId: 'eu',
    currencyCode: null,
    priceGroupId: 'A',
    paymentTermsDays: 30,
    countryCode: 'AT',
    vatNumber: 'ATU12345675',
    // The history leaves about EUR 70,000 owed (open invoices and orders not yet invoiced): EUR 50,000 more to buy.
    creditLimitMinor: 12_000_000,
    address: { street: 'Bahnhofstrasse 14', postalCode: '6020', city: 'Innsbruck', countryCode: 'AT' },
  },
  {
    customerNumber: '20001',
    name: 'Pacific Skate Supply Inc.',
    areaId: 'us',
    currencyCode: null,
    priceGroupId: 'B',
    paymentTermsDays: 45,
    countryCode: 'US',
    vatNumber: null,
    // About USD 57,000 owed by the history: USD 43,000 more.
    creditLimitMinor: 10_000_000,
    address: { street: '1200 Ocean Front Walk', postalCode: '90291', city: 'Venice, CA', countryCode: 'US' },
  },
  {
    customerNumber: '10002',
    name: 'Fjord Surf & Ski AS',
    areaId: 'eu',
    currencyCode: 'XNOK',
    priceGroupId: 'C',
    paymentTermsDays: 20,
    countryCode: 'NO',
    vatNumber: 'NO923456783MVA',
    // About NOK 400,000 owed by the history: NOK 350,000 more.
    creditLimitMinor: 75_000_000,
    address: { street: 'Strandgaten 5', postalCode: '5013', city: 'Bergen', countryCode: 'NO' },
  },
];

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'eu-buyer',
    name: 'Eva Berger',
    email: 'eu-buyer@alpine-boardshop.example',
    roles: ['customer'],
    customerNumber: '10001',
    impersonates: [],
    description: 'EU customer Alpine Boardshop GmbH (10001), EUR, price group A',
  },
  {
    username: 'us-buyer',
    name: 'Jake Morales',
    email: 'us-buyer@pacific-skate.example',
    roles: ['customer'],
    customerNumber: '20001',
    impersonates: [],
    description: 'US customer Pacific Skate Supply Inc. (20001), USD, price group B',
  },
  {
    username: 'nok-buyer',
    name: 'Nora Haugen',
    email: 'nok-buyer@fjord-surf.example',
    roles: ['customer'],
    customerNumber: '10002',
    impersonates: [],
    description: 'EU customer Fjord Surf & Ski AS (10002) with its own currency XNOK, price group C',
  },
  {
    username: 'sales-rep',
    name: 'Sam Lindqvist',
    email: 'sales-rep@ridgeline.example',
    roles: ['impersonation'],
    customerNumber: null,
    impersonates: ['10001', '10002'],
    description: 'Sales rep who acts for customers 10001 and 10002 at /customer-center/impersonation',
  },
  {
    username: 'backoffice',
    name: 'Bo Office',
    email: 'backoffice@ridgeline.example',
    roles: ['backoffice'],
    customerNumber: null,
    impersonates: [],
    description: 'Back-office staff',
  },
  {
    // Last: the users' ids are the accounts' last random draws, so adding one here changes no other seeded value.
    username: 'backoffice-2',
    name: 'Ben Archer',
    email: 'backoffice-2@ridgeline.example',
    roles: ['backoffice'],
    customerNumber: null,
    impersonates: [],
    description: 'Back-office staff, a second login: try password recovery with it and `backoffice` keeps `demo`',
  },
];

/** The demo logins, for the start script to print. */
export const DEMO_LOGINS: readonly DemoLogin[] = DEMO_USERS.map((user) => ({
  username: user.username,
  password: DEMO_PASSWORD,
  description: user.description,
}));

const COMPANY_WORDS = [
  'Summit',
  'Harbour',
  'Ridge',
  'Canyon',
  'Glacier',
  'Wave',
  'Pine',
  'Boulder',
  'Coastal',
  'Valley',
];
const COMPANY_KINDS = ['Board Shop', 'Outdoor', 'Sports', 'Surf Co.', 'Skate Supply', 'Bike & Board', 'Snow Center'];
const EU_CITIES = [
  { city: 'Copenhagen', postalCode: '1050', countryCode: 'DK' },
  { city: 'Hamburg', postalCode: '20095', countryCode: 'DE' },
  { city: 'Lyon', postalCode: '69002', countryCode: 'FR' },
  { city: 'Amsterdam', postalCode: '1012', countryCode: 'NL' },
  { city: 'Gothenburg', postalCode: '41101', countryCode: 'SE' },
  { city: 'Barcelona', postalCode: '08002', countryCode: 'ES' },
];
const US_CITIES = [
  { city: 'Denver, CO', postalCode: '80202', countryCode: 'US' },
  { city: 'Portland, OR', postalCode: '97205', countryCode: 'US' },
  { city: 'San Diego, CA', postalCode: '92101', countryCode: 'US' },
  { city: 'Burlington, VT', postalCode: '05401', countryCode: 'US' },
  { city: 'Vancouver, BC', postalCode: 'V6B 1A1', countryCode: 'CA' },
];

export type AccountRows = {
  customers: Array<typeof customers.$inferInsert>;
  addresses: Array<typeof customerAddresses.$inferInsert>;
  users: Array<typeof users.$inferInsert>;
  impersonations: Array<typeof userImpersonationCustomers.$inferInsert>;
};

/** Builds the demo customers and users plus `extraCustomers` generated customers (without logins). */
export function buildAccountRows(
  random: Random,
  passwordHash: string,
  extraCustomers: number,
  priceGroupIds: readonly string[],
): AccountRows {
  const rows: AccountRows = { customers: [], addresses: [], users: [], impersonations: [] };
  const idByNumber = new Map<string, string>();

  const addCustomer = (customer: DemoCustomer, extraAddresses: number) => {
    const id = random.uuid();
    idByNumber.set(customer.customerNumber, id);
    const { address, ...fields } = customer;
    rows.customers.push({ id, ...fields });
    rows.addresses.push({ id: random.uuid(), customerId: id, name: customer.name, ...address, isDefault: true });
    for (let index = 0; index < extraAddresses; index++) {
      rows.addresses.push({
        id: random.uuid(),
        customerId: id,
        name: `${customer.name} – Warehouse ${index + 1}`,
        street: `Industrivej ${random.int(1, 99)}`,
        postalCode: address.postalCode,
        city: address.city,
        countryCode: address.countryCode,
        isDefault: false,
      });
    }
  };

  for (const customer of DEMO_CUSTOMERS) addCustomer(customer, 1);
  for (let index = 0; index < extraCustomers; index++) {
    const areaId = random.chance(0.6) ? 'eu' : 'us';
    const place = random.pick(areaId === 'eu' ? EU_CITIES : US_CITIES);
    // Some customers have no price group: they buy at list price.
    const priceGroupId = random.chance(0.2) ? null : random.pick(priceGroupIds);
    addCustomer(
      {
        customerNumber: String((areaId === 'eu' ? 11_000 : 21_000) + index),
        name: `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)} ${place.city.split(',')[0]}`,
        areaId,
        currencyCode: null,
        priceGroupId,
        countryCode: place.countryCode,
        // Derived, not drawn: a random draw here would change every value generated after it.
        vatNumber: areaId === 'eu' ? `${place.countryCode}${String(100_000_000 + index * 7_919).slice(0, 9)}` : null,
        creditLimitMinor: 2_500_000,
        address: { street: `${random.pick(COMPANY_WORDS)} Road ${random.int(1, 200)}`, ...place },
      },
      random.int(0, 2),
    );
  }

  const createdAt = new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`);
  for (const user of DEMO_USERS) {
    const id = random.uuid();
    rows.users.push({
      id,
      username: user.username.toLowerCase(),
      passwordHash,
      name: user.name,
      email: user.email,
      roles: user.roles,
      customerId: user.customerNumber ? (idByNumber.get(user.customerNumber) ?? null) : null,
      passwordChangedAt: createdAt,
      createdAt,
    });
    for (const customerNumber of user.impersonates) {
      const customerId = idByNumber.get(customerNumber);
      if (customerId) rows.impersonations.push({ userId: id, customerId });
    }
  }
  return rows;
}
