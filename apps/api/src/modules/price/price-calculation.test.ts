import { describe, expect, it } from 'vitest';
import { calculatePrice, minorToMajor, toMoney } from './price-calculation.ts';

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
