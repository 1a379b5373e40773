/**
 * Stock status shown on product cards and the product page. The spec names no threshold; below
 * LOW_STOCK_THRESHOLD units a product counts as "Low stock" (a shop-wide choice, easy to move to area settings).
 */
export const LOW_STOCK_THRESHOLD = 10;

export type StockStatus = 'in-stock' | 'low-stock' | 'out-of-stock';

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  'in-stock': 'In stock',
  'low-stock': 'Low stock',
  'out-of-stock': 'Out of stock',
};

export function getStockStatus(stockLevel: number): StockStatus {
  if (!Number.isFinite(stockLevel) || stockLevel <= 0) return 'out-of-stock';
  return stockLevel < LOW_STOCK_THRESHOLD ? 'low-stock' : 'in-stock';
}

/**
 * Today in the shop's time zone, as yyyy-mm-dd. The shop keeps its calendar in UTC (lib/format.ts shows record dates
 * in UTC, so server render and hydration agree), and new-stock dates are plain days of that calendar.
 */
export function shopToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The arrival date to promise beside a stock status, or null: only a product or variant that is short (low or out of
 * stock) gets one, and only a new-stock date from today on. A past date records stock that already came (the catalogue
 * keeps it), so promising it would send the buyer waiting for a delivery that is not coming.
 */
export function arrivalDateToShow(
  stockLevel: number,
  newStockDate: string | null | undefined,
  today: string = shopToday(),
): string | null {
  if (!newStockDate || getStockStatus(stockLevel) === 'in-stock') return null;
  const day = newStockDate.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) return null;
  // yyyy-mm-dd strings compare in calendar order
  return day >= today ? day : null;
}
