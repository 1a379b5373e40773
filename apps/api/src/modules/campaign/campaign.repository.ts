/** Drizzle queries of the campaign module (issue 27, ADR 029): the campaigns a customer has now, and splashes. */

import type { CampaignQuantity, CampaignType } from '@b2b/contract';
import { type Executor, queryPreparedRows } from '@b2b/db';
import { sql } from 'drizzle-orm';

/** A campaign valid for a customer, with its products (all of them, or those of the products asked about). */
export type CampaignRow = {
  id: string;
  name: string;
  description: string;
  campaignType: CampaignType;
  validFrom: Date;
  validTo: Date;
  /** Highest minimumQuantity first (ADR 029). */
  quantities: CampaignQuantity[];
  bannerImageUrl: string | null;
  productIds: string[];
};

type RawCampaignRow = {
  id: string;
  name: string;
  description: string;
  campaign_type: CampaignType;
  valid_from: Date | string;
  valid_to: Date | string;
  quantities: CampaignQuantity[] | string;
  banner_image_url: string | null;
  product_ids: string[] | null;
};

/**
 * The campaigns of the customer's area valid at `at` (validFrom ≤ at < validTo) that target the customer: every
 * customer, its price group, or it by name. With `productIds`, only campaigns holding one of them, each with just
 * those of its products (what a cart calculation needs); without, each with all its products. With `endedAfter`,
 * also those that ended after it and by `at` (endedAfter < validTo ≤ at: a cart's campaigns that ended while it was
 * open), in the same statement. Ending soonest first.
 */
export async function findCampaignsOfCustomer(
  db: Executor,
  input: {
    areaId: string;
    /** null: only the campaigns targeting every customer (an anonymous visitor's). */
    customerId: string | null;
    priceGroupId: string | null;
    at: Date;
    productIds?: readonly string[] | undefined;
    endedAfter?: Date | undefined;
  },
): Promise<CampaignRow[]> {
  const onlyProducts = input.productIds ? sql.param([...input.productIds]) : null;
  // Valid at `at`, or (with endedAfter) ended since: validTo after the earlier of the two.
  const validToAfter = input.endedAfter ? new Date(Math.min(input.endedAfter.getTime(), input.at.getTime())) : input.at;
  // Prepared (ADR 007): every cart calculation runs this, and on PGlite planning it cost more than running it — the
  // campaign read took a 1-line CalculateCart from 1.7 to 4.3 ms (issue 27). Each shape (with or without products)
  // is its own statement.
  const rows = await queryPreparedRows<RawCampaignRow>(
    db,
    'campaigns_of_customer',
    sql`
      select c.id, c.name, c.description, c.campaign_type, c.valid_from, c.valid_to, c.quantities,
             c.banner_image_url, items.product_ids
        from campaigns c
        cross join lateral (
          select array_agg(ci.product_id order by ci.product_id) as product_ids
            from campaign_items ci
            -- a discontinued product is out of campaigns, as it is out of search and carts
            join products p on p.id = ci.product_id and p.discontinued_at is null
           where ci.campaign_id = c.id
             ${onlyProducts ? sql`and ci.product_id = any(${onlyProducts}::text[])` : sql``}
        ) items
       where c.area_id = ${input.areaId}
         and c.valid_from <= ${input.at}
         and c.valid_to > ${validToAfter}
         and (
           c.targeting = 'all'
           or (c.targeting = 'priceGroups' and exists (
                 select 1 from campaign_price_groups g
                  where g.campaign_id = c.id and g.price_group_id = ${input.priceGroupId}::text))
           or (c.targeting = 'customers' and exists (
                 select 1 from campaign_customers t
                  where t.campaign_id = c.id and t.customer_id = ${input.customerId}::uuid))
         )
         and items.product_ids is not null -- a campaign with nothing left to buy is no campaign
       order by c.valid_to, c.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    campaignType: row.campaign_type,
    validFrom: new Date(row.valid_from),
    validTo: new Date(row.valid_to),
    quantities: typeof row.quantities === 'string' ? JSON.parse(row.quantities) : row.quantities,
    bannerImageUrl: row.banner_image_url,
    productIds: row.product_ids ?? [],
  }));
}

type RawSplashRow = { product_id: string; discount_code_ids: string[] };

/**
 * The discount splashes of the products in one area, in ONE query (200 ids at most): discount-code ids by product id,
 * in `position` order. Only codes the area's settings hold (`areas.settings.discountCodes`) are given, so a splash
 * whose code was removed from the settings shows nothing rather than an empty badge. Without `withCustomerCodes`,
 * codes whose `properties.audience` is `customers` are left out too (ADR 029: anonymous visitors see no discounts).
 * Products without splashes, and unknown ids, have no entry.
 */
export async function findDiscountSplashes(
  db: Executor,
  input: { areaId: string; productIds: readonly string[]; withCustomerCodes: boolean },
): Promise<Map<string, string[]>> {
  // The area's codes are read out of its settings once, then joined: a check per splash row re-read the whole
  // settings jsonb (menus, banners) each time, twice as slow for 200 products on PGlite.
  const rows = await queryPreparedRows<RawSplashRow>(
    db,
    'discount_splashes_of_products',
    sql`
      with shown_codes as (
        select distinct code ->> 'id' as id
          from areas a
          cross join lateral jsonb_array_elements(a.settings -> 'discountCodes') code
         where a.id = ${input.areaId}
           and (${input.withCustomerCodes}::boolean
                or coalesce(code -> 'properties' ->> 'audience', '') <> 'customers')
      )
      select s.product_id,
             array_agg(s.discount_code_id order by s.position, s.discount_code_id) as discount_code_ids
        from discount_splashes s
        join shown_codes c on c.id = s.discount_code_id
       where s.area_id = ${input.areaId}
         and s.product_id = any(${sql.param([...input.productIds])}::text[])
       group by s.product_id`,
  );
  return new Map(rows.map((row) => [row.product_id, row.discount_code_ids]));
}
