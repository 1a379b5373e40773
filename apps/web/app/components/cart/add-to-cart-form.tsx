import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import type { CartActionResult } from '~/lib/cart-action-result.ts';
import { formatMoney } from '~/lib/format.ts';
import type { PriceView } from '~/lib/prices/price-view.ts';
import { usePrice } from '~/lib/prices/use-price.ts';
import { useTrackingEvents } from '~/lib/tracking/use-tracking-events.ts';
import { CONFIRMED_QUANTITIES_FIELD, type UnusualQuantity } from '~/lib/unusual-quantities.ts';
import { useSession } from '~/lib/use-session.ts';
import { UnusualQuantityDialog } from './unusual-quantity-dialog.tsx';

export type AddToCartVariant = { id: string; label: string; isInStock: boolean };

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
  if (entry?.status !== 'success' || !entry.price) return null;
  const isListed =
    listedPrice?.netPrice === entry.price.netPrice && listedPrice.currencyCode === entry.price.currencyCode;
  if (isListed) return null;
  return (
    <p className="text-xs text-neutral-600" data-testid="variant-choice-price">
      {formatMoney(entry.price.netPrice, entry.price.currencyCode)} excl. VAT
    </p>
  );
}

/**
 * Add to cart (logged-in users): variant choice, quantity, submit to the cart's action (/cart, intent add) without
 * leaving the page. The result is announced; tracking events are pushed to the data layer. A quantity far above what
 * the customer usually orders is asked about first and sent again once confirmed (ADR 019).
 */
export function AddToCartForm({
  productId,
  productName,
  unitOfMeasure,
  variants,
  listedPrice,
  compact = false,
}: {
  productId: string;
  productName: string;
  unitOfMeasure: string;
  variants: AddToCartVariant[];
  /** The price shown beside the form: a variant of the same price is not priced again under the choice. */
  listedPrice?: PriceView | null | undefined;
  compact?: boolean;
}) {
  const session = useSession();
  const fetcher = useFetcher<CartActionResult>();
  const id = useId();
  // preselect the first variant in stock; the others stay orderable (backorder)
  const [variantId, setVariantId] = useState((variants.find((variant) => variant.isInStock) ?? variants[0])?.id ?? '');
  useTrackingEvents(fetcher.data?.ok ? fetcher.data : null);
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
  return (
    <fetcher.Form ref={formRef} method="post" action="/cart" className="flex flex-col gap-2" data-testid="add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="unitOfMeasure" value={unitOfMeasure} />
      {variants.length > 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-variant`} className="text-xs font-medium text-neutral-700">
            Variant<span className="sr-only"> of {productName}</span>
          </label>
          <select
            id={`${id}-variant`}
            name="variantId"
            value={variantId}
            onChange={(event) => setVariantId(event.currentTarget.value)}
            className="rounded-md border border-neutral-300 bg-white px-2 py-1.5 text-sm"
          >
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.label}
              </option>
            ))}
          </select>
          {variantId ? <VariantPrice productId={productId} variantId={variantId} listedPrice={listedPrice} /> : null}
        </div>
      ) : null}
      {/* the button takes a line of its own where the card is too narrow for both (two cards a row on a phone) */}
      <div className={`flex flex-wrap items-end gap-2 ${compact ? '' : 'max-w-sm'}`}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-quantity`} className="text-xs font-medium text-neutral-700">
            Quantity<span className="sr-only"> of {productName}</span>
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
            className="w-20 rounded-md border border-neutral-300 px-2 py-1.5 text-sm"
          />
        </div>
        <Button type="submit" className="flex-1 basis-28 whitespace-nowrap" aria-disabled={isBusy || undefined}>
          Add to cart<span className="sr-only">: {productName}</span>
        </Button>
      </div>
      {result && !result.ok ? <Alert>{result.error}</Alert> : null}
      <p role="status" className="text-xs text-emerald-800" data-testid="add-to-cart-status">
        {isBusy ? 'Adding…' : result?.ok ? result.message : ''}
      </p>
      <UnusualQuantityDialog items={unusualQuantities} onConfirm={confirmUnusual} onCancel={cancelUnusual} />
    </fetcher.Form>
  );
}
