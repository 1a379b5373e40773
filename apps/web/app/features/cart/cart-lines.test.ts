import type { CartLine } from '@b2b/contract/cart';
import { describe, expect, it } from 'vitest';
import { countCartUnits, groupCartLines, isCartBackordered, isLineBackordered } from './cart-lines.ts';

function line(id: string, overrides: Partial<CartLine> = {}): CartLine {
  return {
    id,
    type: 'Product',
    parentId: null,
    productKey: { productId: id, variantId: null, unitOfMeasure: 'STK' },
    name: id,
    quantity: 1,
    netLinePrice: null,
    linePrice: null,
    ...overrides,
  };
}

describe('cart lines', () => {
  it('nests sub-lines under their parent and keeps generated lines apart', () => {
    const { groups, generated } = groupCartLines([
      line('a'),
      line('a1', { parentId: 'a' }),
      line('b'),
      line('freight', { type: 'Generated' }),
    ]);
    expect(groups.map((group) => [group.line.id, group.subLines.map((sub) => sub.id)])).toEqual([
      ['a', ['a1']],
      ['b', []],
    ]);
    expect(generated.map((charge) => charge.id)).toEqual(['freight']);
    // Units, not lines: the badge counts what was ordered; parts of a bundle and charges are not counted.
    expect(
      countCartUnits({
        lines: [
          line('a', { quantity: 3 }),
          line('b', { quantity: 2 }),
          line('a1', { parentId: 'a', quantity: 6 }),
          line('x', { type: 'Generated' }),
        ],
      }),
    ).toBe(5);
  });

  it('backorder: a line whose available quantity is below the ordered quantity (spec §4)', () => {
    expect(isLineBackordered({ quantity: 5, asgLineItemsAvailCust: 4 })).toBe(true);
    expect(isLineBackordered({ quantity: 5, asgLineItemsAvailCust: 5 })).toBe(false);
    expect(
      isCartBackordered([
        { quantity: 1, asgLineItemsAvailCust: 9 },
        { quantity: 3, asgLineItemsAvailCust: 0 },
      ]),
    ).toBe(true);
    expect(isCartBackordered([{ quantity: 1, asgLineItemsAvailCust: 9 }])).toBe(false);
  });
});
