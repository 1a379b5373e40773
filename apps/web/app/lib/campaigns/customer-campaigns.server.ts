import type { Campaign } from '@b2b/contract';
import { campaignEndpoints } from '@b2b/contract/endpoints/campaign';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';

/**
 * The campaigns of the customer the session acts for, valid now (GetCampaignsByDebitor, spec §4: only when logged in).
 * Anonymous visitors and staff acting for no customer have none, and the API is not asked. A failure costs only the
 * levels on cards and pages: logged, and none are shown.
 */
export async function loadCustomerCampaigns(context: Readonly<RouterContextProvider>): Promise<Campaign[]> {
  const session = getSession(context);
  if (!session.isLoggedIn || !session.customer) return [];
  const { area } = session;
  try {
    const answer = await getApi(context).call(campaignEndpoints.getCampaignsByDebitor, {
      query: {
        'AreaInfo.AreaId': area.areaId,
        'AreaInfo.LanguageCode': area.languageCode,
        'AreaInfo.CurrencyCode': area.currencyCode,
      },
    });
    return answer.campaigns;
  } catch (error) {
    console.error('[campaigns] GetCampaignsByDebitor failed', error);
    return [];
  }
}
