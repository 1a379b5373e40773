import type { CalculatedCart } from '@b2b/contract/cart';
import { formatDateTime } from '~/lib/format.ts';

/**
 * Above the cart's totals (issue 27): the customer's campaigns on products of the cart that ended while the cart was
 * open. CalculateCart has repriced the lines without them; this says why the prices went up.
 */
export function EndedCampaignsNotice({ calculated }: { calculated: Pick<CalculatedCart, 'endedCampaigns'> }) {
  const ended = calculated.endedCampaigns;
  if (ended.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="cart-ended-campaigns"
    >
      <p className="font-medium">{ended.length === 1 ? 'A campaign has ended' : 'Campaigns have ended'}</p>
      <ul className="mt-1 list-disc pl-5">
        {ended.map((campaign) => (
          <li key={campaign.campaignId}>
            {campaign.name} ended {formatDateTime(campaign.validTo)}.
          </li>
        ))}
      </ul>
      <p className="mt-1">The prices in your cart no longer include {ended.length === 1 ? 'its' : 'their'} discount.</p>
    </div>
  );
}
