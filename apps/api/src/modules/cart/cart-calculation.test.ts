import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatAmountMinor } from '../price/price-calculation.ts';
import { chargedShippingFeeMinor } from '../shipping/shipping-fee.ts';
import {
  type CalculationLineInput,
  calculateCart,
  isLineOnBackorder,
  SMALL_ORDER_SURCHARGE_LINE_ID,
} from './cart-calculation.ts';

function line(fields: Partial<CalculationLineInput> & { id: string }): CalculationLineInput {
  return {
    parentId: null,
    productId: `P-${fields.id}`,
    variantId: null,
    unitOfMeasure: 'STK',
    name: `Product ${fields.id}`,
    quantity: 1,
    priceRows: { listUnitPriceMinor: 10_000, listBeforePriceMinor: null, netUnitPriceMinor: 8_000 },
    availableQuantity: 100,
    ...fields,
  };
}

const NO_EXTRAS = { shipping: null, smallOrderSurcharge: null };

describe('calculateCart', () => {
  it.each([
    {
      name: 'net price from the price group, list price as line price, discount the difference',
      lines: [line({ id: 'a', quantity: 3 })],
      vat: 2500,
      expected: { totalNetMinor: 24_000, totalVatMinor: 6_000, discountMinor: 6_000, fallback: false },
    },
    {
      name: 'no group price: net = list, flagged as fallback',
      lines: [
        line({
          id: 'a',
          quantity: 2,
          priceRows: { listUnitPriceMinor: 1_999, listBeforePriceMinor: null, netUnitPriceMinor: null },
        }),
      ],
      vat: 2500,
      // 39.98 net; VAT 9.995 → 10.00 (half-up per line)
      expected: { totalNetMinor: 3_998, totalVatMinor: 1_000, discountMinor: 0, fallback: true },
    },
    {
      name: 'no price at all: priced 0, flagged',
      lines: [line({ id: 'a', priceRows: null })],
      vat: 0,
      expected: { totalNetMinor: 0, totalVatMinor: 0, discountMinor: 0, fallback: true },
    },
    {
      name: 'bundle components are priced 0 and never fall back',
      lines: [
        line({ id: 'a', quantity: 2 }),
        line({ id: 'b', parentId: 'a', quantity: 2, priceRows: null }),
        line({ id: 'c', parentId: 'a', quantity: 4, priceRows: null }),
      ],
      vat: 0,
      expected: { totalNetMinor: 16_000, totalVatMinor: 0, discountMinor: 4_000, fallback: false },
    },
    {
      name: 'VAT rounded per line, totals the sum of the rounded lines',
      lines: [
        line({ id: 'a', priceRows: { listUnitPriceMinor: 1, listBeforePriceMinor: null, netUnitPriceMinor: 2 } }),
        line({ id: 'b', priceRows: { listUnitPriceMinor: 2, listBeforePriceMinor: null, netUnitPriceMinor: 2 } }),
      ],
      vat: 2500,
      // each 0.02 → VAT 0.005 → 0.01; the total VAT is 0.02, not round(0.01) = 0.01
      expected: { totalNetMinor: 4, totalVatMinor: 2, discountMinor: -1, fallback: false },
    },
  ])('$name', ({ lines, vat, expected }) => {
    const result = calculateCart({ lines, vatRateBasisPoints: vat, ...NO_EXTRAS });
    expect(result.totalNetMinor).toBe(expected.totalNetMinor);
    expect(result.totalVatMinor).toBe(expected.totalVatMinor);
    expect(result.totalWithVatMinor).toBe(expected.totalNetMinor + expected.totalVatMinor);
    expect(result.discountMinor).toBe(expected.discountMinor);
    expect(result.usingFallbackStrategy).toBe(expected.fallback);
  });

  it('adds the small-order surcharge as a Generated line below the threshold only', () => {
    const rule = { belowMinor: 10_000, feeMinor: 995 };
    const small = calculateCart({
      lines: [line({ id: 'a' })],
      vatRateBasisPoints: 2500,
      shipping: null,
      smallOrderSurcharge: rule,
    });
    expect(small.lines.map((calculated) => [calculated.id, calculated.type])).toEqual([
      ['a', 'Product'],
      [SMALL_ORDER_SURCHARGE_LINE_ID, 'Generated'],
    ]);
    expect(small.totalNetMinor).toBe(8_000 + 995);
    const big = calculateCart({
      lines: [line({ id: 'a', quantity: 2 })],
      vatRateBasisPoints: 2500,
      shipping: null,
      smallOrderSurcharge: rule,
    });
    expect(big.lines).toHaveLength(1);
    const empty = calculateCart({ lines: [], vatRateBasisPoints: 2500, shipping: null, smallOrderSurcharge: rule });
    expect(empty.lines).toHaveLength(0);
    expect(empty.totalWithVatMinor).toBe(0);
  });

  it('charges shipping below the free-freight threshold and waives it from there', () => {
    const shipping = { shippingMethodId: 'std', name: 'Standard', feeMinor: 1_495, freeAboveMinor: 50_000 };
    expect(chargedShippingFeeMinor(shipping, 49_999)).toBe(1_495);
    expect(chargedShippingFeeMinor(shipping, 50_000)).toBe(0);
    expect(chargedShippingFeeMinor(shipping, null)).toBe(1_495);
    expect(chargedShippingFeeMinor(null, 10)).toBe(0);
    const result = calculateCart({
      lines: [line({ id: 'a' })],
      vatRateBasisPoints: 2500,
      shipping,
      smallOrderSurcharge: null,
    });
    expect(result.shippingFeeMinor).toBe(1_495);
    expect(result.shippingVatMinor).toBe(374); // 3.7375 → 3.74
    expect(result.totalNetMinor).toBe(8_000 + 1_495);
    expect(result.totalWithVatMinor).toBe(10_000 + 1_495 + 374);
  });
});

describe('backorder rule (spec §4 Cart)', () => {
  it.each([
    { quantity: 5, availableQuantity: 5, isBackorder: false },
    { quantity: 5, availableQuantity: 4, isBackorder: true },
    { quantity: 1, availableQuantity: 0, isBackorder: true },
    { quantity: 1, availableQuantity: 1000, isBackorder: false },
  ])('$quantity ordered, $availableQuantity available → $isBackorder', (input) => {
    expect(isLineOnBackorder(input)).toBe(input.isBackorder);
  });

  it('puts the cart on backorder when any line (also a sub-line) is', () => {
    const inStock = calculateCart({
      lines: [line({ id: 'a', quantity: 2, availableQuantity: 2 })],
      vatRateBasisPoints: 0,
      ...NO_EXTRAS,
    });
    expect(inStock.isBackorder).toBe(false);
    const component = calculateCart({
      lines: [
        line({ id: 'a', quantity: 2, availableQuantity: 2 }),
        line({ id: 'b', parentId: 'a', quantity: 2, availableQuantity: 1, priceRows: null }),
      ],
      vatRateBasisPoints: 0,
      ...NO_EXTRAS,
    });
    expect(component.isBackorder).toBe(true);
    expect(component.lines.map((calculated) => calculated.isBackorder)).toEqual([false, true]);
  });
});

describe('calculateCart properties', () => {
  const priceRows = fc.record({
    listUnitPriceMinor: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
    listBeforePriceMinor: fc.constant(null),
    netUnitPriceMinor: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  });
  const lines = fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 100_000 }),
      availableQuantity: fc.integer({ min: 0, max: 200_000 }),
      priceRows: fc.option(priceRows, { nil: null }),
      isComponent: fc.boolean(),
    }),
    { maxLength: 60 },
  );
  const inputs = fc.record({
    lines,
    vat: fc.integer({ min: 0, max: 3_000 }),
    fee: fc.option(
      fc.record({ feeMinor: fc.integer({ min: 0, max: 10_000 }), freeAbove: fc.integer({ min: 0, max: 10_000_000 }) }),
      { nil: null },
    ),
    surcharge: fc.boolean(),
  });

  it('totals equal the sum of the lines and the shipping fee, to the cent', () => {
    fc.assert(
      fc.property(inputs, ({ lines: drawn, vat, fee, surcharge }) => {
        const result = calculateCart({
          lines: drawn.map((drawnLine, index) =>
            line({
              id: String(index),
              parentId: drawnLine.isComponent && index > 0 ? '0' : null,
              quantity: drawnLine.quantity,
              availableQuantity: drawnLine.availableQuantity,
              priceRows: drawnLine.priceRows,
            }),
          ),
          vatRateBasisPoints: vat,
          shipping: fee
            ? { shippingMethodId: 'm', name: 'm', feeMinor: fee.feeMinor, freeAboveMinor: fee.freeAbove }
            : null,
          smallOrderSurcharge: surcharge ? { belowMinor: 10_000, feeMinor: 995 } : null,
        });
        const linesNet = result.lines.reduce((sum, calculated) => sum + calculated.netLinePriceMinor, 0);
        const linesWithVat = result.lines.reduce(
          (sum, calculated) => sum + calculated.netLinePriceMinor + calculated.vatMinor,
          0,
        );
        expect(Number.isSafeInteger(result.totalWithVatMinor)).toBe(true);
        expect(result.totalNetMinor).toBe(linesNet + result.shippingFeeMinor);
        expect(result.totalWithVatMinor).toBe(linesWithVat + result.shippingFeeMinor + result.shippingVatMinor);
        for (const calculated of result.lines) {
          expect(calculated.netLinePriceMinor).toBe(calculated.netUnitPriceMinor * calculated.quantity);
          expect(calculated.vatMinor).toBe(vatAmountMinor(calculated.netLinePriceMinor, vat));
        }
        expect(result.isBackorder).toBe(
          result.lines.some((calculated) => calculated.availableQuantity < calculated.quantity),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('major-unit totals print as exact cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (minor) => {
        const major = minor / 100;
        expect(Math.round(major * 100)).toBe(minor);
        expect(major.toFixed(2)).toBe(`${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`);
      }),
    );
  });
});
