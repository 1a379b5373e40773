import { describe, expect, it } from 'vitest';
import { parseQuantity, type QuantityCell, quantityTextOf } from './quantity-parser.ts';

const text = (value: string): QuantityCell => ({ kind: 'text', value });
const number = (value: number): QuantityCell => ({ kind: 'number', value });

describe('parseQuantity', () => {
  it.each([
    [number(5), 5],
    [number(0), 0],
    [number(100_000), 100_000],
    [text('12'), 12],
    [text(' +12 '), 12],
    [text('12.0'), 12],
    [text('12,00'), 12],
    [text('1 200'), 1200],
    [text('0'), 0],
    [text('-0'), 0],
  ])('%j → %i', (cell, quantity) => {
    expect(parseQuantity(cell)).toEqual({ kind: 'quantity', quantity });
  });

  it.each([
    [text('ten'), 'text'],
    [text('5 pcs'), 'text'],
    [text('1e3'), 'text'],
    [number(Number.NaN), 'text'],
    [number(Number.POSITIVE_INFINITY), 'text'],
    [text('-3'), 'negative'],
    [number(-1), 'negative'],
    [text('-2.5'), 'negative'],
    [text('2.5'), 'decimal'],
    [text('2,5'), 'decimal'],
    [number(2.5), 'decimal'],
    [{ kind: 'formula', formula: 'A1*2' } as QuantityCell, 'formula'],
    [text('=SUM(B2:B3)'), 'formula'],
    [text(' =1+1'), 'formula'],
  ])('%j → invalid (%s)', (cell, reason) => {
    expect(parseQuantity(cell)).toEqual({ kind: 'invalid', reason });
  });

  it('reads a blank cell as empty, never as 0', () => {
    expect(parseQuantity({ kind: 'empty' })).toEqual({ kind: 'empty' });
    expect(parseQuantity(text('   '))).toEqual({ kind: 'empty' });
  });
});

describe('quantityTextOf', () => {
  it('shows a formula with its "=", numbers and text as read', () => {
    expect(quantityTextOf({ kind: 'formula', formula: 'A1*2' })).toBe('=A1*2');
    expect(quantityTextOf({ kind: 'formula', formula: '=A1*2' })).toBe('=A1*2');
    expect(quantityTextOf(number(3))).toBe('3');
    expect(quantityTextOf(text(' ten '))).toBe('ten');
    expect(quantityTextOf({ kind: 'empty' })).toBe('');
  });
});
