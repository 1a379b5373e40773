import { describe, expect, it } from 'vitest';
import { isOrderLinesPaste, parseOrderLine, parseOrderLines } from './order-lines.ts';

describe('parseOrderLines', () => {
  it('reads "item; quantity" lines, tab- and comma-separated ones too, in the pasted order', () => {
    expect(parseOrderLines('10001-01; 5\n10002-02\t12\r\n10003-03, 7')).toEqual([
      { itemNumber: '10001-01', quantity: '5' },
      { itemNumber: '10002-02', quantity: '12' },
      { itemNumber: '10003-03', quantity: '7' },
    ]);
  });

  it('skips blank lines and orders one unit when a line has no quantity', () => {
    expect(parseOrderLines('\n10001-01\n\n  10002-02;  \n')).toEqual([
      { itemNumber: '10001-01', quantity: '1' },
      { itemNumber: '10002-02', quantity: '1' },
    ]);
  });

  it('accepts a space between item number and quantity', () => {
    expect(parseOrderLine('10001-01 12')).toEqual({ itemNumber: '10001-01', quantity: '12' });
  });

  it('keeps a quantity that is not a number as typed, so its row can say so', () => {
    expect(parseOrderLine('10001-01; ten')).toEqual({ itemNumber: '10001-01', quantity: 'ten' });
    expect(parseOrderLine('10001-01; 5; 6')).toEqual({ itemNumber: '10001-01', quantity: '5; 6' });
  });

  it('reads an empty text as no lines', () => {
    expect(parseOrderLines('')).toEqual([]);
    expect(parseOrderLine('   ')).toBeNull();
  });
});

describe('isOrderLinesPaste', () => {
  it.each([
    ['10001-01', false],
    ['  10001-01  ', false],
    ['10001-01\n10002-02', true],
    ['10001-01; 5', true],
    ['10001-01\t5', true],
    ['10001-01, 5', true],
    ['10001-01\n\n', false],
  ])('%j → %s', (text, expected) => {
    expect(isOrderLinesPaste(text)).toBe(expected);
  });
});
