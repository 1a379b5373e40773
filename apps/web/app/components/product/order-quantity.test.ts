import { describe, expect, it } from 'vitest';
import { backorderNote, quantityNote, readTypedQuantity } from './order-quantity.ts';

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

  // the API refuses lines above 100,000 units (MAX_LINE_QUANTITY): the box says the limit before anything is sent
  it('refuses absurd quantities with the limit', () => {
    expect(readTypedQuantity('100001')).toEqual({ kind: 'too-large', message: 'At most 100,000' });
    expect(readTypedQuantity('99999999999999999999')).toEqual({ kind: 'too-large', message: 'At most 100,000' });
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
    expect(quantityNote(readTypedQuantity('100001'), 60)).toEqual({ kind: 'error', text: 'At most 100,000' });
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
