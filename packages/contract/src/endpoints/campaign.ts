/**
 * Campaign and discount-splash calls of spec §7 (issue 27, ADR 029): the caller's customer's campaigns, and the
 * splashes of products.
 */
import {
  getCampaignsByDebitorQuery,
  getCampaignsByDebitorResponse,
  getDiscountSplashesByProductIdsBody,
  getDiscountSplashesByProductIdsResponse,
} from '../campaign.ts';
import { defineEndpoint } from '../endpoint.ts';

export const campaignEndpoints = {
  getCampaignsByDebitor: defineEndpoint({
    method: 'GET',
    path: '/api/Campaigns/GetCampaignsByDebitor',
    policy: 'customer',
    tag: 'Campaigns',
    summary: "The campaigns of the caller's customer that are valid now",
    description:
      'A sales rep acting for a customer gets the customer’s. Every AreaInfo field is required (spec §5); the ' +
      "campaigns are those of the customer's own area (the ones its cart applies), whichever area is named. Levels " +
      'come highest minimumQuantity first (ADR 029). A user without a customer answers 403.',
    query: getCampaignsByDebitorQuery,
    response: getCampaignsByDebitorResponse,
  }),
  getDiscountSplashesByProductIds: defineEndpoint({
    method: 'POST',
    path: '/api/Discounts/GetDiscountSplashesByProductIds',
    policy: 'public',
    tag: 'Campaigns',
    summary: 'The discount splashes of up to 200 products, as discount-code ids by product id',
    description:
      "The ids name the area settings' discountCodes. Unknown products, and products without splashes, have no " +
      'entry. Anonymous callers get only the splashes whose discount code does not state a discount ' +
      '(`properties.audience` other than `customers`): deals show, percentages do not (issue 27).',
    body: getDiscountSplashesByProductIdsBody,
    response: getDiscountSplashesByProductIdsResponse,
  }),
};
