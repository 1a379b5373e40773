import { describe, expect, it } from 'vitest';
import { getStockStatus, LOW_STOCK_THRESHOLD, STOCK_STATUS_LABELS } from './stock-status.ts';

describe('getStockStatus', () => {
  it.each([
    [0, 'Out of stock'],
    [-3, 'Out of stock'],
    [Number.NaN, 'Out of stock'],
    [1, 'Low stock'],
    [LOW_STOCK_THRESHOLD - 1, 'Low stock'],
    [LOW_STOCK_THRESHOLD, 'In stock'],
    [5000, 'In stock'],
  ])('%s units → %s', (stockLevel, label) => {
    expect(STOCK_STATUS_LABELS[getStockStatus(stockLevel)]).toBe(label);
  });
});
