import { DEFAULT_MAX_LINE_QUANTITY } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import {
  checkCredit,
  confirmAboveOf,
  FIRST_ORDER_SHARE_OF_LINE_LIMIT,
  isWithinLineLimit,
  lineLimitMessage,
  lineLimitOf,
  reorderLineLimitMessage,
  UNUSUAL_QUANTITY_FACTOR,
} from './buying-limits.ts';

describe('line limit', () => {
  it('is the product’s own, else 1,000 units', () => {
    expect(DEFAULT_MAX_LINE_QUANTITY).toBe(1_000);
    expect(lineLimitOf(null)).toBe(1_000);
    expect(lineLimitOf(200)).toBe(200);
    expect(lineLimitOf(5_000_000)).toBe(100_000);
  });

  it('refuses growing beyond the limit, allows shrinking a line that is above it already', () => {
    expect(isWithinLineLimit({ before: 0, after: 200, limit: 200 })).toBe(true);
    expect(isWithinLineLimit({ before: 0, after: 201, limit: 200 })).toBe(false);
    expect(isWithinLineLimit({ before: 150, after: 201, limit: 200 })).toBe(false);
    expect(isWithinLineLimit({ before: 300, after: 250, limit: 200 })).toBe(true);
    expect(isWithinLineLimit({ before: 300, after: 300, limit: 200 })).toBe(true);
  });

  it('says the limit, the item and what is left when the cart holds some', () => {
    expect(lineLimitMessage({ limit: 200, itemNumber: '10001-03', name: 'Helmet Pro', inCart: 0 })).toBe(
      'must be at most 200 for 10001-03 (Helmet Pro)',
    );
    expect(lineLimitMessage({ limit: 1_000, itemNumber: '10001-03', name: 'Wax', inCart: 950 })).toBe(
      'must be at most 1,000 for 10001-03 (Wax): the cart holds 950 already, so at most 50 more can be added',
    );
    expect(reorderLineLimitMessage({ limit: 200, inCart: 0 })).toBe('At most 200 of this fit on one order line.');
    expect(reorderLineLimitMessage({ limit: 200, inCart: 150 })).toBe(
      'At most 200 of this fit on one order line; your cart holds 150 already.',
    );
  });
});

describe('far above the usual quantity', () => {
  it('is above 5 × the usual (median) line quantity, but never below the largest ordered', () => {
    expect(UNUSUAL_QUANTITY_FACTOR).toBe(5);
    expect(confirmAboveOf({ usualQuantity: 6, largestQuantity: 12, lineLimit: 500 })).toBe(30);
    expect(confirmAboveOf({ usualQuantity: 6, largestQuantity: 48, lineLimit: 500 })).toBe(48);
  });

  it('without any order is above a tenth of the line limit', () => {
    expect(FIRST_ORDER_SHARE_OF_LINE_LIMIT).toBe(0.1);
    expect(confirmAboveOf({ usualQuantity: null, largestQuantity: null, lineLimit: 200 })).toBe(20);
    expect(confirmAboveOf({ usualQuantity: null, largestQuantity: null, lineLimit: 5 })).toBe(1);
  });

  it('is never above the line limit', () => {
    expect(confirmAboveOf({ usualQuantity: 40, largestQuantity: 90, lineLimit: 100 })).toBe(100);
  });
});

describe('credit limit', () => {
  it('allows an order up to exactly what is available, refuses one cent more', () => {
    const owed = { creditLimitMinor: 5_000_000, openBalanceMinor: 3_000_000, uninvoicedMinor: 1_000_000 };
    expect(checkCredit({ ...owed, orderTotalMinor: 1_000_000 })).toEqual({
      availableMinor: 1_000_000,
      isWithinLimit: true,
    });
    expect(checkCredit({ ...owed, orderTotalMinor: 1_000_001 })).toEqual({
      availableMinor: 1_000_000,
      isWithinLimit: false,
    });
  });

  it('shows nothing available, never less, when the customer owes more than the limit already', () => {
    expect(
      checkCredit({ creditLimitMinor: 100, openBalanceMinor: 150, uninvoicedMinor: 0, orderTotalMinor: 1 }),
    ).toEqual({ availableMinor: 0, isWithinLimit: false });
  });

  it('has no limit when the customer has none', () => {
    expect(
      checkCredit({ creditLimitMinor: null, openBalanceMinor: 9e12, uninvoicedMinor: 0, orderTotalMinor: 9e12 }),
    ).toEqual({ availableMinor: null, isWithinLimit: true });
  });
});
