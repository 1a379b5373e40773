import { getStockStatus, STOCK_STATUS_LABELS, type StockStatus } from './stock-status.ts';

const DOT_CLASSES: Record<StockStatus, string> = {
  'in-stock': 'bg-green-600',
  'low-stock': 'bg-amber-500',
  'out-of-stock': 'bg-red-600',
};

/** "In stock" / "Low stock" / "Out of stock", with the quantity when asked for. Colour is never the only cue. */
export function StockBadge({ stockLevel, showQuantity = false }: { stockLevel: number; showQuantity?: boolean }) {
  const status = getStockStatus(stockLevel);
  return (
    <span className="inline-flex items-center gap-1.5 text-sm" data-testid="stock-status" data-stock-status={status}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${DOT_CLASSES[status]}`} />
      {STOCK_STATUS_LABELS[status]}
      {showQuantity && stockLevel > 0 ? <span className="text-neutral-600">({stockLevel})</span> : null}
    </span>
  );
}
