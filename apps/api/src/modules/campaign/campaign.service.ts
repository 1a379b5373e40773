/**
 * Customer campaigns and discount splashes (spec §1, §3, §4 Campaigns, §7; issue 27, ADR 029): which campaigns a
 * customer has now, and which discount codes products' pictures carry. The cart calculation prices lines by the
 * campaigns; GetCampaignsByDebitor lists them; GetDiscountSplashesByProductIds gives the splashes.
 */
import type {
  AreaId,
  AreaInfo,
  Campaign,
  CampaignType,
  GetCampaignsByDebitorResponse,
  GetDiscountSplashesByProductIdsResponse,
} from '@b2b/contract';
import { type ContextCustomer, type RequestContext, requireCustomer } from '../../context.ts';
import { type CampaignRow, findCampaignsOfCustomer, findDiscountSplashes } from './campaign.repository.ts';

export type { CampaignRow as CustomerCampaign } from './campaign.repository.ts';

/**
 * The customer's campaigns valid at `at`. With `productIds` (a cart's products), only those holding one of them,
 * each listing just those products. With `endedSince` (when a cart was created), in the same query also those that
 * ended since then (endedSince < validTo ≤ at), so a cart can say which of its campaigns ended (issue 27); they are
 * the rows whose validTo is not after `at`.
 */
export async function campaignsOfCustomer(
  ctx: RequestContext,
  input: {
    customer: ContextCustomer;
    at: Date;
    productIds?: readonly string[] | undefined;
    endedSince?: Date | undefined;
  },
): Promise<CampaignRow[]> {
  const { customer } = input;
  if (input.productIds && input.productIds.length === 0) return [];
  return findCampaignsOfCustomer(ctx.db, {
    areaId: customer.areaId,
    customerId: customer.id,
    priceGroupId: customer.priceGroupId,
    at: input.at,
    productIds: input.productIds,
    endedAfter: input.endedSince,
  });
}

function toCampaign(row: CampaignRow): Campaign {
  return {
    campaignId: row.id,
    name: row.name,
    description: row.description,
    campaignType: row.campaignType,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    items: row.productIds,
    campaignQuantities: row.quantities,
    bannerImageUrl: row.bannerImageUrl,
  };
}

/**
 * GET /api/Campaigns/GetCampaignsByDebitor: the campaigns of the customer the request acts for (its own user's, or
 * the one a sales rep acts for) valid now, ending soonest first, levels highest first (ADR 029). They are the
 * campaigns of the customer's own area, whichever area the request names (a buyer may browse another area's host):
 * the ones its cart applies, never another area's, which would promise prices its cart never gets.
 */
export async function getCampaignsByDebitor(ctx: RequestContext): Promise<GetCampaignsByDebitorResponse> {
  const customer = requireCustomer(ctx);
  const rows = await campaignsOfCustomer(ctx, { customer, at: new Date() });
  return { campaigns: rows.map(toCampaign) };
}

/**
 * POST /api/Discounts/GetDiscountSplashesByProductIds: the discount codes the products carry in the area named, in
 * one query. Anonymous callers get only the codes that do not state a customer's discount (ADR 029).
 */
export async function getDiscountSplashesByProductIds(
  ctx: RequestContext,
  input: { productIds: readonly string[]; area: AreaInfo },
): Promise<GetDiscountSplashesByProductIdsResponse> {
  const splashes = await findDiscountSplashes(ctx.db, {
    areaId: input.area.areaId,
    productIds: input.productIds,
    withCustomerCodes: ctx.user !== null,
  });
  return { discountSplashes: Object.fromEntries(splashes) };
}

/**
 * The products the deal pages list (GetProductsBySearch's dealType, issue 27): those of the campaigns of these types
 * valid at `at` — the customer's, or without one (anonymous visitors, staff acting for no customer) the campaigns of
 * the area that target every customer, so that they see deals exist. Sorted, each once.
 */
export async function dealProductIds(
  ctx: RequestContext,
  input: { customer: ContextCustomer | null; areaId: AreaId; at: Date; campaignTypes: readonly CampaignType[] },
): Promise<string[]> {
  const { customer } = input;
  const campaigns = await findCampaignsOfCustomer(ctx.db, {
    areaId: customer?.areaId ?? input.areaId,
    customerId: customer?.id ?? null,
    priceGroupId: customer?.priceGroupId ?? null,
    at: input.at,
  });
  const ids = new Set<string>();
  for (const campaign of campaigns) {
    if (input.campaignTypes.includes(campaign.campaignType)) for (const id of campaign.productIds) ids.add(id);
  }
  return [...ids].sort();
}
