/**
 * Drizzle queries of the back office's campaign editing (issue 28): the campaign list, one campaign with its links,
 * the writes, and the area settings' discount codes. The storefront's reads stay in campaign.repository.ts.
 */
import type { CampaignQuantity, CampaignTargeting, CampaignType, DiscountCode } from '@b2b/contract';
import { type Executor, queryRows } from '@b2b/db';
import {
  areas,
  campaignCustomers,
  campaignItems,
  campaignPriceGroups,
  campaigns,
  customers,
  priceGroups,
  products,
} from '@b2b/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

export type CampaignAdminRow = typeof campaigns.$inferSelect;
export type CampaignListRow = CampaignAdminRow & { itemCount: number };
export type CampaignWrite = {
  id: string;
  areaId: string;
  name: string;
  description: string;
  campaignType: CampaignType;
  validFrom: Date;
  validTo: Date;
  targeting: CampaignTargeting;
  /** Highest minimumQuantity first (ADR 029). */
  quantities: CampaignQuantity[];
  bannerImageUrl: string | null;
};

const SORT_COLUMNS = {
  name: sql`lower(c.name)`,
  area: sql`c.area_id`,
  validFrom: sql`c.valid_from`,
  validTo: sql`c.valid_to`,
  updatedAt: sql`c.updated_at`,
} as const;

type RawListRow = {
  id: string;
  area_id: string;
  name: string;
  description: string;
  campaign_type: CampaignType;
  valid_from: Date | string;
  valid_to: Date | string;
  targeting: CampaignTargeting;
  quantities: CampaignQuantity[] | string;
  banner_image_url: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  item_count: number | string;
  total_count: number | string;
};

/** The campaigns matching the filters, one page of them, with how many match in all (one statement). */
export async function searchCampaigns(
  db: Executor,
  input: {
    areaId?: string | undefined;
    text?: string | undefined;
    campaignType?: CampaignType | undefined;
    state?: 'active' | 'expired' | 'future' | undefined;
    now: Date;
    sort: keyof typeof SORT_COLUMNS;
    sortDirection: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: CampaignListRow[]; totalCount: number }> {
  const conditions = [sql`true`];
  if (input.areaId) conditions.push(sql`c.area_id = ${input.areaId}`);
  if (input.campaignType) conditions.push(sql`c.campaign_type = ${input.campaignType}`);
  if (input.text) {
    // Every word must appear in the id, the name or the description; % and _ are taken literally.
    for (const word of input.text.split(/\s+/).filter(Boolean)) {
      const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      conditions.push(sql`(c.id ilike ${pattern} or c.name ilike ${pattern} or c.description ilike ${pattern})`);
    }
  }
  if (input.state === 'active') conditions.push(sql`c.valid_from <= ${input.now} and c.valid_to > ${input.now}`);
  if (input.state === 'expired') conditions.push(sql`c.valid_to <= ${input.now}`);
  if (input.state === 'future') conditions.push(sql`c.valid_from > ${input.now}`);
  const direction = input.sortDirection === 'desc' ? sql`desc` : sql`asc`;
  const rows = await queryRows<RawListRow>(
    db,
    sql`
      select c.*, count(*) over () as total_count,
             (select count(*) from campaign_items ci where ci.campaign_id = c.id) as item_count
        from campaigns c
       where ${sql.join(conditions, sql` and `)}
       order by ${SORT_COLUMNS[input.sort]} ${direction}, c.id
       limit ${input.limit} offset ${input.offset}`,
  );
  const totalCount = rows[0] ? Number(rows[0].total_count) : await countCampaigns(db, conditions);
  return {
    totalCount,
    rows: rows.map((row) => ({
      id: row.id,
      areaId: row.area_id,
      name: row.name,
      description: row.description,
      campaignType: row.campaign_type,
      validFrom: new Date(row.valid_from),
      validTo: new Date(row.valid_to),
      targeting: row.targeting,
      quantities: typeof row.quantities === 'string' ? JSON.parse(row.quantities) : row.quantities,
      bannerImageUrl: row.banner_image_url,
      version: row.version,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      itemCount: Number(row.item_count),
    })),
  };
}

/** A page past the last has no rows to carry the total: count on its own. */
async function countCampaigns(db: Executor, conditions: ReturnType<typeof sql>[]): Promise<number> {
  const [row] = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from campaigns c where ${sql.join(conditions, sql` and `)}`,
  );
  return Number(row?.total ?? 0);
}

/** One campaign; with `forUpdate`, locked until the transaction ends (two saves of one version: one waits). */
export async function findCampaignRow(
  db: Executor,
  campaignId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CampaignAdminRow | null> {
  const query = db.select().from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** A campaign's products, price groups and customers, with their names. */
export async function findCampaignLinks(db: Executor, campaignId: string) {
  const [items, groups, targetedCustomers] = await Promise.all([
    db
      .select({ productId: products.id, name: products.name, discontinuedAt: products.discontinuedAt })
      .from(campaignItems)
      .innerJoin(products, eq(products.id, campaignItems.productId))
      .where(eq(campaignItems.campaignId, campaignId))
      .orderBy(asc(products.id)),
    db
      .select({ priceGroupId: priceGroups.id, name: priceGroups.name })
      .from(campaignPriceGroups)
      .innerJoin(priceGroups, eq(priceGroups.id, campaignPriceGroups.priceGroupId))
      .where(eq(campaignPriceGroups.campaignId, campaignId))
      .orderBy(asc(priceGroups.id)),
    db
      .select({ customerId: customers.id, customerNumber: customers.customerNumber, name: customers.name })
      .from(campaignCustomers)
      .innerJoin(customers, eq(customers.id, campaignCustomers.customerId))
      .where(eq(campaignCustomers.campaignId, campaignId))
      .orderBy(asc(customers.customerNumber)),
  ]);
  return { items, priceGroups: groups, customers: targetedCustomers };
}

/** The ids among `productIds` that name a product. */
export async function findExistingProductIds(db: Executor, productIds: readonly string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Set(rows.map((row) => row.id));
}

export async function findAllPriceGroups(db: Executor) {
  return db
    .select({ priceGroupId: priceGroups.id, name: priceGroups.name })
    .from(priceGroups)
    .orderBy(asc(priceGroups.id));
}

/** The customers with these numbers, with their area. */
export async function findCustomersByNumber(db: Executor, customerNumbers: readonly string[]) {
  if (customerNumbers.length === 0) return [];
  return db
    .select({ id: customers.id, customerNumber: customers.customerNumber, areaId: customers.areaId })
    .from(customers)
    .where(inArray(customers.customerNumber, [...customerNumbers]));
}

export async function insertCampaign(db: Executor, campaign: CampaignWrite): Promise<void> {
  await db.insert(campaigns).values({ ...campaign, version: 1 });
}

/** Writes the campaign's fields if it is still at `version`; false when another save has passed it. */
export async function updateCampaignIfVersion(
  db: Executor,
  campaign: CampaignWrite & { version: number },
): Promise<boolean> {
  const { id, version, ...fields } = campaign;
  const updated = await db
    .update(campaigns)
    .set({ ...fields, version: sql`${campaigns.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), eq(campaigns.version, version)))
    .returning({ id: campaigns.id });
  return updated.length === 1;
}

/** Replaces a campaign's products, price groups and customers. */
export async function replaceCampaignLinks(
  db: Executor,
  input: {
    campaignId: string;
    productIds: readonly string[];
    priceGroupIds: readonly string[];
    customerIds: readonly string[];
  },
): Promise<void> {
  const { campaignId } = input;
  await db.delete(campaignItems).where(eq(campaignItems.campaignId, campaignId));
  await db.delete(campaignPriceGroups).where(eq(campaignPriceGroups.campaignId, campaignId));
  await db.delete(campaignCustomers).where(eq(campaignCustomers.campaignId, campaignId));
  if (input.productIds.length > 0) {
    await db.insert(campaignItems).values(input.productIds.map((productId) => ({ campaignId, productId })));
  }
  if (input.priceGroupIds.length > 0) {
    await db
      .insert(campaignPriceGroups)
      .values(input.priceGroupIds.map((priceGroupId) => ({ campaignId, priceGroupId })));
  }
  if (input.customerIds.length > 0) {
    await db.insert(campaignCustomers).values(input.customerIds.map((customerId) => ({ campaignId, customerId })));
  }
}

/** Deletes the campaign (its links go with it) if it is still at `version`. */
export async function deleteCampaignIfVersion(db: Executor, input: { campaignId: string; version: number }) {
  const deleted = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.version, input.version)))
    .returning({ id: campaigns.id });
  return deleted.length === 1;
}

/** The area's discount codes, the area row locked until the transaction ends; null for an unknown area. */
export async function findAreaDiscountCodes(
  db: Executor,
  areaId: string,
  options: { forUpdate?: boolean } = {},
): Promise<DiscountCode[] | null> {
  const query = db.select({ settings: areas.settings }).from(areas).where(eq(areas.id, areaId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ? (row.settings.discountCodes ?? []) : null;
}

/** How many products of the area carry each discount code's splash. */
export async function countSplashesByCode(db: Executor, areaId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ discount_code_id: string; products: number | string }>(
    db,
    sql`select discount_code_id, count(*) as products from discount_splashes where area_id = ${areaId}
         group by discount_code_id`,
  );
  return new Map(rows.map((row) => [row.discount_code_id, Number(row.products)]));
}

/**
 * Writes the area settings' `discountCodes` alone (jsonb_set), so an edit of another part of the settings (the
 * menus) made at the same time is kept.
 */
export async function updateAreaDiscountCodes(db: Executor, areaId: string, discountCodes: DiscountCode[]) {
  await db.execute(
    sql`update areas set settings = jsonb_set(settings, '{discountCodes}', ${JSON.stringify(discountCodes)}::jsonb)
         where id = ${areaId}`,
  );
}
