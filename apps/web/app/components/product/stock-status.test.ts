import { describe, expect, it } from 'vitest';
import { getStockStatus, LOW_STOCK_THRESHOLD, STOCK_STATUS_LABELS } from './stock-status.ts';

describe('getStockStatus', () => {
  // The shop's choice (the spec names no threshold): fewer than 10 units is "Low stock". Pinned as a number so that
  // moving the threshold is a visible decision here, not a silent change of the constant.
  it('puts the low-stock threshold at 10 units', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(10);
  });

  it.each([
    [0, 'Out of stock'],
    [-3, 'Out of stock'],
    [Number.NaN, 'Out of stock'],
    [Number.POSITIVE_INFINITY, 'Out of stock'],
    [1, 'Low stock'],
    [9, 'Low stock'],
    [9.5, 'Low stock'],
    [10, 'In stock'],
    [11, 'In stock'],
    [5000, 'In stock'],
  ])('%s units → %s', (stockLevel, label) => {
    expect(STOCK_STATUS_LABELS[getStockStatus(stockLevel)]).toBe(label);
  });
});
