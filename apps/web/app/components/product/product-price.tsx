import { formatMoney } from '~/lib/format.ts';
import { hasHigherBeforePrice, type PriceView } from '~/lib/prices/price-view.ts';

/**
 * A net unit price excluding VAT (spec §1), with the earlier price struck through when it was higher.
 * `data-testid="price"` marks the amount itself (end-to-end tests read it); pass another test id where a page
 * shows more than one kind of price.
 */
export function ProductPrice({
  price,
  size = 'md',
  testId = 'price',
}: {
  price: PriceView;
  size?: 'md' | 'lg';
  testId?: string;
}) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span data-testid={testId} className={size === 'lg' ? 'text-2xl font-semibold' : 'font-semibold'}>
        {formatMoney(price.netPrice, price.currencyCode)}
      </span>
      <span className="text-xs text-neutral-600">excl. VAT</span>
      {hasHigherBeforePrice(price) ? (
        <span className="text-sm text-neutral-600">
          <span className="sr-only">Before price: </span>
          <s data-testid="before-price">{formatMoney(price.beforePrice, price.currencyCode)}</s>
        </span>
      ) : null}
    </p>
  );
}
