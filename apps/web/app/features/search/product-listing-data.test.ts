import { describe, expect, it } from 'vitest';
import { facetOptionLabel, toFacetOptionView } from './product-listing-data.ts';

describe('toFacetOptionView', () => {
  it('keeps a label only where it is not the value, and isSelected only when selected', () => {
    const colour = toFacetOptionView({ value: 'Red', label: 'Red', count: 12, isSelected: false });
    expect(colour).toEqual({ value: 'Red', count: 12 });
    expect(facetOptionLabel(colour)).toBe('Red');
    const brand = toFacetOptionView({ value: 'gravel-and-grit', label: 'Gravel & Grit', count: 3, isSelected: true });
    expect(brand).toEqual({ value: 'gravel-and-grit', label: 'Gravel & Grit', count: 3, isSelected: true });
    expect(facetOptionLabel(brand)).toBe('Gravel & Grit');
  });
});
