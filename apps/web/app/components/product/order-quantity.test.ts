import { describe, expect, it } from 'vitest';
import { backorderNote, lineLimitNote, quantityNote, readTypedQuantity } from './order-quantity.ts';

describe('readTypedQuantity', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['0', { kind: 'empty' }],
    ['7', { kind: 'quantity', quantity: 7 }],
    [' 12 ', { kind: 'quantity', quantity: 12 }],
    ['100000', { kind: 'quantity', quantity: 100_000 }],
  ])('%j → %j', (text, expected) => {
    expect(readTypedQuantity(text)).toEqual(expected);
  });

  // the API refuses a line above the product's limit (ADR 019): the box says the limit before anything is sent
  it('refuses a quantity above the product’s line limit with the limit', () => {
    expect(readTypedQuantity('200', 200)).toEqual({ kind: 'quantity', quantity: 200 });
    expect(readTypedQuantity('201', 200)).toEqual({ kind: 'too-large', message: 'At most 200 per line' });
    expect(readTypedQuantity('1001', 1_000)).toEqual({ kind: 'too-large', message: 'At most 1,000 per line' });
    expect(lineLimitNote(1_000)).toBe('Up to 1,000 per line');
  });

  it('without a known limit refuses only what no request may carry (100,000)', () => {
    expect(readTypedQuantity('100001')).toEqual({ kind: 'too-large', message: 'At most 100,000 per line' });
    expect(readTypedQuantity('99999999999999999999')).toEqual({
      kind: 'too-large',
      message: 'At most 100,000 per line',
    });
  });

  it.each(['-3', '2.5', '1e3', 'ten', '5 5'])('%j is not a whole number', (text) => {
    expect(readTypedQuantity(text)).toEqual({ kind: 'invalid', message: 'Enter a whole number' });
  });
});

describe('backorderNote', () => {
  it('says how much is in stock and how much will be backordered', () => {
    expect(backorderNote(100, 60)).toBe('60 in stock, 40 will be backordered');
    expect(backorderNote(1500, 250)).toBe('250 in stock, 1,250 will be backordered');
  });

  it('says none is in stock for a variant that is out', () => {
    expect(backorderNote(4, 0)).toBe('None in stock, 4 will be backordered');
    expect(backorderNote(4, -2)).toBe('None in stock, 4 will be backordered');
  });

  it('says nothing when the stock covers the quantity', () => {
    expect(backorderNote(60, 60)).toBeNull();
    expect(backorderNote(1, 400)).toBeNull();
  });
});

describe('quantityNote', () => {
  it('names a refused quantity before the stock: the limit, or not a whole number', () => {
    expect(quantityNote(readTypedQuantity('201', 200), 60)).toEqual({ kind: 'error', text: 'At most 200 per line' });
    expect(quantityNote(readTypedQuantity('2.5'), null)).toEqual({ kind: 'error', text: 'Enter a whole number' });
  });

  it('says what will be backordered once the stock is known, nothing when it covers the quantity', () => {
    expect(quantityNote(readTypedQuantity('100'), 60)).toEqual({
      kind: 'backorder',
      text: '60 in stock, 40 will be backordered',
    });
    expect(quantityNote(readTypedQuantity('100'), null)).toBeNull();
    expect(quantityNote(readTypedQuantity('60'), 60)).toBeNull();
    expect(quantityNote(readTypedQuantity(''), 0)).toBeNull();
  });
});
