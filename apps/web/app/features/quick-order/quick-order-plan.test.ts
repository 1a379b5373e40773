import { describe, expect, it } from 'vitest';
import { planQuickOrder, type ResolvedItem, readItemNumbers } from './quick-order.server.ts';

const HELMET_M_BLACK: ResolvedItem = {
  status: 'orderable',
  productId: '10001',
  variantId: '10001-02',
  unitOfMeasure: 'STK',
  name: 'Helmet, M Black',
  stockLevel: 12,
  newStockDate: null,
  maxLineQuantity: 200,
};

describe('planQuickOrder', () => {
  const resolved = new Map<string, ResolvedItem>([
    ['10001-02', HELMET_M_BLACK],
    ['10002', { status: 'needs-variant', name: 'Board', exampleVariantId: '10002-01' }],
    ['10003', { status: 'not-sold', message: 'Old board is no longer sold' }],
  ]);

  it('adds known items, names unknown ones, products that need a variant and those not sold, keeps the order of the rows', () => {
    const plan = planQuickOrder(
      [
        { itemNumber: '10001-02', quantity: '5' },
        { itemNumber: '99999', quantity: '2' },
        { itemNumber: '10002', quantity: '1' },
        { itemNumber: '10003', quantity: '1' },
      ],
      resolved,
    );
    expect(plan.lines).toEqual([
      {
        productId: '10001',
        variantId: '10001-02',
        unitOfMeasure: 'STK',
        quantity: 5,
        itemNumber: '10001-02',
        name: 'Helmet, M Black',
      },
    ]);
    expect(plan.outcomes).toEqual([
      { itemNumber: '10001-02', status: 'added', quantity: 5, name: 'Helmet, M Black' },
      { itemNumber: '99999', status: 'not-added', message: 'Unknown item number 99999' },
      {
        itemNumber: '10002',
        status: 'not-added',
        message: 'Board is sold in variants: enter a variant number, e.g. 10002-01',
      },
      { itemNumber: '10003', status: 'not-added', message: 'Old board is no longer sold' },
    ]);
  });

  it('sums rows of the same item into one line and refuses quantities above the product’s line limit', () => {
    const plan = planQuickOrder(
      [
        { itemNumber: '10001-02', quantity: '5' },
        { itemNumber: '10001-02', quantity: '7' },
        { itemNumber: '10001-02', quantity: '201' },
        { itemNumber: '10001-02', quantity: '189' },
        { itemNumber: '10001-02', quantity: 'ten' },
      ],
      resolved,
    );
    expect(plan.lines.map((line) => line.quantity)).toEqual([12]);
    expect(plan.outcomes.map((outcome) => (outcome.status === 'added' ? 'added' : outcome.message))).toEqual([
      'added',
      'added',
      'At most 200 per line',
      // 12 + 189 would pass the 200 of one line
      'At most 200 per line',
      'Enter a whole number',
    ]);
  });
});

describe('readItemNumbers', () => {
  it('reads the numbers of ?items= trimmed and once each', () => {
    expect(readItemNumbers(' 10001-02, 10003 ,,10001-02')).toEqual(['10001-02', '10003']);
    expect(readItemNumbers(null)).toEqual([]);
  });

  it('drops what is no item number and keeps at most one look-up of numbers', () => {
    expect(readItemNumbers(`${'9'.repeat(201)},10001`)).toEqual(['10001']);
    const many = Array.from({ length: 80 }, (_, index) => `A-${index}`).join(',');
    expect(readItemNumbers(many)).toHaveLength(50);
  });
});
