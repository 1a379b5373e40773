import type { CalculatedCartLine } from '@b2b/contract/cart';
import { useFetcher } from 'react-router';
import { appliedLevelText, nextLevelNudge } from '~/lib/campaigns/campaign-levels.ts';
import type { CartActionResult } from '~/lib/cart-action-result.ts';
import { cn } from '~/lib/cn.ts';
import { formatMoney } from '~/lib/format.ts';

/**
 * The one-click "Add N" of the next level (issue 27). It sets the line to the quantity the calculation was made for
 * plus what the next level needs — an absolute quantity through the cart's own `update-quantity`, so a double click or
 * a retry sends the same quantity again and never adds twice, and a click on a nudge the cart has outgrown adds
 * nothing. The nudge itself is drawn only from a calculation of the cart as it is now.
 */
function AddToNextLevelForm({
  line,
  quantity,
  fetcherKey,
}: {
  line: CalculatedCartLine;
  quantity: number;
  fetcherKey: string | undefined;
}) {
  const fetcher = useFetcher<CartActionResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const isBusy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        if (isBusy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="update-quantity" />
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="quantity" value={line.quantity + quantity} />
      <button
        type="submit"
        className="rounded-md border border-emerald-700 bg-white px-2 py-0.5 text-xs font-semibold text-emerald-800 hover:bg-emerald-50"
        aria-disabled={isBusy || undefined}
        data-testid="add-to-next-level"
      >
        Add {quantity}
        <span className="sr-only"> more of {line.name}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * Which price applied to a cart line and what the next campaign level needs (issue 27's price explainer): the price
 * agreement (the customer's net price against the list price), the campaign and level that priced it, and "Add 3 more
 * of the Summer mix & match range for 15 %" with its one-click "Add 3". Cart page and mini-cart use it; `fetcherKey`
 * joins the page's own fetcher, so its answer is announced where the page announces the others.
 */
export function PriceExplainer({
  line,
  currencyCode,
  maxLineQuantity,
  fetcherKey,
  className,
}: {
  /** The line as calculated for the cart's current version (the caller drops calculations of an older one). */
  line: CalculatedCartLine;
  currencyCode: string;
  /** The product's line limit: a nudge beyond it offers no button. */
  maxLineQuantity: number;
  fetcherKey?: string;
  className?: string;
}) {
  const netUnit = line.netUnitPrice.priceWithoutVat;
  const listUnit = line.unitPrice.priceWithoutVat;
  const campaign = line.campaign;
  const applied = campaign ? appliedLevelText(campaign) : null;
  const nudge = campaign ? nextLevelNudge(campaign) : null;
  return (
    <div className={cn('flex flex-col gap-1 text-xs text-neutral-700', className)} data-testid="price-explainer">
      <p data-testid="price-explainer-agreement">
        {netUnit < listUnit
          ? `Your price agreement: ${formatMoney(netUnit, currencyCode)} per pc instead of the list price ${formatMoney(listUnit, currencyCode)}`
          : `List price: ${formatMoney(listUnit, currencyCode)} per pc`}
      </p>
      {campaign && applied ? (
        <p className="font-medium text-emerald-900" data-testid="price-explainer-campaign">
          {applied}, {/* the sign stays with its amount when the line wraps */}
          <span className="whitespace-nowrap">−{formatMoney(campaign.discount, currencyCode)}</span>
        </p>
      ) : null}
      {nudge ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="price-explainer-next">
          <p className="font-medium text-emerald-900">{nudge.sentence}</p>
          {line.quantity + nudge.quantity <= maxLineQuantity ? (
            <AddToNextLevelForm line={line} quantity={nudge.quantity} fetcherKey={fetcherKey} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
