import { describe, expect, it } from 'vitest';
import {
  arrivalDateToShow,
  getStockStatus,
  LOW_STOCK_THRESHOLD,
  STOCK_STATUS_LABELS,
  shopToday,
} from './stock-status.ts';

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

describe('arrivalDateToShow', () => {
  const today = '2026-11-23';

  it('promises a coming date to a product or variant short of stock', () => {
    expect(arrivalDateToShow(0, '2026-12-01', today)).toBe('2026-12-01');
    expect(arrivalDateToShow(3, '2027-01-15', today)).toBe('2027-01-15');
    expect(arrivalDateToShow(0, '2026-11-23', today)).toBe('2026-11-23');
  });

  it('never promises a date that has passed: that stock already came', () => {
    expect(arrivalDateToShow(0, '2026-11-22', today)).toBeNull();
    expect(arrivalDateToShow(3, '2024-03-01', today)).toBeNull();
  });

  it('shows no date in stock, without one, or for one it cannot read', () => {
    expect(arrivalDateToShow(50, '2026-12-01', today)).toBeNull();
    expect(arrivalDateToShow(0, null, today)).toBeNull();
    expect(arrivalDateToShow(0, 'soon', today)).toBeNull();
    expect(arrivalDateToShow(0, '2026-13-45', today)).toBeNull();
  });

  it("reads today in the shop's time zone (UTC): late evening in New York is already tomorrow", () => {
    expect(shopToday(new Date('2026-11-23T23:30:00-05:00'))).toBe('2026-11-24');
  });
});
