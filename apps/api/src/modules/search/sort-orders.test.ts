import { describe, expect, it } from 'vitest';
import { toSortKey } from './sort-orders.ts';

describe('toSortKey', () => {
  it.each([
    ['Deck 9', 'deck 10'],
    ['apple', 'Banana'],
    ['Åre jacket', 'Bergen hoodie'],
    ['100', '100-01'],
    ['99', '100'],
    ['7.75"', '8.0"'],
  ])('%j sorts before %j', (first, second) => {
    expect(toSortKey(first) < toSortKey(second)).toBe(true);
  });

  it('makes case and accents equal', () => {
    expect(toSortKey('Éclair Deck')).toBe(toSortKey('eclair deck'));
  });
});
