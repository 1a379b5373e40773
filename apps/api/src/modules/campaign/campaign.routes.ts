/** Campaign and discount-splash calls of spec §7 (issue 27); definitions in @b2b/contract/endpoints/campaign. */
import { campaignEndpoints } from '@b2b/contract/endpoints/campaign';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import { getCampaignsByDebitor, getDiscountSplashesByProductIds } from './campaign.service.ts';

export async function campaignRoutes(app: FastifyInstance) {
  // AreaInfo is required and checked by the contract (spec §5); the campaigns are the customer's own area's
  registerEndpoint(app, campaignEndpoints.getCampaignsByDebitor, async (request) => getCampaignsByDebitor(request.ctx));
  registerEndpoint(app, campaignEndpoints.getDiscountSplashesByProductIds, async (request) =>
    getDiscountSplashesByProductIds(request.ctx, {
      productIds: request.body.productIds,
      area: request.body.areaInfo,
    }),
  );
}
