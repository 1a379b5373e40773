import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { describe, expect, it } from 'vitest';
import { parseQuantity } from './quantity.ts';

describe('parseQuantity', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['0', 0],
    ['-2', -2],
    [String(MAX_LINE_QUANTITY), MAX_LINE_QUANTITY],
  ])('reads %j as %j', (input, expected) => {
    expect(parseQuantity(input)).toBe(expected);
  });

  it.each(['', '1.5', '1e3', 'two', String(MAX_LINE_QUANTITY + 1), '99999999999999999999'])('rejects %j', (input) => {
    expect(parseQuantity(input)).toBeNull();
  });

  it('rejects a missing field', () => {
    expect(parseQuantity(null)).toBeNull();
  });
});
