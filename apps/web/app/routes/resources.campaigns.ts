import type { Campaign } from '@b2b/contract';
import { data } from 'react-router';
import { loadCustomerCampaigns } from '~/lib/campaigns/campaigns.server.ts';
import { getSession } from '~/lib/session.server.ts';
import type { Route } from './+types/resources.campaigns';

/**
 * The customer's campaigns for what the browser renders after the first paint (quick-order rows, carousels): the
 * same per-login-state list the pages' loaders read (`loadCustomerCampaigns`, ADR 029). Anonymous visitors get 401
 * and no campaign (spec §4: campaigns are loaded only when logged in).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!getSession(context).isLoggedIn) return data({ campaigns: [] as Campaign[] }, { status: 401 });
  return data(
    { campaigns: await loadCustomerCampaigns(context) },
    // the list belongs to this login: never kept by a shared cache
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
