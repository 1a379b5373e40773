import type { CalculatedCart, CalculatedCartLine, Cart, CartLine } from '@b2b/contract/cart';
import { DEFAULT_UNIT_OF_MEASURE, MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { PriceExplainer } from '~/components/cart/price-explainer.tsx';
import { LocalError } from '~/components/errors/error-displays.tsx';
import { FavoriteToggle } from '~/components/favorite/favorite-toggle.tsx';
import { LineAmounts, TotalsList } from '~/components/order/order-summary.tsx';
import { OrderTermsNotes } from '~/components/order/order-terms-notes.tsx';
import { lineFigures, orderTotals } from '~/components/order/order-totals.ts';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import type { CartActionResult } from '~/lib/cart-action-result.ts';
import { useFetcherServerFailure } from '~/lib/errors/use-server-failure.ts';
import { useCartUpdatedEvent } from '~/lib/events/use-cart-updated-event.ts';
import type { FavoriteMarks } from '~/lib/favorites/favorite-marks.ts';
import { formatCount, formatMoney } from '~/lib/format.ts';
import { useTrackingEvents } from '~/lib/tracking/use-tracking-events.ts';
import type { CalculationState } from './cart-calculation-store.ts';
import type { CartLineProduct } from './cart-line-product.ts';
import { CartLineProductInfo } from './cart-line-product-info.tsx';
import { groupCartLines, isLineBackordered } from './cart-lines.ts';
import { EndedCampaignsNotice } from './ended-campaigns-notice.tsx';
import { useCartCalculation } from './use-cart-calculation.ts';
import { useReloadWhenCartChanged } from './use-reload-changed-cart.ts';

/**
 * All forms of the cart page share one fetcher: a deleted line's form is gone when its answer arrives, so the page
 * itself announces the result and pushes the tracking events.
 */
const CART_FETCHER_KEY = 'cart-page';

/** What a cart form reports back: a status for success, an alert for an error (both announced). */
function ActionFeedback({ result }: { result: CartActionResult | undefined }) {
  useTrackingEvents(result?.ok ? result : null);
  useCartUpdatedEvent(result);
  useReloadWhenCartChanged(result);
  return (
    <div className="mt-2">
      {result && !result.ok && !result.serverError ? <Alert>{result.error}</Alert> : null}
      <LocalError scope={CART_FETCHER_KEY} />
      <p role="status" className="sr-only">
        {result?.ok ? result.message : ''}
      </p>
    </div>
  );
}

/** A line's quantity: the product's line limit is said under the box and is its `max` (the browser refuses more). */
function QuantityForm({ line, maxLineQuantity }: { line: CartLine; maxLineQuantity: number }) {
  const fetcher = useFetcher<CartActionResult>({ key: CART_FETCHER_KEY });
  const id = useId();
  const isBusy = fetcher.state !== 'idle';
  return (
    <div className="flex flex-col gap-1">
      <fetcher.Form method="post" action="/cart" className="flex items-end gap-2" data-testid="cart-line-quantity">
        <input type="hidden" name="intent" value="update-quantity" />
        <input type="hidden" name="lineId" value={line.id} />
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-xs text-neutral-600">
            Quantity<span className="sr-only"> of {line.name}</span>
          </label>
          <input
            id={id}
            key={line.quantity}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={0}
            max={maxLineQuantity}
            step={1}
            defaultValue={line.quantity}
            aria-describedby={`${id}-hint`}
            className="w-24 rounded-md border border-neutral-300 px-2 py-1.5 text-sm"
          />
          <span id={`${id}-hint`} className="text-xs text-neutral-600" data-testid="cart-line-limit">
            Max. {formatCount(maxLineQuantity)}
            <span className="sr-only"> per line; 0 or empty deletes the line</span>
          </span>
        </div>
        <Button type="submit" severity="secondary" aria-disabled={isBusy || undefined}>
          Update<span className="sr-only"> quantity of {line.name}</span>
        </Button>
      </fetcher.Form>
    </div>
  );
}

function DeleteLineForm({ line }: { line: CartLine }) {
  const fetcher = useFetcher<CartActionResult>({ key: CART_FETCHER_KEY });
  return (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="intent" value="delete-line" />
      <input type="hidden" name="lineId" value={line.id} />
      <Button
        type="submit"
        severity="white"
        aria-label={`Delete ${line.name}`}
        aria-disabled={fetcher.state !== 'idle' || undefined}
      >
        Delete
      </Button>
    </fetcher.Form>
  );
}

/** The line's amounts as checkout and the order pages show them too (one component); "…" until calculated. */
function LineFigures({
  calculated,
  currencyCode,
}: {
  calculated: CalculatedCartLine | undefined;
  currencyCode: string;
}) {
  if (!calculated) return <span className="text-sm text-neutral-500">…</span>;
  return <LineAmounts figures={lineFigures(calculated)} currencyCode={currencyCode} />;
}

function BackorderNotice({ line }: { line: CalculatedCartLine | undefined }) {
  if (!line || !isLineBackordered(line)) return null;
  return (
    <p className="mt-1 text-sm font-medium text-amber-800" data-testid="line-backorder">
      Backorder: {line.asgLineItemsAvailCust} available now, the remaining {line.quantity - line.asgLineItemsAvailCust}{' '}
      will ship later.
    </p>
  );
}

/**
 * The line's price explainer (issue 27) once the calculation of the cart as shown has come; a calculation still made
 * for another quantity is not explained, so "Add N" always counts from what the cart holds now.
 */
function LineExplainer({
  calculated,
  quantity,
  currencyCode,
  maxLineQuantity,
}: {
  calculated: CalculatedCartLine | undefined;
  quantity: number;
  currencyCode: string;
  maxLineQuantity: number;
}) {
  if (!calculated || calculated.quantity !== quantity) return null;
  return (
    <PriceExplainer
      line={calculated}
      currencyCode={currencyCode}
      maxLineQuantity={maxLineQuantity}
      fetcherKey={CART_FETCHER_KEY}
      className="mt-2"
    />
  );
}

function ProductKeyText({ line }: { line: CartLine }) {
  return <p className="text-xs text-neutral-600">Item no. {line.productKey.variantId ?? line.productKey.productId}</p>;
}

function CalculationSummary({
  state,
  retry,
  priceGroup,
}: {
  state: CalculationState<CalculatedCart>;
  retry: () => void;
  priceGroup: string;
}) {
  if (state.status === 'error') {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
        <p className="font-semibold">{state.message}</p>
        <Button severity="secondary" className="mt-2" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (state.status !== 'success') {
    return (
      <p role="status" className="text-sm text-neutral-600" data-testid="cart-calculating">
        Calculating…
      </p>
    );
  }
  const calculated = state.result;
  const totals = orderTotals(calculated, { priceGroup, shippingName: calculated.shippingMethod?.name ?? null });
  return (
    <div className="flex flex-col gap-3">
      {calculated.isBackorder ? (
        <div
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="cart-backorder"
        >
          Part of this order is on backorder: it ships when the goods are in stock.
        </div>
      ) : null}
      <EndedCampaignsNotice calculated={calculated} />
      <TotalsList totals={totals} totalExclVatTestId="cart-total" />
      <OrderTermsNotes calculated={calculated} />
      <p role="status" className="sr-only">
        Cart total {formatMoney(calculated.totalNetPrice, calculated.currencyCode)} excluding VAT
      </p>
    </div>
  );
}

/**
 * /cart (spec §2, §4 Cart): lines with picture, variant and link, their sub-lines, quantity change (above 0
 * updates, 0, less or empty deletes), delete, empty, backorder per line and for the cart, and the totals in the
 * order a reader adds them up (order-totals.ts). On a phone a line stacks: picture and name, then quantity and value.
 */
export function CartPage({
  cart,
  products,
  shipToCountryCode,
  priceGroup,
  favorites,
}: {
  cart: Cart;
  products: Record<string, CartLineProduct>;
  shipToCountryCode: string;
  priceGroup: string;
  /** The lines' hearts (issue 26 §1); null when the lists could not be read. */
  favorites: FavoriteMarks | null;
}) {
  const { state, retry } = useCartCalculation(cart, shipToCountryCode);
  const emptyFetcher = useFetcher<CartActionResult>({ key: CART_FETCHER_KEY });
  // every form of the page shares this fetcher: a server failure of any of them is the page's, with a retry
  useFetcherServerFailure(emptyFetcher, { scope: CART_FETCHER_KEY });
  const { groups } = groupCartLines(cart.lines);
  const calculatedLines = new Map(
    state.status === 'success' ? state.result.lines.map((line) => [line.id, line] as const) : [],
  );
  const currencyCode = cart.currencyCode;

  if (groups.length === 0) {
    return (
      <div>
        <h1 className="text-3xl font-bold">Cart</h1>
        <ActionFeedback result={emptyFetcher.data} />
        <p className="mt-6 text-neutral-700" data-testid="cart-empty">
          Your cart is empty.
        </p>
        <Link to="/search" className={buttonClassName('primary', 'mt-4')}>
          Find products
        </Link>
      </div>
    );
  }

  return (
    <div>
      <h1 className="text-3xl font-bold">Cart</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="cart-lines-heading">
          <h2 id="cart-lines-heading" className="sr-only">
            Lines
          </h2>
          <ActionFeedback result={emptyFetcher.data} />
          <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white">
            {groups.map(({ line, subLines }) => (
              <li key={line.id} className="p-4" data-testid="cart-line" aria-label={line.name}>
                <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between md:gap-4">
                  <CartLineProductInfo line={line} product={products[line.productKey.productId]}>
                    <BackorderNotice line={calculatedLines.get(line.id)} />
                    <LineExplainer
                      calculated={calculatedLines.get(line.id)}
                      quantity={line.quantity}
                      currencyCode={currencyCode}
                      maxLineQuantity={products[line.productKey.productId]?.maxLineQuantity ?? MAX_LINE_QUANTITY}
                    />
                  </CartLineProductInfo>
                  <div className="flex flex-wrap items-end justify-between gap-3 md:flex-nowrap md:justify-end">
                    <QuantityForm
                      line={line}
                      maxLineQuantity={products[line.productKey.productId]?.maxLineQuantity ?? MAX_LINE_QUANTITY}
                    />
                    <LineFigures calculated={calculatedLines.get(line.id)} currencyCode={currencyCode} />
                    <div className="flex items-center gap-1">
                      {favorites ? (
                        <FavoriteToggle
                          productKey={{
                            productId: line.productKey.productId,
                            variantId: line.productKey.variantId ?? null,
                            unitOfMeasure: line.productKey.unitOfMeasure || DEFAULT_UNIT_OF_MEASURE,
                          }}
                          name={line.name}
                          marks={favorites}
                        />
                      ) : null}
                      <DeleteLineForm line={line} />
                    </div>
                  </div>
                </div>
                {subLines.length > 0 ? (
                  <ul
                    className="mt-3 ml-6 flex flex-col gap-2 border-l border-neutral-200 pl-4"
                    aria-label={`Parts of ${line.name}`}
                  >
                    {subLines.map((subLine) => (
                      <li
                        key={subLine.id}
                        className="flex flex-wrap items-start justify-between gap-4 text-sm"
                        data-testid="cart-sub-line"
                      >
                        <div>
                          <p>{subLine.name}</p>
                          <ProductKeyText line={subLine} />
                          <BackorderNotice line={calculatedLines.get(subLine.id)} />
                        </div>
                        <p>Quantity {subLine.quantity}</p>
                        <LineFigures calculated={calculatedLines.get(subLine.id)} currencyCode={currencyCode} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          <emptyFetcher.Form method="post" action="/cart" className="mt-4">
            <input type="hidden" name="intent" value="empty" />
            {/* The version shown: a cart changed meanwhile is not emptied (ADR 035). */}
            <input type="hidden" name="version" value={cart.version} />
            <Button type="submit" severity="secondary" aria-disabled={emptyFetcher.state !== 'idle' || undefined}>
              Empty cart
            </Button>
          </emptyFetcher.Form>
        </section>
        <aside
          aria-labelledby="cart-summary-heading"
          className="flex flex-col gap-4 self-start rounded-lg border border-neutral-200 bg-white p-4"
        >
          <h2 id="cart-summary-heading" className="text-lg font-semibold">
            Summary
          </h2>
          <CalculationSummary state={state} retry={retry} priceGroup={priceGroup} />
          <Link to="/checkout" className={buttonClassName('cta-2', 'w-full')}>
            Go to checkout
          </Link>
        </aside>
      </div>
    </div>
  );
}
