import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

const NO_EXTRAS = { shipping: null, smallOrderSurcharge: null, campaigns: [] };

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
      name: 'VAT once on the total, not per line (ADR 018)',
      lines: [
        line({ id: 'a', priceRows: { listUnitPriceMinor: 1, listBeforePriceMinor: null, netUnitPriceMinor: 2 } }),
        line({ id: 'b', priceRows: { listUnitPriceMinor: 2, listBeforePriceMinor: null, netUnitPriceMinor: 2 } }),
      ],
      vat: 2500,
      // each line 0.02 (VAT 0.005 each, 0.01 each if rounded per line); the total 0.04 has VAT 0.01 exactly
      expected: { totalNetMinor: 4, totalVatMinor: 1, discountMinor: -1, fallback: false },
    },
    {
      name: 'reverse charge and export: 0 %',
      lines: [line({ id: 'a', quantity: 3 })],
      vat: 0,
      expected: { totalNetMinor: 24_000, totalVatMinor: 0, discountMinor: 6_000, fallback: false },
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
      campaigns: [],
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
      campaigns: [],
    });
    expect(big.lines).toHaveLength(1);
    const empty = calculateCart({
      lines: [],
      vatRateBasisPoints: 2500,
      shipping: null,
      smallOrderSurcharge: rule,
      campaigns: [],
    });
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
      campaigns: [],
    });
    expect(result.shippingFeeMinor).toBe(1_495);
    expect(result.totalNetMinor).toBe(8_000 + 1_495);
    // VAT on 94.95: 23.7375 → 23.74; the line's share is 20.00, the fee's 3.74
    expect(result.totalVatMinor).toBe(2_374);
    expect(result.lines[0]?.vatMinor).toBe(2_000);
    expect(result.shippingVatMinor).toBe(374);
    expect(result.totalWithVatMinor).toBe(9_495 + 2_374);
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

/**
 * Decimal amounts of the test's own (the code under test works in integer minor units): major units with eight
 * decimals in a bigint, written from the amounts' decimal text, so the check shares no arithmetic with the code.
 */
const DECIMALS = 8;
const ONE = 10n ** BigInt(DECIMALS);

function decimalOf(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * ONE + BigInt(fraction.padEnd(DECIMALS, '0').slice(0, DECIMALS));
}

/** Cents as the decimal text a price list shows: 1999 → "19.99". */
function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A decimal amount rounded half up to the cent, as whole cents. */
function roundedToCents(amount: bigint): number {
  const centUnit = ONE / 100n;
  return Number((amount + centUnit / 2n) / centUnit);
}

type DrawnLine = {
  quantity: number;
  parentId: string | null;
  priceRows: { listUnitPriceMinor: number | null; netUnitPriceMinor: number | null } | null;
};

/**
 * The cart as a bookkeeper computes it from the rules (ADR 007, ADR 018): net unit price = the group's, else the
 * list price (a component, or a product without any price: 0); goods = Σ net lines; the surcharge 9.95 when goods
 * are above 0 and below 100.00; freight unless the goods reach its threshold; VAT = rate % of the total excl. VAT,
 * rounded half up to the cent once.
 */
function cartByTheBook(
  lines: DrawnLine[],
  rateBasisPoints: number,
  fee: { feeMinor: number; freeAbove: number } | null,
  hasSurchargeRule: boolean,
) {
  let goods = 0n;
  for (const drawn of lines) {
    const rows = drawn.priceRows;
    const unitCents = drawn.parentId !== null || !rows ? 0 : (rows.netUnitPriceMinor ?? rows.listUnitPriceMinor ?? 0);
    goods += decimalOf(centsText(unitCents)) * BigInt(drawn.quantity);
  }
  const surcharge = hasSurchargeRule && goods > 0n && goods < decimalOf('100.00') ? decimalOf('9.95') : 0n;
  const freight = fee && goods < decimalOf(centsText(fee.freeAbove)) ? decimalOf(centsText(fee.feeMinor)) : 0n;
  const totalNet = goods + surcharge + freight;
  const ratePercent = decimalOf(
    `${Math.floor(rateBasisPoints / 100)}.${String(rateBasisPoints % 100).padStart(2, '0')}`,
  );
  const vat = (totalNet * ratePercent) / (100n * ONE);
  return {
    totalNetCents: roundedToCents(totalNet),
    totalVatCents: roundedToCents(vat),
    feeCents: roundedToCents(freight),
  };
}

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

  it('agrees with an independent decimal computation: VAT = rate × total excl. VAT, net + VAT = total', () => {
    fc.assert(
      fc.property(inputs, ({ lines: drawn, vat, fee, surcharge }) => {
        const drawnLines = drawn.map((drawnLine, index) => ({
          ...drawnLine,
          parentId: drawnLine.isComponent && index > 0 ? '0' : null,
        }));
        const result = calculateCart({
          lines: drawnLines.map((drawnLine, index) =>
            line({
              id: String(index),
              parentId: drawnLine.parentId,
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
          campaigns: [],
        });

        const expected = cartByTheBook(drawnLines, vat, fee, surcharge);
        expect(result.totalNetMinor).toBe(expected.totalNetCents);
        expect(result.totalVatMinor).toBe(expected.totalVatCents);
        expect(result.totalWithVatMinor).toBe(expected.totalNetCents + expected.totalVatCents);
        expect(result.shippingFeeMinor).toBe(expected.feeCents);
        expect(Number.isSafeInteger(result.totalWithVatMinor)).toBe(true);

        // The lines' and the fee's shares of the VAT add up to it, each within a cent and a half of rate × its net:
        // the total is rounded once (at most half a cent, which a share carries in proportion to its net) and then
        // shared out in whole cents (less than a cent each). A run found a share 1.07 cents off.
        const shares = [...result.lines.map((calculated) => calculated.vatMinor), result.shippingVatMinor];
        const nets = [...result.lines.map((calculated) => calculated.netLinePriceMinor), result.shippingFeeMinor];
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(result.totalVatMinor);
        shares.forEach((share, index) => {
          expect(Math.abs(share - ((nets[index] ?? 0) * vat) / 10_000)).toBeLessThan(1.5);
        });
        for (const calculated of result.lines) {
          expect(calculated.netLinePriceMinor).toBe(calculated.netUnitPriceMinor * calculated.quantity);
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
