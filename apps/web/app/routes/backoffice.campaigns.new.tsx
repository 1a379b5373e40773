import { data, Link, redirect, useNavigation } from 'react-router';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { CampaignForm } from '~/features/backoffice/campaigns/campaign-form.tsx';
import { CAMPAIGNS_PATH } from '~/features/backoffice/campaigns/campaign-form-data.ts';
import { loadPriceGroups, saveCampaign } from '~/features/backoffice/campaigns/campaigns.server.ts';
import type { Route } from './+types/backoffice.campaigns.new';

export const meta: Route.MetaFunction = () => backofficeMeta('New campaign');

/** /backoffice/campaigns/new (issue 28): a campaign from scratch. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  return { priceGroups: await loadPriceGroups(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const formData = await request.formData();
  // No version: a create. Sent twice (a double click, a retry), the second is refused as existing: never two.
  formData.set('version', '');
  const result = await saveCampaign(context, formData);
  if (result.status === 'saved') return redirect(`${CAMPAIGNS_PATH}/${result.campaign.campaignId}?saved`);
  return data(result, { status: result.isStale ? 409 : 400 });
}

export function shouldRevalidate() {
  // Nothing the page shows changes by a refused create; a created one leaves the page.
  return false;
}

export default function NewCampaignRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <p className="text-sm">
        <Link to={CAMPAIGNS_PATH} className="text-accent-800 underline hover:text-accent-900">
          All campaigns
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">New campaign</h1>
      <CampaignForm
        campaign={null}
        priceGroups={loaderData.priceGroups}
        refusal={actionData?.status === 'error' ? actionData : undefined}
        isSubmitting={navigation.state === 'submitting'}
      />
    </div>
  );
}
