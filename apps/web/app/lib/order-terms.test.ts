import { describe, expect, it } from 'vitest';
import { formatMoneyTerm, moneyTermAmount, type OrderTerms, UNKNOWN_AMOUNT_TEXT } from './order-terms.ts';

/** GetOrderTerms as the seed answers it for the EU area in NOK (XNOK). */
const NOK_TERMS: OrderTerms = {
  areaId: 'eu',
  currencyCode: 'XNOK',
  smallOrderSurcharge: { below: 1000, fee: 99 },
  freeFreightFrom: 5000,
  shippingMethods: [],
};
const nbsp = (text: string) => text.replace(/\s/g, ' ');

describe('money terms in content (issue 24)', () => {
  it('names each amount of the order terms', () => {
    expect(moneyTermAmount(NOK_TERMS, 'freeFreightFrom')).toBe(5000);
    expect(moneyTermAmount(NOK_TERMS, 'smallOrderSurchargeBelow')).toBe(1000);
    expect(moneyTermAmount(NOK_TERMS, 'smallOrderSurchargeFee')).toBe(99);
  });

  it("shows them in the viewer's display currency, as formatMoney does everywhere", () => {
    expect(nbsp(formatMoneyTerm(NOK_TERMS, 'freeFreightFrom'))).toBe('NOK 5,000.00');
    expect(nbsp(formatMoneyTerm(NOK_TERMS, 'smallOrderSurchargeFee'))).toBe('NOK 99.00');
    const eur = {
      ...NOK_TERMS,
      currencyCode: 'EUR',
      smallOrderSurcharge: { below: 100, fee: 9.95 },
      freeFreightFrom: 500,
    };
    expect(formatMoneyTerm(eur, 'smallOrderSurchargeBelow')).toBe('€100.00');
    expect(formatMoneyTerm({ ...eur, areaId: 'us', currencyCode: 'USD' }, 'freeFreightFrom')).toBe('US$500.00');
  });

  it('shows a dash, never another currency, when the terms are unknown or the currency has no such rule', () => {
    expect(formatMoneyTerm(null, 'freeFreightFrom')).toBe(UNKNOWN_AMOUNT_TEXT);
    const none = { ...NOK_TERMS, smallOrderSurcharge: null, freeFreightFrom: null };
    expect(moneyTermAmount(none, 'smallOrderSurchargeFee')).toBeNull();
    expect(formatMoneyTerm(none, 'smallOrderSurchargeBelow')).toBe(UNKNOWN_AMOUNT_TEXT);
    expect(formatMoneyTerm(none, 'freeFreightFrom')).toBe(UNKNOWN_AMOUNT_TEXT);
  });
});
