import { describe, expect, it } from 'vitest';
import { calculatePrice, minorToMajor, toMoney, vatAmountMinor } from './price-calculation.ts';

describe('vatAmountMinor', () => {
  it.each([
    { amount: 10_000, rate: 2500, vat: 2500 }, // 100.00 at 25 % → 25.00
    { amount: 1999, rate: 2500, vat: 500 }, // 4.9975 → 5.00 (half-up)
    { amount: 2, rate: 2500, vat: 1 }, // 0.005 → 0.01: exactly half rounds up
    { amount: 1, rate: 2500, vat: 0 }, // 0.0025 → 0.00
    { amount: 999, rate: 0, vat: 0 },
    { amount: 12_345, rate: 1900, vat: 2346 }, // 23.4555 → 23.46
    { amount: 1050, rate: 700, vat: 74 }, // 0.735 → 0.74
    { amount: -2, rate: 2500, vat: -1 }, // half away from zero for credits
    { amount: 0, rate: 2500, vat: 0 },
  ])('$amount at $rate bp → $vat', ({ amount, rate, vat }) => {
    expect(vatAmountMinor(amount, rate)).toBe(vat);
  });

  it('stays exact for amounts beyond 2^53 / rate', () => {
    expect(vatAmountMinor(9_007_199_254_740_991, 2500)).toBe(2_251_799_813_685_248);
  });

  it('refuses fractional minor units and bad rates', () => {
    expect(() => vatAmountMinor(1.5, 2500)).toThrow(RangeError);
    expect(() => vatAmountMinor(100, -1)).toThrow(RangeError);
    expect(() => vatAmountMinor(100, 12.5)).toThrow(RangeError);
  });
});

describe('minorToMajor / toMoney', () => {
  it('prints exact cents', () => {
    expect(minorToMajor(1999)).toBe(19.99);
    expect(JSON.stringify(minorToMajor(10))).toBe('0.1');
    expect(JSON.stringify(toMoney(1999, 2500))).toBe('{"priceWithVat":24.99,"priceWithoutVat":19.99}');
  });

  it('adds VAT to the amount without VAT', () => {
    expect(toMoney(12_345, 1900)).toEqual({ priceWithVat: 146.91, priceWithoutVat: 123.45 });
  });
});

describe('calculatePrice', () => {
  it('takes the net price from the price group and the unit price from the list', () => {
    expect(
      calculatePrice({ listUnitPriceMinor: 10_000, listBeforePriceMinor: 12_000, netUnitPriceMinor: 8000 }, 2500),
    ).toEqual({
      unitPrice: { priceWithVat: 125, priceWithoutVat: 100 },
      netUnitPrice: { priceWithVat: 100, priceWithoutVat: 80 },
      beforePrice: 120,
    });
  });

  it('falls back to the list price when the group has no price', () => {
    const price = calculatePrice({ listUnitPriceMinor: 5000, listBeforePriceMinor: null, netUnitPriceMinor: null }, 0);
    expect(price).toEqual({
      unitPrice: { priceWithVat: 50, priceWithoutVat: 50 },
      netUnitPrice: { priceWithVat: 50, priceWithoutVat: 50 },
      beforePrice: null,
    });
  });

  it('uses the group price as unit price when the list has none', () => {
    const price = calculatePrice(
      { listUnitPriceMinor: null, listBeforePriceMinor: null, netUnitPriceMinor: 700 },
      2500,
    );
    expect(price?.unitPrice).toEqual({ priceWithVat: 8.75, priceWithoutVat: 7 });
  });

  it('is null when neither list has the product', () => {
    expect(
      calculatePrice({ listUnitPriceMinor: null, listBeforePriceMinor: null, netUnitPriceMinor: null }, 2500),
    ).toBeNull();
  });
});
