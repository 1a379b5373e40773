/**
 * Small factories for API tests (conventions §7: data from factories, not dumps). Each inserts the least a test
 * needs, straight through Drizzle, and returns what the test asserts on.
 */
import { randomUUID } from 'node:crypto';
import {
  type AreaId,
  type CampaignQuantity,
  type CampaignType,
  type DiscountCode,
  type Role,
  sortCampaignQuantities,
} from '@b2b/contract';
import { type Executor, hashPassword } from '@b2b/db';
import {
  areas,
  brands,
  campaignCustomers,
  campaignItems,
  campaignPriceGroups,
  campaigns,
  categories,
  customerAddresses,
  customers,
  discountSplashes,
  priceGroups,
  priceLists,
  prices,
  products,
  productVariants,
  userImpersonationCustomers,
  users,
  vatRates,
} from '@b2b/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * Sets the VAT rates of the areas (upsert). Test databases come seeded (packages/db testing: areas, demo accounts, a
 * small catalogue); tests that compute VAT pin the rates they assert on.
 */
export async function setVatRates(db: Executor, rates: Partial<Record<AreaId, number>>) {
  for (const [areaId, rateBasisPoints] of Object.entries(rates)) {
    await db
      .insert(vatRates)
      .values({ areaId, countryCode: areaId === 'us' ? 'US' : 'DK', rateBasisPoints })
      .onConflictDoUpdate({ target: vatRates.areaId, set: { rateBasisPoints } });
  }
}

export async function createPriceGroup(db: Executor, id: string, name = `Price group ${id}`) {
  await db.insert(priceGroups).values({ id, name }).onConflictDoNothing();
  return id;
}

let customerSequence = 0;

export async function createCustomer(
  db: Executor,
  fields: {
    areaId?: AreaId;
    currencyCode?: string | null;
    priceGroupId?: string | null;
    name?: string;
    /** Default: the seller's country of the area (DK, US), so VAT is the domestic rate. */
    countryCode?: string;
    vatNumber?: string | null;
    creditLimitMinor?: number | null;
  } = {},
) {
  customerSequence += 1;
  const areaId = fields.areaId ?? 'eu';
  const [customer] = await db
    .insert(customers)
    .values({
      customerNumber: `C${String(customerSequence).padStart(5, '0')}-${randomUUID().slice(0, 4)}`,
      name: fields.name ?? `Customer ${customerSequence}`,
      areaId,
      currencyCode: fields.currencyCode ?? null,
      priceGroupId: fields.priceGroupId ?? null,
      countryCode: fields.countryCode ?? (areaId === 'us' ? 'US' : 'DK'),
      vatNumber: fields.vatNumber ?? null,
      creditLimitMinor: fields.creditLimitMinor ?? null,
    })
    .returning();
  if (!customer) throw new Error('customer not inserted');
  return customer;
}

export async function createAddress(
  db: Executor,
  customerId: string,
  fields: { name?: string; isDefault?: boolean } = {},
) {
  const [address] = await db
    .insert(customerAddresses)
    .values({
      customerId,
      name: fields.name ?? 'Main warehouse',
      street: 'Harbour Street 12',
      postalCode: '1050',
      city: 'Copenhagen',
      countryCode: 'DK',
      isDefault: fields.isDefault ?? true,
    })
    .returning();
  if (!address) throw new Error('address not inserted');
  return address;
}

/** One hash for every factory user: argon2 is deliberately slow, and tests need many users. */
export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultPasswordHash: Promise<string> | undefined;

export async function createUser(
  db: Executor,
  fields: { username?: string; name?: string; password?: string; roles?: Role[]; customerId?: string | null } = {},
) {
  const username = fields.username ?? `user-${randomUUID().slice(0, 8)}`;
  const password = fields.password ?? DEFAULT_PASSWORD;
  defaultPasswordHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password === DEFAULT_PASSWORD ? await defaultPasswordHash : await hashPassword(password);
  const [user] = await db
    .insert(users)
    .values({
      username: username.toLowerCase(),
      passwordHash,
      name: fields.name ?? `Name of ${username}`,
      email: `${username}@example.test`,
      roles: fields.roles ?? ['customer'],
      customerId: fields.customerId ?? null,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  return { ...user, password };
}

/** A sales rep (role `impersonation`) whose book holds these customers (spec §6, ADR 013). */
export async function createSalesRep(
  db: Executor,
  customerIds: string[],
  fields: { username?: string; name?: string } = {},
) {
  const rep = await createUser(db, { ...fields, roles: ['impersonation'] });
  if (customerIds.length > 0) {
    await db
      .insert(userImpersonationCustomers)
      .values(customerIds.map((customerId) => ({ userId: rep.id, customerId })));
  }
  return rep;
}

/**
 * A product (with optional variants) in a shared test brand and category; without `maxLineQuantity` it has no line
 * limit of its own (the contract's default applies).
 */
export async function createProduct(
  db: Executor,
  id: string,
  variantIds: string[] = [],
  fields: { maxLineQuantity?: number | null } = {},
) {
  await db.insert(brands).values({ id: 'test-brand', name: 'Test brand' }).onConflictDoNothing();
  await db
    .insert(categories)
    .values({ id: 'test-category', name: 'Test category', url: '/test-category' })
    .onConflictDoNothing();
  await db.insert(products).values({
    id,
    name: `Product ${id}`,
    url: `/test-category/${id}`,
    brandId: 'test-brand',
    categoryId: 'test-category',
    maxLineQuantity: fields.maxLineQuantity ?? null,
  });
  for (const [index, variantId] of variantIds.entries()) {
    await db
      .insert(productVariants)
      .values({ id: variantId, productId: id, name: `Variant ${variantId}`, sortOrder: index });
  }
  return id;
}

/** The price list of a currency and group (null group = list prices), created when the database has none. */
export async function ensurePriceList(db: Executor, currencyCode: string, priceGroupId: string | null) {
  const [existing] = await db
    .select({ id: priceLists.id })
    .from(priceLists)
    .where(
      and(
        eq(priceLists.currencyCode, currencyCode),
        priceGroupId === null ? isNull(priceLists.priceGroupId) : eq(priceLists.priceGroupId, priceGroupId),
      ),
    );
  if (existing) return existing.id;
  const id = `test-${currencyCode}-${priceGroupId ?? 'list'}`;
  await db.insert(priceLists).values({ id, currencyCode, priceGroupId });
  return id;
}

/** Sets a price in minor units. */
export async function setPrice(
  db: Executor,
  fields: {
    productId: string;
    currencyCode: string;
    priceGroupId?: string | null;
    unitPriceMinor: number;
    beforePriceMinor?: number | null;
  },
) {
  const priceListId = await ensurePriceList(db, fields.currencyCode, fields.priceGroupId ?? null);
  await db.insert(prices).values({
    priceListId,
    productId: fields.productId,
    unitPriceMinor: fields.unitPriceMinor,
    beforePriceMinor: fields.beforePriceMinor ?? null,
  });
}

let campaignSequence = 0;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A campaign of an area (default eu) for its products (issue 27, ADR 029). Levels are stored sorted, highest
 * minimumQuantity first, whatever order they are given in. Targeting: `customerIds` (named customers) or
 * `priceGroupIds` (the customers of those groups), else every customer of the area. Valid by default from a day ago
 * for 30 days; pass `validFrom` / `validTo` for expired or future ones. Returns the stored row.
 */
export async function createCampaign(
  db: Executor,
  fields: {
    productIds: string[];
    quantities?: CampaignQuantity[];
    id?: string;
    areaId?: AreaId;
    name?: string;
    description?: string;
    campaignType?: CampaignType;
    validFrom?: Date;
    validTo?: Date;
    priceGroupIds?: string[];
    customerIds?: string[];
    bannerImageUrl?: string | null;
  },
) {
  if (fields.priceGroupIds && fields.customerIds) throw new Error('a campaign targets price groups or customers');
  campaignSequence += 1;
  const now = Date.now();
  const [campaign] = await db
    .insert(campaigns)
    .values({
      id: fields.id ?? `test-campaign-${campaignSequence}`,
      areaId: fields.areaId ?? 'eu',
      name: fields.name ?? `Campaign ${campaignSequence}`,
      description: fields.description ?? '',
      campaignType: fields.campaignType ?? 'Campaign',
      validFrom: fields.validFrom ?? new Date(now - DAY_MS),
      validTo: fields.validTo ?? new Date(now + 30 * DAY_MS),
      targeting: fields.customerIds ? 'customers' : fields.priceGroupIds ? 'priceGroups' : 'all',
      quantities: sortCampaignQuantities(fields.quantities ?? [{ minimumQuantity: 10, discountPercentage: 10 }]),
      bannerImageUrl: fields.bannerImageUrl ?? null,
    })
    .returning();
  if (!campaign) throw new Error('campaign not inserted');
  if (fields.productIds.length > 0) {
    await db
      .insert(campaignItems)
      .values(fields.productIds.map((productId) => ({ campaignId: campaign.id, productId })));
  }
  if (fields.priceGroupIds && fields.priceGroupIds.length > 0) {
    await db
      .insert(campaignPriceGroups)
      .values(fields.priceGroupIds.map((priceGroupId) => ({ campaignId: campaign.id, priceGroupId })));
  }
  if (fields.customerIds && fields.customerIds.length > 0) {
    await db
      .insert(campaignCustomers)
      .values(fields.customerIds.map((customerId) => ({ campaignId: campaign.id, customerId })));
  }
  return campaign;
}

/**
 * Replaces the area's discount codes (area settings `discountCodes`, spec §3): what splashes may name. A code with
 * `properties.audience: 'customers'` is shown to logged-in callers only (ADR 029).
 */
export async function setAreaDiscountCodes(db: Executor, areaId: AreaId, discountCodes: DiscountCode[]) {
  await db
    .update(areas)
    .set({ settings: sql`jsonb_set(${areas.settings}, '{discountCodes}', ${JSON.stringify(discountCodes)}::jsonb)` })
    .where(eq(areas.id, areaId));
}

/**
 * Replaces a product's discount splashes in an area (default eu): the discount-code ids, in the order its pictures
 * show them (`position` = index). An empty list removes them.
 */
export async function setDiscountSplashes(
  db: Executor,
  fields: { productId: string; discountCodeIds: string[]; areaId?: AreaId },
) {
  const areaId = fields.areaId ?? 'eu';
  await db
    .delete(discountSplashes)
    .where(and(eq(discountSplashes.areaId, areaId), eq(discountSplashes.productId, fields.productId)));
  if (fields.discountCodeIds.length === 0) return;
  await db.insert(discountSplashes).values(
    fields.discountCodeIds.map((discountCodeId, position) => ({
      areaId,
      productId: fields.productId,
      discountCodeId,
      position,
    })),
  );
}
