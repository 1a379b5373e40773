import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import { CampaignForm } from '~/features/backoffice/campaigns/campaign-form.tsx';
import { CAMPAIGNS_PATH } from '~/features/backoffice/campaigns/campaign-form-data.ts';
import { CampaignPeriod, StateBadge } from '~/features/backoffice/campaigns/campaign-parts.tsx';
import {
  deleteCampaign,
  loadCampaign,
  loadPriceGroups,
  saveCampaign,
} from '~/features/backoffice/campaigns/campaigns.server.ts';
import { ConfirmAction } from '~/features/backoffice/confirm-action.tsx';
import { formatDateTime } from '~/lib/format.ts';
import type { Route } from './+types/backoffice.campaigns.$campaignId';

export const meta: Route.MetaFunction = ({ data: loaded }) => backofficeMeta(`${loaded?.campaign.name ?? 'Campaign'}`);

/** /backoffice/campaigns/:campaignId (issue 28): one campaign to edit or delete. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const [campaign, priceGroups] = await Promise.all([
    loadCampaign(context, params.campaignId),
    loadPriceGroups(context),
  ]);
  if (!campaign) throw data(null, { status: 404 });
  return { campaign, priceGroups, isSaved: new URL(request.url).searchParams.has('saved') };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const formData = await request.formData();
  if (formData.get('intent') === 'delete') {
    const result = await deleteCampaign(context, {
      campaignId: params.campaignId,
      version: Number(formData.get('version')),
    });
    if (result.status === 'deleted')
      return redirect(`${CAMPAIGNS_PATH}?deleted=${encodeURIComponent(params.campaignId)}`);
    return data(result, { status: result.isStale ? 409 : 400 });
  }
  formData.set('campaignId', params.campaignId);
  const result = await saveCampaign(context, formData);
  if (result.status === 'saved') return redirect(`${CAMPAIGNS_PATH}/${result.campaign.campaignId}?saved`);
  return data(result, { status: result.isStale ? 409 : 400 });
}

/**
 * A refused save keeps the page as it was: reloading would give the form another version (or someone else's
 * values) under what the editor typed.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && 'status' in actionResult && actionResult.status === 'error') {
    return false;
  }
  return defaultShouldRevalidate;
}

export default function CampaignRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, priceGroups, isSaved } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <p className="text-sm">
        <Link to={CAMPAIGNS_PATH} className="text-accent-800 underline hover:text-accent-900">
          All campaigns
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{campaign.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-neutral-700">
            <span>{campaign.campaignId}</span>
            <span aria-hidden="true">·</span>
            <span>
              <CampaignPeriod validFrom={campaign.validFrom} validTo={campaign.validTo} />
            </span>
            <StateBadge state={campaign.state} />
            <span aria-hidden="true">·</span>
            <span>
              Version {campaign.version}, saved {formatDateTime(campaign.updatedAt)} UTC
            </span>
          </p>
        </div>
        <ConfirmAction
          label="Delete campaign"
          title={`Delete the campaign “${campaign.name}”?`}
          confirmLabel="Delete campaign"
          fields={{ intent: 'delete', version: String(campaign.version) }}
        >
          <p>
            Its {campaign.items.length} products lose its levels in every cart from the next calculation, and banners
            tied to it stop showing. Placed orders and invoices keep the prices it gave them.
          </p>
        </ConfirmAction>
      </div>
      {isSaved && !actionData ? <Alert tone="success">Campaign saved.</Alert> : null}
      <CampaignForm
        key={`${campaign.campaignId}-${campaign.version}`}
        campaign={campaign}
        priceGroups={priceGroups}
        refusal={actionData?.status === 'error' ? actionData : undefined}
        isSubmitting={navigation.state === 'submitting'}
      />
    </div>
  );
}
