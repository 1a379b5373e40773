import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { describe, expect, it } from 'vitest';
import { parseLineQuantity, parseQuantity } from './quantity.ts';

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

describe('parseLineQuantity (spec §5: 0 or less, or invalid, deletes the line)', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['abc', 0],
    ['1.5', 0],
    ['1e3', 0],
    ['0', 0],
    ['-3', 0],
    ['-99999999999', 0],
  ])('%j deletes the line', (value, expected) => {
    expect(parseLineQuantity(value)).toBe(expected);
  });
  it('keeps a whole number from 1 to the limit and refuses one above it', () => {
    expect(parseLineQuantity(' 7 ')).toBe(7);
    expect(parseLineQuantity(String(MAX_LINE_QUANTITY))).toBe(MAX_LINE_QUANTITY);
    expect(parseLineQuantity(String(MAX_LINE_QUANTITY + 1))).toBeNull();
    expect(parseLineQuantity(null)).toBe(0);
  });
});
