import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireBackoffice } from '~/features/backoffice/backoffice-access.server.ts';
import { backofficeMeta } from '~/features/backoffice/backoffice-paths.ts';
import {
  CAMPAIGN_AREA_IDS,
  CAMPAIGN_LIST_PAGE_SIZE,
  CAMPAIGN_STATE_LABELS,
  CAMPAIGN_TYPE_LABELS,
  CAMPAIGNS_PATH,
  campaignListHref,
  DISCOUNT_CODES_PATH,
  readCampaignListParams,
  TARGETING_SHORT_LABELS,
} from '~/features/backoffice/campaigns/campaign-form-data.ts';
import { CampaignPeriod, StateBadge } from '~/features/backoffice/campaigns/campaign-parts.tsx';
import { loadCampaignList } from '~/features/backoffice/campaigns/campaigns.server.ts';
import { SelectField } from '~/features/backoffice/campaigns/fields.tsx';
import { SortableHeader } from '~/features/backoffice/sortable-header.tsx';
import type { Route } from './+types/backoffice.campaigns';

export const meta: Route.MetaFunction = () => backofficeMeta('Campaigns');

/** /backoffice/campaigns (issue 28): every area's campaigns, filtered and sorted by the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireBackoffice(context, request);
  const params = readCampaignListParams(new URL(request.url).searchParams);
  const page = await loadCampaignList(context, params);
  // After a deletion the list says which campaign went (the edit page sends it here).
  const deletedId = new URL(request.url).searchParams.get('deleted');
  return { params, page, deletedId };
}

const CELL = 'px-3 py-2 align-top';

export default function CampaignListRoute({ loaderData }: Route.ComponentProps) {
  const { params, page, deletedId } = loaderData;
  const navigation = useNavigation();
  const isFiltered = Boolean(params.text || params.areaId || params.campaignType || params.state);
  const pageCount = Math.max(1, Math.ceil(page.totalCount / CAMPAIGN_LIST_PAGE_SIZE));
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Campaigns</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={DISCOUNT_CODES_PATH} className={buttonClassName('secondary')}>
            Discount codes
          </Link>
          <Link to={`${CAMPAIGNS_PATH}/new`} className={buttonClassName('primary')}>
            New campaign
          </Link>
        </div>
      </div>
      {deletedId ? <Alert tone="success">Campaign {deletedId} deleted.</Alert> : null}
      <Form
        method="get"
        role="search"
        aria-label="Find campaigns"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-neutral-200 bg-white p-3"
      >
        <TextField
          label="Name, id or description"
          name="q"
          type="search"
          defaultValue={params.text}
          maxLength={100}
          className="min-w-48 flex-1"
        />
        <SelectField label="Area" name="area" defaultValue={params.areaId}>
          <option value="">All areas</option>
          {CAMPAIGN_AREA_IDS.map((areaId) => (
            <option key={areaId} value={areaId}>
              {areaId.toUpperCase()}
            </option>
          ))}
        </SelectField>
        <SelectField label="Type" name="type" defaultValue={params.campaignType}>
          <option value="">All types</option>
          {Object.entries(CAMPAIGN_TYPE_LABELS).map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="State" name="state" defaultValue={params.state}>
          <option value="">Any state</option>
          {Object.entries(CAMPAIGN_STATE_LABELS).map(([state, label]) => (
            <option key={state} value={state}>
              {label}
            </option>
          ))}
        </SelectField>
        <input type="hidden" name="sort" value={params.sort.field} />
        <input type="hidden" name="dir" value={params.sort.direction} />
        <Button type="submit" severity="primary">
          Find
        </Button>
        {isFiltered ? (
          <Link to={CAMPAIGNS_PATH} className={buttonClassName('secondary')}>
            Clear filters
          </Link>
        ) : null}
      </Form>
      <p role="status" className="text-sm text-neutral-700" aria-busy={navigation.state === 'loading'}>
        {page.totalCount === 1 ? '1 campaign' : `${page.totalCount} campaigns`}
        {isFiltered ? ' match' : ''}
      </p>
      {page.campaigns.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700">
          {isFiltered ? 'No campaign matches these filters.' : 'No campaigns yet.'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
          <table className="w-full min-w-[56rem] text-left text-sm" data-testid="campaign-table">
            <caption className="sr-only">Campaigns</caption>
            <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
              <tr>
                <SortableHeader field="name" label="Name" sort={params.sort} />
                <th scope="col" className="px-3 py-2 font-semibold">
                  Type
                </th>
                <SortableHeader field="area" label="Area" sort={params.sort} />
                <SortableHeader field="validTo" label="Period (UTC)" sort={params.sort} />
                <th scope="col" className="px-3 py-2 font-semibold">
                  Targeting
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Products
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Levels
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {page.campaigns.map((campaign) => (
                <tr
                  key={campaign.campaignId}
                  className="border-b border-neutral-100 last:border-0"
                  data-testid="campaign-row"
                >
                  <th scope="row" className={`${CELL} min-w-56 font-medium`}>
                    <Link
                      to={`${CAMPAIGNS_PATH}/${campaign.campaignId}`}
                      className="text-accent-800 underline hover:text-accent-900"
                    >
                      {campaign.name}
                    </Link>
                    <span className="block text-xs font-normal text-neutral-600">{campaign.campaignId}</span>
                  </th>
                  <td className={CELL}>{CAMPAIGN_TYPE_LABELS[campaign.campaignType]}</td>
                  <td className={CELL}>{campaign.areaId.toUpperCase()}</td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <CampaignPeriod validFrom={campaign.validFrom} validTo={campaign.validTo} />
                  </td>
                  <td className={CELL}>{TARGETING_SHORT_LABELS[campaign.targeting]}</td>
                  <td className={`${CELL} text-right tabular-nums`}>{campaign.itemCount}</td>
                  <td className={CELL}>
                    {/* lowest first, as buyers climb them; a level never breaks across lines */}
                    {[...campaign.campaignQuantities].reverse().map((level, index) => (
                      <span key={level.minimumQuantity} className="whitespace-nowrap">
                        {index > 0 ? ' · ' : ''}
                        {level.discountPercentage} % from {level.minimumQuantity}
                      </span>
                    ))}
                  </td>
                  <td className={CELL}>
                    <StateBadge state={campaign.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        label="Campaign pages"
        currentPage={params.page}
        pageCount={pageCount}
        hrefForPage={(pageNr) => campaignListHref(params, pageNr)}
      />
    </div>
  );
}
