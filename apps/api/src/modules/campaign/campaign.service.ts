/**
 * Customer campaigns (spec §1, §4 Campaigns; issue 27, ADR 029): which campaigns a customer has now. The cart
 * calculation prices lines by them; GetCampaignsByDebitor lists them.
 */
import type { AreaId, CampaignType } from '@b2b/contract';
import type { ContextCustomer, RequestContext } from '../../context.ts';
import { type CampaignRow, findCampaignsOfCustomer } from './campaign.repository.ts';

export type { CampaignRow as CustomerCampaign } from './campaign.repository.ts';

/**
 * The customer's campaigns valid at `at`. With `productIds` (a cart's products), only those holding one of them,
 * each listing just those products.
 */
export async function campaignsOfCustomer(
  ctx: RequestContext,
  input: { customer: ContextCustomer; at: Date; productIds?: readonly string[] | undefined },
): Promise<CampaignRow[]> {
  const { customer } = input;
  if (input.productIds && input.productIds.length === 0) return [];
  return findCampaignsOfCustomer(ctx.db, {
    areaId: customer.areaId,
    customerId: customer.id,
    priceGroupId: customer.priceGroupId,
    at: input.at,
    productIds: input.productIds,
  });
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
