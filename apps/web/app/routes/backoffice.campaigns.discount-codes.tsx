import type { AreaId } from '@b2b/contract';
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import {
  CAMPAIGN_AREA_IDS,
  CAMPAIGNS_PATH,
  DISCOUNT_CODES_PATH,
} from '~/features/backoffice/campaigns/campaign-form-data.ts';
import { loadDiscountCodes, saveDiscountCode } from '~/features/backoffice/campaigns/campaigns.server.ts';
import { DiscountCodeCard } from '~/features/backoffice/campaigns/discount-code-card.tsx';
import { cn } from '~/lib/cn.ts';
import type { Route } from './+types/backoffice.campaigns.discount-codes';

export const meta: Route.MetaFunction = () => backofficeMeta('Discount codes');

/** The area of the URL (`?area=us`); the EU's codes when it names none we have. */
function readArea(request: Request): AreaId {
  const area = new URL(request.url).searchParams.get('area');
  return (CAMPAIGN_AREA_IDS as readonly string[]).includes(area ?? '') ? (area as AreaId) : 'eu';
}

/** /backoffice/campaigns/discount-codes (issue 28): the splashes' discount codes of one area. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const areaId = readArea(request);
  const codes = await loadDiscountCodes(context, areaId);
  return { codes, savedId: new URL(request.url).searchParams.get('saved') };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireBackoffice(context, request);
  const areaId = readArea(request);
  const formData = await request.formData();
  const isRemoval = formData.get('intent') === 'remove';
  const originalId = String(formData.get('originalId') ?? '');
  const result = await saveDiscountCode(context, {
    areaId,
    version: String(formData.get('version') ?? ''),
    originalId,
    formData,
    remove: isRemoval,
  });
  if (result.status === 'saved') {
    const savedId = isRemoval ? `removed:${originalId}` : String(formData.get('id') ?? '');
    return redirect(`${DISCOUNT_CODES_PATH}?area=${areaId}&saved=${encodeURIComponent(savedId)}`);
  }
  // The card the refusal belongs to: the code's own, or the new code's.
  return data({ ...result, cardId: originalId }, { status: result.isStale ? 409 : 400 });
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // A refused save keeps the cards as typed.
  if (actionResult && typeof actionResult === 'object' && 'status' in actionResult && actionResult.status === 'error') {
    return false;
  }
  return defaultShouldRevalidate;
}

export default function DiscountCodesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, savedId } = loaderData;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';
  const refusalFor = (cardId: string) =>
    actionData?.status === 'error' && actionData.cardId === cardId ? actionData : undefined;
  const removedId = savedId?.startsWith('removed:') ? savedId.slice('removed:'.length) : null;
  return (
    <div className="flex max-w-6xl flex-col gap-5">
      <p className="text-sm">
        <Link to={CAMPAIGNS_PATH} className="text-accent-800 underline hover:text-accent-900">
          All campaigns
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Discount codes</h1>
      <p className="max-w-3xl text-sm text-neutral-700">
        What the splashes on product pictures show. Each code has a label and two colours; the text needs a contrast of
        at least 4.5:1 with its background to be readable. A splash that states a discount (“-20 %”) is shown to
        logged-in customers only.
      </p>
      <nav aria-label="Areas" className="flex gap-2">
        {CAMPAIGN_AREA_IDS.map((areaId) => (
          <Link
            key={areaId}
            to={`${DISCOUNT_CODES_PATH}?area=${areaId}`}
            aria-current={codes.areaId === areaId ? 'page' : undefined}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm font-medium',
              codes.areaId === areaId
                ? 'border-neutral-900 bg-neutral-900 text-white'
                : 'border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-100',
            )}
          >
            {areaId.toUpperCase()}
          </Link>
        ))}
      </nav>
      {actionData?.status === 'error' && actionData.isStale ? (
        <Alert title="Not saved: the codes were changed by another save">
          Reload the page to see the codes as they are now.
        </Alert>
      ) : null}
      {savedId && !actionData ? (
        <Alert tone="success">
          {removedId ? `Discount code ${removedId} removed.` : `Discount code ${savedId} saved.`}
        </Alert>
      ) : null}
      {codes.discountCodes.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-4 text-sm text-neutral-700">
          This area has no discount codes yet.
        </p>
      ) : null}
      {codes.discountCodes.map(({ splashCount, ...code }) => (
        <DiscountCodeCard
          key={code.id}
          code={code}
          splashCount={splashCount}
          version={codes.version}
          refusal={refusalFor(code.id)}
          isSubmitting={isSubmitting}
        />
      ))}
      <DiscountCodeCard
        key={`new-${codes.version}`}
        code={null}
        splashCount={0}
        version={codes.version}
        refusal={refusalFor('')}
        isSubmitting={isSubmitting}
      />
    </div>
  );
}
