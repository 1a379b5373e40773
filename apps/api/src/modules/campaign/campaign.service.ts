/**
 * Customer campaigns (spec §1, §4 Campaigns; issue 27, ADR 029): which campaigns a customer has now. The cart
 * calculation prices lines by them; GetCampaignsByDebitor lists them.
 */
import type { ContextCustomer, RequestContext } from '../../context.ts';
import { type CampaignRow, findCampaignsOfCustomer } from './campaign.repository.ts';

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
