/**
 * Customer campaigns (spec §1, §4 Campaigns; issue 27, ADR 029): which campaigns a customer has now. The cart
 * calculation prices lines by them; GetCampaignsByDebitor lists them.
 */
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
 * What a cart calculation needs, in one query: the customer's campaigns valid at `at` holding one of the cart's
 * products (each listing just those), and those that ended since the cart was opened (`openedAt` < validTo ≤ `at`),
 * so the cart can say that its prices changed (issue 27).
 */
export async function campaignsOfCart(
  ctx: RequestContext,
  input: { customer: ContextCustomer; at: Date; openedAt: Date; productIds: readonly string[] },
): Promise<{ valid: CampaignRow[]; ended: CampaignRow[] }> {
  const { customer, at } = input;
  if (input.productIds.length === 0) return { valid: [], ended: [] };
  const rows = await findCampaignsOfCustomer(ctx.db, {
    areaId: customer.areaId,
    customerId: customer.id,
    priceGroupId: customer.priceGroupId,
    at,
    productIds: input.productIds,
    endedAfter: input.openedAt,
  });
  const atTime = at.getTime();
  return {
    valid: rows.filter((row) => row.validTo.getTime() > atTime),
    ended: rows.filter((row) => row.validTo.getTime() <= atTime),
  };
}
