import { describe, expect, it } from 'vitest';
import { toAddToCartVariants } from './add-to-cart-variants.ts';

describe('variant choice', () => {
  it('labels variants by size, colour and stock', () => {
    expect(
      toAddToCartVariants([
        { id: 'A-1', size: 'M', colour: 'Black', stockLevel: 12 },
        { id: 'A-2', size: null, colour: null, stockLevel: 0 },
      ]),
    ).toEqual([
      { id: 'A-1', label: 'M · Black (12 in stock)', isInStock: true },
      { id: 'A-2', label: 'A-2 (out of stock)', isInStock: false },
    ]);
  });
});
