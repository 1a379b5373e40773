import { Link } from 'react-router';
import { ProductCard } from '~/components/product/product-card.tsx';
import { buttonClassName } from '~/components/ui/button.tsx';
import { type CampaignView, loadCampaignsPage } from '~/features/campaigns/campaigns-page.server.ts';
import { formatCampaignLevels } from '~/lib/campaigns/campaign-levels.ts';
import { formatCount, formatDate } from '~/lib/format.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { Route } from './+types/campaigns';

/**
 * /campaigns (spec §2; issue 27): the customer's campaigns now, each with its banner, period, levels and first
 * products; every word about a campaign comes from the campaign itself. Anonymous visitors are asked to log in and
 * pointed at the deals, without a percentage; staff acting for no customer are told whose campaigns these would be.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return loadCampaignsPage(context);
}

export const meta: Route.MetaFunction = () => titleMeta('Campaigns');

const CAMPAIGN_TYPE_TEXT = {
  Campaign: {
    name: 'Volume deal',
    rule: 'Each product counts on its own: order the quantity of one product.',
    deals: '/deals/campaign',
    dealsName: 'volume deals',
  },
  MixMatch: {
    name: 'Mix & match',
    rule: 'All products of this campaign count together: mix them as you like.',
    deals: '/deals/mix-and-match',
    dealsName: 'mix & match deals',
  },
} as const;

/** The last day a campaign applies: it ends at `validTo`, the first moment it no longer does. */
function lastDay(validTo: string): Date {
  return new Date(Date.parse(validTo) - 1);
}

export default function CampaignsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold md:text-3xl">Campaigns</h1>
      {loaderData.kind === 'anonymous' ? (
        <div className="max-w-prose rounded-lg border border-neutral-200 bg-white p-5">
          <p className="text-lg font-semibold">Log in to see your campaigns</p>
          <p className="mt-2 text-neutral-700">
            Campaigns are made for each trade customer: which ones you have, and what they give, shows once you are
            logged in.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/login?redirect=%2Fcampaigns" className={buttonClassName('primary')}>
              Log in
            </Link>
            <Link to="/deals/all-deals" className={buttonClassName('accent-1')}>
              See the products on campaign
            </Link>
          </div>
        </div>
      ) : loaderData.kind === 'no-customer' ? (
        <div className="max-w-prose rounded-lg border border-neutral-200 bg-white p-5">
          <p className="font-semibold">Campaigns belong to a customer.</p>
          <p className="mt-2 text-neutral-700">
            {loaderData.isSalesRep ? (
              <>
                <Link to="/customer-center/impersonation?redirect=%2Fcampaigns" className="text-accent-800 underline">
                  Act for a customer
                </Link>{' '}
                to see their campaigns.
              </>
            ) : (
              'This user acts for no customer, so there are no campaigns to show.'
            )}
          </p>
        </div>
      ) : loaderData.campaigns.length === 0 ? (
        <div className="max-w-prose rounded-lg border border-neutral-200 bg-white p-5">
          <p className="font-semibold">You have no campaigns right now.</p>
          <p className="mt-2 text-neutral-700">
            When a campaign starts for your company, it is listed here with its discounts and products.{' '}
            <Link to="/deals/all-deals" className="text-accent-800 underline">
              See all deals
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="text-neutral-700">
            {loaderData.campaigns.length === 1
              ? 'One campaign runs for your company now.'
              : `${formatCount(loaderData.campaigns.length)} campaigns run for your company now, ending soonest first.`}{' '}
            Their discounts apply in your cart from the quantities each names.
          </p>
          <ul className="flex flex-col gap-8">
            {loaderData.campaigns.map((campaign) => (
              <li key={campaign.campaignId}>
                <CampaignSection campaign={campaign} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function CampaignSection({ campaign }: { campaign: CampaignView }) {
  const headingId = `campaign-${campaign.campaignId}`;
  const type = CAMPAIGN_TYPE_TEXT[campaign.campaignType];
  const levels = formatCampaignLevels(campaign.campaignQuantities);
  const more = campaign.productCount - campaign.products.length;
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-lg border border-neutral-200 bg-white">
      {campaign.bannerImageUrl ? (
        <img src={campaign.bannerImageUrl} alt="" className="h-32 w-full object-cover md:h-44" />
      ) : null}
      <div className="flex flex-col gap-3 p-4 md:p-6">
        <div>
          <p className="text-sm font-medium text-accent-800">{type.name}</p>
          <h2 id={headingId} className="text-xl font-semibold">
            {campaign.name}
          </h2>
        </div>
        {campaign.description ? <p className="text-neutral-700">{campaign.description}</p> : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Period</dt>
          <dd>
            <time dateTime={campaign.validFrom}>{formatDate(campaign.validFrom)}</time> –{' '}
            <time dateTime={campaign.validTo}>{formatDate(lastDay(campaign.validTo))}</time>
          </dd>
          <dt className="font-medium">Discount</dt>
          <dd>
            <span data-testid="campaign-levels">{levels || 'No discount level'}</span>
            <span className="block text-neutral-600">{type.rule}</span>
          </dd>
        </dl>
        {campaign.products.length > 0 ? (
          <ul aria-label={`Products of ${campaign.name}`} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {campaign.products.map((product) => (
              <li key={product.id} className="min-w-0">
                <ProductCard
                  product={product}
                  imageSizes="(min-width: 64rem) 14rem, (min-width: 40rem) 40vw, 45vw"
                  imageLoading="lazy"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-sm">
          {more > 0
            ? `${formatCount(more)} more ${more === 1 ? 'product' : 'products'} of this campaign, with sorting and filters, among the `
            : 'Filter and sort them among the '}
          <Link to={type.deals} className="text-accent-800 underline">
            {type.dealsName}
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
