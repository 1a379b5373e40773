import { describe, expect, it } from 'vitest';
import { describeProduct, formatAmount } from './impersonation-actions.ts';

describe('the words of an impersonation action', () => {
  it('names a product by its variant number, else its product number, and its name', () => {
    expect(describeProduct({ productId: '100078', variantId: '100078-S-NAVY', name: 'Harbor Frame' })).toBe(
      '100078-S-NAVY (Harbor Frame)',
    );
    expect(describeProduct({ productId: '100078', variantId: null, name: 'Harbor Frame' })).toBe(
      '100078 (Harbor Frame)',
    );
  });

  it('writes amounts with the currency first and thousands separated (XNOK shown as NOK)', () => {
    expect(formatAmount(123_450, 'EUR')).toBe('EUR 1,234.50');
    expect(formatAmount(5, 'USD')).toBe('USD 0.05');
    expect(formatAmount(1_000_000_00, 'XNOK')).toBe('NOK 1,000,000.00');
  });
});
