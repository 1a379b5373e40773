import { describe, expect, it } from 'vitest';
import { toAddToCartVariants, variantChoiceNoun } from './add-to-cart-variants.ts';

describe('variant choice', () => {
  it('names variants by size and colour, out of stock ones saying so, without stock counts', () => {
    expect(
      toAddToCartVariants([
        { id: 'A-1', size: 'M', colour: 'Black', stockLevel: 12 },
        { id: 'A-2', size: 'L', colour: 'Red', stockLevel: 0 },
      ]),
    ).toEqual([
      { id: 'A-1', label: 'M · Black', colour: 'Black', stockLevel: 12 },
      { id: 'A-2', label: 'L · Red (out of stock)', colour: 'Red', stockLevel: 0 },
    ]);
  });

  it('leaves out what every variant shares, and falls back to the item number', () => {
    const sizesOnly = [
      { id: 'W-1', size: 'S', colour: 'Black', stockLevel: 3 },
      { id: 'W-2', size: 'M', colour: 'Black', stockLevel: 3 },
    ];
    expect(toAddToCartVariants(sizesOnly).map((variant) => variant.label)).toEqual(['S', 'M']);
    const coloursOnly = [
      { id: 'G-1', size: null, colour: 'White', stockLevel: 3 },
      { id: 'G-2', size: null, colour: 'Blue', stockLevel: 3 },
    ];
    expect(toAddToCartVariants(coloursOnly).map((variant) => variant.label)).toEqual(['White', 'Blue']);
    expect(toAddToCartVariants([{ id: 'C-1', size: 'M', colour: 'Red', stockLevel: 1 }])[0]?.label).toBe('M · Red');
    expect(toAddToCartVariants([{ id: 'X-1', size: null, colour: null, stockLevel: 1 }])[0]?.label).toBe('X-1');
  });

  it('asks for what the variants differ in', () => {
    const variant = (size: string | null, colour: string | null) => ({ id: 'V', size, colour, stockLevel: 1 });
    expect(variantChoiceNoun([variant('S', 'Red'), variant('M', 'Yellow')])).toBe('size/colour');
    expect(variantChoiceNoun([variant('S', 'Black'), variant('M', 'Black')])).toBe('size');
    expect(variantChoiceNoun([variant(null, 'White'), variant(null, 'Blue')])).toBe('colour');
    expect(variantChoiceNoun([variant(null, null), variant(null, null)])).toBe('variant');
  });
});
