/**
 * The back office's campaign and discount-code calls (issue 28): find, create, edit and delete campaigns; edit an
 * area's discount codes. Every write is recorded in the audit log with the values before and after.
 */
import { z } from 'zod';
import {
  campaignDetailSchema,
  deleteCampaignBody,
  discountCodesResponse,
  getCampaignByIdQuery,
  getCampaignsBySearchBody,
  getCampaignsBySearchResponse,
  getDiscountCodesQuery,
  getPriceGroupsResponse,
  updateCampaignBody,
  updateDiscountCodesBody,
} from '../campaign-admin.ts';
import { defineEndpoint } from '../endpoint.ts';

export const campaignAdminEndpoints = {
  getCampaignsBySearch: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Campaign/GetBySearch',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Campaigns of every area by area, text, type and state (active, expired, future), paged',
    body: getCampaignsBySearchBody,
    response: getCampaignsBySearchResponse,
  }),
  getCampaignById: defineEndpoint({
    method: 'GET',
    path: '/backoffice/api/Campaign/GetById',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'One campaign with its products, price groups and customers by name',
    query: getCampaignByIdQuery,
    response: campaignDetailSchema,
    errors: [404],
  }),
  updateCampaign: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Campaign/Update',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Creates (version null) or edits a campaign; levels are stored highest minimumQuantity first',
    description:
      'Products, price groups and customers must exist (customers of the campaign’s area); each unknown one is ' +
      'named in a 400. A stale version answers 409 and changes nothing; so does creating an id that exists. Carts ' +
      'are priced by the change from their next calculation; placed orders and invoices keep what priced them.',
    body: updateCampaignBody,
    response: campaignDetailSchema,
    errors: [404, 409],
  }),
  deleteCampaign: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Campaign/Delete',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Deletes a campaign; placed orders and invoices keep their copy of it',
    body: deleteCampaignBody,
    successStatus: 204,
    response: z.null(),
    errors: [404, 409],
  }),
  getPriceGroups: defineEndpoint({
    method: 'GET',
    path: '/backoffice/api/Campaign/GetPriceGroups',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'The price groups a campaign can be targeted at',
    response: getPriceGroupsResponse,
  }),
  getDiscountCodes: defineEndpoint({
    method: 'GET',
    path: '/backoffice/api/Area/GetDiscountCodes',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'An area’s discount codes as staff edit them, with how many products carry each',
    query: getDiscountCodesQuery,
    response: discountCodesResponse,
    errors: [404],
  }),
  updateDiscountCodes: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Area/UpdateDiscountCodes',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Replaces an area’s discount codes (spec §3); colours under 4.5:1 contrast are refused',
    description:
      'Ids are unique within the list. A code left out is removed: the splashes naming it stop showing (ADR 029). ' +
      'A stale version answers 409 and changes nothing.',
    body: updateDiscountCodesBody,
    response: discountCodesResponse,
    errors: [404, 409],
  }),
};
