/**
 * Customer campaigns and discount splashes (spec §1, §3 Campaign and Discount splash; issue 27, ADR 029). Discount
 * codes themselves are area settings (`areas.settings.discountCodes`, spec §3); a splash names one for a product.
 */
import type { CampaignQuantity, CampaignTargeting, CampaignType, PricedCampaign } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { products } from './catalogue.ts';
import { createdAt } from './columns.ts';
import { customers, priceGroups } from './customers.ts';

/**
 * The campaign and level that priced an order or invoice line, as it was then (issue 27); what it took off is a
 * column of the line.
 */
export type StoredPricedCampaign = Omit<PricedCampaign, 'discount'>;

/**
 * A campaign of an area, valid from `validFrom` up to (not including) `validTo`. `quantities` are its levels, stored
 * highest minimumQuantity first (ADR 029; contract `sortCampaignQuantities`). `targeting` says who gets it: every
 * customer of the area (`all`), the customers of the price groups in campaign_price_groups (`priceGroups`), or the
 * customers in campaign_customers (`customers`). `version` is raised by every change.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    campaignType: text('campaign_type').$type<CampaignType>().notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    targeting: text('targeting').$type<CampaignTargeting>().notNull(),
    quantities: jsonb('quantities').$type<CampaignQuantity[]>().notNull(),
    bannerImageUrl: text('banner_image_url'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_area_id_valid_to_idx').on(table.areaId, table.validTo),
    check('campaigns_type', sql`${table.campaignType} in ('Campaign', 'MixMatch')`),
    check('campaigns_targeting', sql`${table.targeting} in ('all', 'priceGroups', 'customers')`),
    check('campaigns_period', sql`${table.validFrom} < ${table.validTo}`),
  ],
);

/** The products of a campaign (spec §3 Campaign items). */
export const campaignItems = pgTable(
  'campaign_items',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.productId] }),
    index('campaign_items_product_id_idx').on(table.productId),
  ],
);

/** The price groups a `priceGroups` campaign is for. */
export const campaignPriceGroups = pgTable(
  'campaign_price_groups',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    priceGroupId: text('price_group_id')
      .notNull()
      .references(() => priceGroups.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.priceGroupId] })],
);

/** The customers a `customers` campaign is for. */
export const campaignCustomers = pgTable(
  'campaign_customers',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.customerId] }),
    index('campaign_customers_customer_id_idx').on(table.customerId),
  ],
);

/**
 * Discount splashes (spec §3): per area and product, the discount codes (ids of the area settings' discountCodes)
 * its pictures carry, in `position` order.
 */
export const discountSplashes = pgTable(
  'discount_splashes',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    discountCodeId: text('discount_code_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.areaId, table.productId, table.discountCodeId] })],
);
