import { describe, expect, it } from 'vitest';
import { toDisplayCurrency } from './currency.ts';

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
