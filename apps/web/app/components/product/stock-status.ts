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
