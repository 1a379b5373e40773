import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { LocalError } from '~/components/errors/error-displays.tsx';
import { StockBadge } from '~/components/product/stock-badge.tsx';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import type { CartActionResult } from '~/lib/cart-action-result.ts';
import { cn } from '~/lib/cn.ts';
import { useFetcherServerFailure } from '~/lib/errors/use-server-failure.ts';
import { useCartUpdatedEvent } from '~/lib/events/use-cart-updated-event.ts';
import { formatMoney } from '~/lib/format.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';
import { usePrice } from '~/lib/prices/use-price.ts';
import { useTrackingEvents } from '~/lib/tracking/use-tracking-events.ts';
import { CONFIRMED_QUANTITIES_FIELD, type UnusualQuantity } from '~/lib/unusual-quantities.ts';
import { useSession } from '~/lib/use-session.ts';
import { LazyUnusualQuantityDialog } from './lazy-unusual-quantity-dialog.tsx';

export type AddToCartVariant = { id: string; label: string; colour: string | null; stockLevel: number };

/** The chosen variant's price, unless it is the price the card already shows (`listedPrice`). */
function VariantPrice({
  productId,
  variantId,
  listedPrice,
}: {
  productId: string;
  variantId: string;
  listedPrice: PriceView | null | undefined;
}) {
  const session = useSession();
  const entry = usePrice({ productId, variantId, currencyCode: session.area.currencyCode });
  if (entry?.status !== 'success' || !entry.value) return null;
  const isListed =
    listedPrice?.netPrice === entry.value.netPrice && listedPrice.currencyCode === entry.value.currencyCode;
  if (isListed) return null;
  return (
    <p className="text-xs text-neutral-600" data-testid="variant-choice-price">
      {formatMoney(entry.value.netPrice, entry.value.currencyCode)} excl. VAT
    </p>
  );
}

/**
 * Add to cart (logged-in users): variant choice, quantity, submit to the cart's action (/cart, intent add) without
 * leaving the page. The result is announced; tracking events are pushed to the data layer. The choice is the caller's
 * (`variantId`, `onVariantChange`: a card shows the chosen colour's picture) and starts empty unless there is only one
 * variant: the buyer chooses a colour, none is chosen for them (issue 24). Adding without one asks for it under the
 * select and moves focus there; without JavaScript the browser asks (the select is required).
 * A quantity far above what the customer usually orders is asked about first and sent again once confirmed (ADR 019).
 */
export function AddToCartForm({
  productId,
  productName,
  unitOfMeasure,
  variants,
  choiceNoun,
  variantId,
  onVariantChange,
  listedPrice,
  compact = false,
}: {
  productId: string;
  productName: string;
  unitOfMeasure: string;
  variants: AddToCartVariant[];
  /** What the buyer chooses ("size/colour", "size", "colour"), named by the message when none is chosen. */
  choiceNoun: string;
  /** The chosen variant's id; '' while none is chosen. */
  variantId: string;
  onVariantChange: (variantId: string) => void;
  /** The price shown beside the form: a variant of the same price is not priced again under the choice. */
  listedPrice?: PriceView | null | undefined;
  compact?: boolean;
}) {
  const session = useSession();
  const fetcher = useFetcher<CartActionResult>();
  const id = useId();
  const [isChoiceMissing, setIsChoiceMissing] = useState(false);
  useTrackingEvents(fetcher.data?.ok ? fetcher.data : null);
  useCartUpdatedEvent(fetcher.data);
  useFetcherServerFailure(fetcher, { scope: `${id}-add-to-cart` });
  const formRef = useRef<HTMLFormElement>(null);
  const [unusualQuantities, setUnusualQuantities] = useState<UnusualQuantity[] | null>(null);
  const handledKey = useRef<string | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handledKey.current === result.key) return;
    handledKey.current = result.key;
    if (!result.ok && result.unusualQuantities?.length) {
      // named as the card names it: the product and the chosen variant without its stock ("M · Black")
      const variant = variants.find((candidate) => candidate.id === variantId)?.label.replace(/ \(.*\)$/, '');
      const name = variant ? `${productName}, ${variant}` : productName;
      setUnusualQuantities(result.unusualQuantities.map((item) => ({ ...item, name })));
    }
  }, [fetcher.data, variants, variantId, productName]);
  if (!session.actsForCustomer) return null;
  const confirmUnusual = () => {
    setUnusualQuantities(null);
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    form.set(CONFIRMED_QUANTITIES_FIELD, 'true');
    fetcher.submit(form, { method: 'post', action: '/cart' });
  };
  const cancelUnusual = () => {
    setUnusualQuantities(null);
    const quantity = formRef.current?.querySelector<HTMLInputElement>('input[name="quantity"]');
    quantity?.focus();
    quantity?.select();
  };
  const isBusy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const chosen = variants.find((variant) => variant.id === variantId);
  return (
    <fetcher.Form ref={formRef} method="post" action="/cart" className="flex flex-col gap-2" data-testid="add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="unitOfMeasure" value={unitOfMeasure} />
      {variants.length > 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-variant`} className="label-sm">
            Variant<span className="sr-only">{` of ${productName}`}</span>
          </label>
          <select
            id={`${id}-variant`}
            name="variantId"
            value={variantId}
            required
            onChange={(event) => {
              setIsChoiceMissing(false);
              onVariantChange(event.currentTarget.value);
            }}
            onInvalid={(event) => {
              // the message below says it instead of the browser's bubble
              event.preventDefault();
              setIsChoiceMissing(true);
              event.currentTarget.focus();
            }}
            aria-invalid={isChoiceMissing || undefined}
            aria-describedby={isChoiceMissing ? `${id}-variant-missing` : undefined}
            // a long name is cut with an ellipsis; the title and the open list show it whole
            title={chosen?.label}
            className="field-sm w-full min-w-0 truncate"
          >
            {/* short, so it fits a phone's narrow card; the missing choice's message names what to choose */}
            {variants.length > 1 ? <option value="">Choose…</option> : null}
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.label}
              </option>
            ))}
          </select>
          {/* one line kept for what the choice says, so choosing does not move the cards beside this one */}
          <div className="min-h-5">
            {isChoiceMissing ? (
              <p id={`${id}-variant-missing`} className="text-xs text-red-700" data-testid="variant-choice-missing">
                Choose a {choiceNoun} first.
              </p>
            ) : chosen ? (
              <span data-testid="variant-choice-stock">
                <StockBadge stockLevel={chosen.stockLevel} showQuantity />
              </span>
            ) : null}
          </div>
          {variantId ? <VariantPrice productId={productId} variantId={variantId} listedPrice={listedPrice} /> : null}
        </div>
      ) : null}
      {/* the button takes a line of its own where the card is too narrow for both (two cards a row on a phone) */}
      <div className={cn('flex flex-wrap items-end gap-2', !compact && 'max-w-sm')}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-quantity`} className="label-sm">
            Quantity<span className="sr-only">{` of ${productName}`}</span>
          </label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LINE_QUANTITY}
            step={1}
            defaultValue={1}
            required
            className="field-sm w-20"
          />
        </div>
        <Button
          type="submit"
          severity="cta-1"
          className="flex-1 basis-28 whitespace-nowrap"
          aria-disabled={isBusy || undefined}
        >
          Add to cart<span className="sr-only">{`: ${productName}`}</span>
        </Button>
      </div>
      {result && !result.ok && !result.serverError ? <Alert>{result.error}</Alert> : null}
      <LocalError scope={`${id}-add-to-cart`} />
      <p role="status" className="text-xs text-emerald-800" data-testid="add-to-cart-status">
        {isBusy ? 'Adding…' : result?.ok ? result.message : ''}
      </p>
      <LazyUnusualQuantityDialog items={unusualQuantities} onConfirm={confirmUnusual} onCancel={cancelUnusual} />
    </fetcher.Form>
  );
}
