/** The back office's campaign and discount-code calls (issue 28); definitions in @b2b/contract/endpoints/campaign-admin. */
import { campaignAdminEndpoints } from '@b2b/contract/endpoints/campaign-admin';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import {
  deleteCampaign,
  getCampaignById,
  getCampaignsBySearch,
  getDiscountCodes,
  getPriceGroups,
  updateCampaign,
  updateDiscountCodes,
} from './campaign-admin.service.ts';

export async function campaignAdminRoutes(app: FastifyInstance) {
  registerEndpoint(app, campaignAdminEndpoints.getCampaignsBySearch, async (request) =>
    getCampaignsBySearch(request.ctx, request.body),
  );
  registerEndpoint(app, campaignAdminEndpoints.getCampaignById, async (request) =>
    getCampaignById(request.ctx, { campaignId: request.query.CampaignId }),
  );
  registerEndpoint(app, campaignAdminEndpoints.updateCampaign, async (request) =>
    updateCampaign(request.ctx, request.body),
  );
  registerEndpoint(app, campaignAdminEndpoints.deleteCampaign, async (request, reply) => {
    await deleteCampaign(request.ctx, request.body);
    return reply.code(204).send(null);
  });
  registerEndpoint(app, campaignAdminEndpoints.getPriceGroups, async (request) => getPriceGroups(request.ctx));
  registerEndpoint(app, campaignAdminEndpoints.getDiscountCodes, async (request) =>
    getDiscountCodes(request.ctx, { areaId: request.query.AreaId }),
  );
  registerEndpoint(app, campaignAdminEndpoints.updateDiscountCodes, async (request) =>
    updateDiscountCodes(request.ctx, request.body),
  );
}
