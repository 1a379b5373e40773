import { describe, expect, it } from 'vitest';
import { formatMoney, toDisplayCurrency } from './currency.ts';

describe('toDisplayCurrency (spec §1)', () => {
  it.each([
    ['USD', 'USD'],
    ['USN', 'USD'],
    ['USS', 'USD'],
    ['usd', 'USD'],
    ['XNOK', 'NOK'],
    ['EUR', 'EUR'],
    ['NOK', 'NOK'],
    ['DKK', 'DKK'],
  ])('%s → %s', (code, expected) => {
    expect(toDisplayCurrency(code)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('formats in en-GB with the display currency', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'USN')).toBe('US$1,234.50');
    expect(formatMoney(99, 'XNOK').replace(/\s/g, ' ')).toBe('NOK 99.00'); // Intl puts a no-break space here
    expect(formatMoney(0, 'USD')).toBe('US$0.00');
  });

  it('does not throw for a code Intl does not know', () => {
    expect(formatMoney(5, 'ZZZZ')).toBe('ZZZZ 5.00');
  });
});
