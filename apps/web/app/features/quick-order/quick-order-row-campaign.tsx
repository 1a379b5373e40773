import type { Cart } from '@b2b/contract/cart';
import { useCallback } from 'react';
import { useFetcher } from 'react-router';
import { DiscountSplashes } from '~/components/product/discount-splashes.tsx';
import { appliedLevelText, nextLevelNudge, quickOrderRowCampaign } from '~/lib/campaigns/campaign-levels.ts';
import type { SplashView } from '~/lib/campaigns/splash-view.ts';
import type { QuickOrderItemStock } from './quick-order-types.ts';

/** The header mini-cart's fetcher (its key): the cart as the page knows it, to count what it holds already. */
const MINI_CART_FETCHER_KEY = 'mini-cart';

/**
 * How many pieces the cart holds of some products: read from the mini-cart's data, which every page of a customer
 * loads; 0 while it has not come.
 */
export function useHeldInCart(): (productIds: readonly string[]) => number {
  const cart = useFetcher<{ cart: Cart | null }>({ key: MINI_CART_FETCHER_KEY }).data?.cart;
  return useCallback(
    (productIds) => {
      if (!cart) return 0;
      const wanted = new Set(productIds);
      return cart.lines
        .filter((line) => line.type === 'Product' && !line.parentId && wanted.has(line.productKey.productId))
        .reduce((sum, line) => sum + line.quantity, 0);
    },
    [cart],
  );
}

/**
 * A quick-order row's splashes and its price explainer before adding (issue 27): the level the row's quantity reaches
 * (with what the cart holds already) and what the next level needs, with "Add N", which raises the row's quantity.
 * Computed in the browser by the contract's level rule: the row has no calculated cart line.
 */
export function QuickOrderRowCampaign({
  item,
  quantity,
  splashes,
  heldInCart,
  onAdd,
  rowLabel,
}: {
  item: QuickOrderItemStock;
  /** The row's quantity as a number; 0 while empty. */
  quantity: number;
  splashes: readonly SplashView[];
  heldInCart: (productIds: readonly string[]) => number;
  onAdd: (pieces: number) => void;
  /** Names the row for screen readers ("row 2"). */
  rowLabel: string;
}) {
  const campaign = quickOrderRowCampaign(item.campaigns, item.productId, quantity, heldInCart);
  const applied = campaign ? appliedLevelText(campaign) : null;
  const nudge = campaign ? nextLevelNudge(campaign) : null;
  const canAdd = nudge !== null && quantity + nudge.quantity <= item.maxLineQuantity;
  if (splashes.length === 0 && !applied && !nudge) return null;
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="quick-order-explainer">
      <DiscountSplashes splashes={splashes} />
      {applied ? <p className="font-medium text-emerald-900">{applied}</p> : null}
      {nudge ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium text-emerald-900">{nudge.sentence}</p>
          {canAdd ? (
            <button
              type="button"
              onClick={() => onAdd(nudge.quantity)}
              className="rounded-md border border-emerald-700 bg-white px-2 py-0.5 font-semibold text-emerald-800 hover:bg-emerald-50"
              data-testid="quick-order-add-to-next-level"
            >
              Add {nudge.quantity}
              <span className="sr-only"> to {rowLabel}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
