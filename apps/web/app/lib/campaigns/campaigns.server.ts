import type { Campaign } from '@b2b/contract';
import { lruCacheSource } from '@b2b/contract/cache-registry';
import { campaignEndpoints } from '@b2b/contract/endpoints/campaign';
import { LRUCache } from 'lru-cache';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '~/lib/api.server.ts';
import { getSession, type Session } from '~/lib/session.server.ts';
import { fetchCounted, webCaches } from '~/lib/web-caches.server.ts';

/**
 * The customer's campaign list (spec §4 Campaigns, issue 27, ADR 029 "Where the storefront keeps the campaigns").
 * Loaded only when logged in and acting for a customer, on the first page that needs it ("at app start if the list
 * is empty"), and again when the login state changes: the list is kept per process under the login state's key
 * (user, customer acted for, impersonation, area and currency), so a login, logout or a rep acting for another
 * customer asks anew, while a cart update — which changes none of it — does nothing. A campaign that ends is dropped
 * at its end; a kept list is asked anew after CAMPAIGN_LIST_TTL_MS, so one that starts shows within that time.
 */
const CAMPAIGN_LIST_TTL_MS = 5 * 60_000;
const CAMPAIGN_LIST_CACHE_SIZE = 2_000;

/** Kept per login state; the cache holds the request itself, so the loaders of one page share one call. */
const campaignLists = new LRUCache<string, Campaign[], Readonly<RouterContextProvider>>({
  max: CAMPAIGN_LIST_CACHE_SIZE,
  ttl: CAMPAIGN_LIST_TTL_MS,
  fetchMethod: async (_key, _stale, { context }) => {
    const { area } = getSession(context);
    const answer = await getApi(context).call(campaignEndpoints.getCampaignsByDebitor, {
      query: {
        'AreaInfo.AreaId': area.areaId,
        'AreaInfo.LanguageCode': area.languageCode,
        'AreaInfo.CurrencyCode': area.currencyCode,
      },
    });
    return answer.campaigns;
  },
});
const campaignListsLookups = webCaches.register(
  'campaigns',
  lruCacheSource(() => [campaignLists]),
);

/** The login state the list belongs to; null when there is no list to load (anonymous, or acting for no customer). */
function loginStateKey(session: Session): string | null {
  if (!session.isLoggedIn || !session.user || !session.customer) return null;
  const { area } = session;
  return JSON.stringify([
    session.user.username,
    session.customer.customerNumber,
    session.isImpersonating,
    area.areaId,
    area.languageCode,
    area.currencyCode,
  ]);
}

/** The campaigns still running at `now` (a kept list may hold one that has ended since). */
function runningAt(campaigns: readonly Campaign[], now: number): Campaign[] {
  return campaigns.filter((campaign) => Date.parse(campaign.validFrom) <= now && Date.parse(campaign.validTo) > now);
}

/**
 * The campaigns of the caller's customer valid now, ending soonest first (GetCampaignsByDebitor), the one list
 * /campaigns, the campaign banners and the product cards' levels read. Empty for anonymous visitors and users
 * acting for no customer (the call is a customer's). A failed call answers an empty list for this page and is not
 * kept, so the next page asks again: pages show no campaigns rather than an error.
 */
export async function loadCustomerCampaigns(context: Readonly<RouterContextProvider>): Promise<Campaign[]> {
  const session = getSession(context);
  const key = loginStateKey(session);
  if (key === null) return [];
  try {
    return runningAt((await fetchCounted(campaignLists, campaignListsLookups, key, { context })) ?? [], Date.now());
  } catch (error) {
    console.error('[campaigns] GetCampaignsByDebitor failed; the page shows no campaigns', error);
    return [];
  }
}
