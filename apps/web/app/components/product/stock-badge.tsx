import { cn } from '~/lib/cn.ts';
import { formatDate } from '~/lib/format.ts';
import { arrivalDateToShow, getStockStatus, STOCK_STATUS_LABELS, type StockStatus } from './stock-status.ts';

const DOT_CLASSES: Record<StockStatus, string> = {
  'in-stock': 'bg-green-600',
  'low-stock': 'bg-amber-500',
  'out-of-stock': 'bg-red-600',
};

/**
 * "In stock" / "Low stock" / "Out of stock", with the quantity when asked for and the arrival date when one is to be
 * promised (arrivalDateToShow: short of stock and not in the past). Colour is never the only cue. Every place that
 * shows stock (cards, product page, matrix, quick order) draws this badge, so the rules hold everywhere.
 */
export function StockBadge({
  stockLevel,
  newStockDate,
  showQuantity = false,
}: {
  stockLevel: number;
  /** The product's or variant's new-stock date (yyyy-mm-dd); left out where no date is known. */
  newStockDate?: string | null | undefined;
  showQuantity?: boolean;
}) {
  const status = getStockStatus(stockLevel);
  const arrival = arrivalDateToShow(stockLevel, newStockDate);
  return (
    <span className="stock-badge" data-testid="stock-status" data-stock-status={status}>
      <span aria-hidden="true" className={cn('stock-dot', DOT_CLASSES[status])} />
      {STOCK_STATUS_LABELS[status]}
      {showQuantity && stockLevel > 0 ? <span className="text-neutral-600">({stockLevel})</span> : null}
      {arrival ? (
        <span className="text-xs text-neutral-600" data-testid="stock-arrival">
          · Arrival <time dateTime={arrival}>{formatDate(arrival)}</time>
        </span>
      ) : null}
    </span>
  );
}
