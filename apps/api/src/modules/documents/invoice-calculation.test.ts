import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calculateInvoice, type InvoiceSourceLine } from './invoice-calculation.ts';

/** VAT by the book, independently of the code under test: net × rate / 10 000, half a cent rounded up. */
function vatByTheBook(netMinor: number, rateBasisPoints: number): number {
  const scaled = BigInt(netMinor) * BigInt(rateBasisPoints);
  return Number((scaled * 2n + 10_000n) / 20_000n);
}

const lineArbitrary = fc.record({
  unit: fc.integer({ min: 0, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 10_000 }),
  generated: fc.boolean(),
  components: fc.integer({ min: 0, max: 2 }),
});

type LineSpec = { unit: number; quantity: number; generated: boolean; components: number };

function orderLines(specs: LineSpec[]): InvoiceSourceLine[] {
  return specs.flatMap((spec, index) => {
    const id = `line-${index}`;
    const line: InvoiceSourceLine = {
      id,
      type: spec.generated ? 'Generated' : 'Product',
      parentId: null,
      productId: `P${index}`,
      variantId: null,
      unitOfMeasure: 'STK',
      name: `Product ${index}`,
      quantity: spec.quantity,
      netUnitPriceMinor: spec.unit,
      netLinePriceMinor: spec.unit * spec.quantity,
    };
    // A bundle's components carry no price of their own (the cart prices them in the bundle line).
    const components = Array.from({ length: spec.components }, (_, part) => ({
      ...line,
      id: `${id}-${part}`,
      parentId: id,
      type: 'Product',
      netUnitPriceMinor: 0,
      netLinePriceMinor: 0,
    }));
    return [line, ...components];
  });
}

describe('calculateInvoice', () => {
  it('bills every top-level line and the shipping fee, VAT rounded per line, totals the exact sums', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(0, 2500, 1500, 1234, 825),
        (specs, shippingFeeMinor, rate) => {
          const lines = orderLines(specs);
          const invoice = calculateInvoice({
            lines,
            shippingFeeMinor,
            shippingMethodName: 'Courier',
            vatRateBasisPoints: rate,
          });

          const expectedNet = specs.reduce((sum, spec) => sum + spec.unit * spec.quantity, 0) + shippingFeeMinor;
          const expectedVat =
            specs.reduce((sum, spec) => sum + vatByTheBook(spec.unit * spec.quantity, rate), 0) +
            vatByTheBook(shippingFeeMinor, rate);
          expect(invoice.totalNetMinor).toBe(expectedNet);
          expect(invoice.totalVatMinor).toBe(expectedVat);
          expect(invoice.totalWithVatMinor).toBe(expectedNet + expectedVat);
          expect(invoice.lines).toHaveLength(specs.length + (shippingFeeMinor > 0 ? 1 : 0));
          for (const line of invoice.lines) {
            expect(line.lineVatMinor).toBe(vatByTheBook(line.lineNetMinor, rate));
            expect(line.lineNetMinor).toBe(line.unitNetMinor * line.quantity);
          }
          expect(invoice.lines.map((line) => line.sortOrder)).toEqual(invoice.lines.map((_, index) => index + 1));
        },
      ),
    );
  });

  it('names the shipping line after the method and keeps the surcharge a generated line', () => {
    const invoice = calculateInvoice({
      lines: orderLines([{ unit: 1999, quantity: 3, generated: true, components: 0 }]),
      shippingFeeMinor: 995,
      shippingMethodName: 'Courier',
      vatRateBasisPoints: 2500,
    });
    expect(invoice.lines.map((line) => [line.type, line.name, line.lineNetMinor, line.lineVatMinor])).toEqual([
      ['Generated', 'Product 0', 5997, 1499],
      ['ShippingFee', 'Shipping: Courier', 995, 249],
    ]);
    expect(invoice.totalWithVatMinor).toBe(5997 + 1499 + 995 + 249);
  });
});

describe('addDays', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-11-22', 30)).toBe('2026-12-22');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 0)).toBe('2026-03-28');
  });
});
