import type { Cart, CartLine } from '@b2b/contract/cart';
import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { useEffect, useId, useRef } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { PriceExplainer } from '~/components/cart/price-explainer.tsx';
import { buttonClassName } from '~/components/ui/button.tsx';
import { POPOVER_PANEL_PLACEMENT, usePopover } from '~/components/ui/use-popover.ts';
import type { CartActionResult } from '~/lib/cart-action-result.ts';
import { cn } from '~/lib/cn.ts';
import { useCartUpdatedEvent } from '~/lib/events/use-cart-updated-event.ts';
import { formatCount, formatMoney } from '~/lib/format.ts';
import { useSession } from '~/lib/use-session.ts';
import type { CartLineProduct } from './cart-line-product.ts';
import { CartLineProductInfo } from './cart-line-product-info.tsx';
import { countCartUnits, groupCartLines } from './cart-lines.ts';
import { itemCountUnit, shouldCloseMiniCart } from './mini-cart-rules.ts';
import { useInternalCartCalculation } from './use-cart-calculation.ts';
import { useReloadWhenCartChanged } from './use-reload-changed-cart.ts';

type MiniCartData = { cart: Cart | null; products: Record<string, CartLineProduct> };

/**
 * A line's quantity, editable in place: the cart's own action (0, less or empty deletes, spec §5); at most the
 * product's line limit (ADR 019).
 */
function MiniCartQuantity({ line, maxLineQuantity }: { line: CartLine; maxLineQuantity: number }) {
  const fetcher = useFetcher<CartActionResult>();
  const id = useId();
  useReloadWhenCartChanged(fetcher.data);
  useCartUpdatedEvent(fetcher.data);
  return (
    <fetcher.Form method="post" action="/cart" className="flex items-end gap-1">
      <input type="hidden" name="intent" value="update-quantity" />
      <input type="hidden" name="lineId" value={line.id} />
      <label htmlFor={id} className="sr-only">
        Quantity of {line.name}
      </label>
      <span id={`${id}-limit`} className="sr-only">
        At most {formatCount(maxLineQuantity)} per line
      </span>
      <input
        id={id}
        key={line.quantity}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={0}
        max={maxLineQuantity}
        aria-describedby={`${id}-limit`}
        step={1}
        defaultValue={line.quantity}
        className="w-20 rounded-md border border-neutral-300 px-2 py-1 text-sm"
        data-testid="mini-cart-quantity"
      />
      <button
        type="submit"
        className="rounded-md border border-neutral-300 px-2 py-1 text-xs font-medium hover:bg-neutral-100"
        aria-disabled={fetcher.state !== 'idle' || undefined}
      >
        Update<span className="sr-only"> quantity of {line.name}</span>
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <span role="alert" className="text-xs text-red-700">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function MiniCartPanel({
  data,
  panelProps,
  isOpen,
  onClose,
}: {
  data: MiniCartData | undefined;
  panelProps: ReturnType<typeof usePopover>['panelProps'];
  isOpen: boolean;
  onClose: () => void;
}) {
  const cart = data?.cart ?? undefined;
  const { groups } = cart ? groupCartLines(cart.lines) : { groups: [] };
  const calculated = useInternalCartCalculation(cart, isOpen);
  const calculatedLines = new Map(calculated?.lines.map((line) => [line.id, line]) ?? []);
  const currencyCode = cart?.currencyCode ?? '';
  const goods = calculated?.lines
    .filter((line) => line.type === 'Product' && !line.parentId)
    .reduce((sum, line) => sum + Math.round(line.netLinePrice.priceWithoutVat * 100), 0);
  return (
    <section
      {...panelProps}
      aria-label="Mini-cart"
      data-testid="mini-cart"
      className={cn(
        POPOVER_PANEL_PLACEMENT,
        'w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-neutral-200 bg-white p-4 text-neutral-900 shadow-lg',
      )}
    >
      {!cart ? (
        <p role="status">Loading the cart…</p>
      ) : groups.length === 0 ? (
        <p>Your cart is empty.</p>
      ) : (
        <ul className="flex max-h-96 flex-col divide-y divide-neutral-100 overflow-y-auto">
          {groups.map(({ line }) => {
            const calculatedLine = calculatedLines.get(line.id);
            const value = calculatedLine?.netLinePrice.priceWithoutVat;
            const maxLineQuantity = data?.products[line.productKey.productId]?.maxLineQuantity ?? MAX_LINE_QUANTITY;
            return (
              <li key={line.id} className="flex flex-col gap-2 py-2 text-sm" data-testid="mini-cart-line">
                <CartLineProductInfo line={line} product={data?.products[line.productKey.productId]} imageSize={48} />
                <div className="flex flex-wrap items-end justify-between gap-2 pl-[3.75rem]">
                  <MiniCartQuantity line={line} maxLineQuantity={maxLineQuantity} />
                  <span className="text-right" data-testid="mini-cart-price">
                    {value === undefined ? '…' : formatMoney(value, currencyCode)}
                    <span className="block text-xs text-neutral-600">
                      {formatCount(line.quantity)} {line.quantity === 1 ? 'unit' : 'units'}
                    </span>
                  </span>
                </div>
                {/* the explainer of the cart as shown: a calculation made for another quantity explains nothing */}
                {calculatedLine && calculatedLine.quantity === line.quantity ? (
                  <PriceExplainer
                    line={calculatedLine}
                    currencyCode={currencyCode}
                    maxLineQuantity={maxLineQuantity}
                    className="pl-[3.75rem]"
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {goods !== undefined && groups.length > 0 ? (
        <p className="mt-2 flex justify-between border-t border-neutral-200 pt-2 text-sm font-semibold">
          <span>Goods excl. VAT</span>
          <span data-testid="mini-cart-goods">{formatMoney(goods / 100, currencyCode)}</span>
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <Link to="/cart" className={buttonClassName('accent-2', 'flex-1')} onClick={onClose}>
          View cart
        </Link>
        {groups.length > 0 ? (
          <Link to="/checkout" className={buttonClassName('cta-2', 'flex-1')} onClick={onClose}>
            Checkout
          </Link>
        ) : null}
      </div>
    </section>
  );
}

const COUNT_BADGE_CLASSES = 'grid min-w-6 place-items-center rounded-full bg-accent-600 px-1.5 text-xs text-white';

/**
 * The header's cart button and its popover (logged-in users only; a native popover, so a press before the page's
 * scripts have run opens it: ADR 025). The cart is loaded from /resources/cart once the
 * page runs and revalidated after every form submission (add to cart, quantity changes).
 */
export function MiniCart() {
  const session = useSession();
  const fetcher = useFetcher<MiniCartData>({ key: 'mini-cart' });
  const { isOpen, close, buttonProps, panelProps } = usePopover('--mini-cart');
  const location = useLocation();
  const { load } = fetcher;
  const hasRequestedRef = useRef(false);

  // Once per page load; afterwards React Router revalidates the fetcher after every form submission.
  useEffect(() => {
    if (!session.actsForCustomer) {
      hasRequestedRef.current = false;
      return;
    }
    if (hasRequestedRef.current) return;
    hasRequestedRef.current = true;
    void load('/resources/cart');
  }, [session.actsForCustomer, load]);

  useEffect(() => {
    if (shouldCloseMiniCart(location.pathname)) close();
  }, [location.pathname, close]);

  if (!session.actsForCustomer) return null;
  const cart = fetcher.data?.cart ?? undefined;
  // The badge counts units, not lines (issue 11): what the buyer ordered.
  const itemCount = cart ? countCartUnits(cart) : null;

  return (
    <div>
      <button
        {...buttonProps}
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100"
      >
        {/* The name is the visible text plus a word for screen readers ("Cart 3 items", WCAG 2.5.3). */}
        <span>Cart</span>
        {itemCount !== null ? (
          <>
            <span data-testid="mini-cart-count" className={COUNT_BADGE_CLASSES}>
              {formatCount(itemCount)}
            </span>
            <span className="sr-only">{itemCountUnit(itemCount)}</span>
          </>
        ) : (
          // the badge's room, kept until the cart has loaded, so the header does not move when the count comes
          <span aria-hidden="true" className={cn('invisible', COUNT_BADGE_CLASSES)}>
            0
          </span>
        )}
      </button>
      <MiniCartPanel data={fetcher.data} panelProps={panelProps} isOpen={isOpen} onClose={close} />
    </div>
  );
}
