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

/**
 * An order's lines as the cart calculation stores them: the order's VAT (rate × total net, rounded once) shared out
 * over the top-level lines and the fee (here: all of it to the first line that has a net amount, the rest to the
 * fee; the invoice must copy whatever the order holds).
 */
function placedOrder(specs: LineSpec[], shippingFeeMinor: number, rate: number) {
  const totalNetMinor = specs.reduce((sum, spec) => sum + spec.unit * spec.quantity, 0) + shippingFeeMinor;
  const totalVatMinor = vatByTheBook(totalNetMinor, rate);
  let vatLeft = totalVatMinor;
  const lines = specs.flatMap((spec, index) => {
    const id = `line-${index}`;
    const netLinePriceMinor = spec.unit * spec.quantity;
    const vatMinor = Math.min(vatLeft, vatByTheBook(netLinePriceMinor, rate));
    vatLeft -= vatMinor;
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
      netLinePriceMinor,
      campaign: null,
      campaignDiscountMinor: 0,
      vatMinor,
    };
    // A bundle's components carry no price of their own (the cart prices them in the bundle line).
    const components = Array.from({ length: spec.components }, (_, part) => ({
      ...line,
      id: `${id}-${part}`,
      parentId: id,
      type: 'Product',
      netUnitPriceMinor: 0,
      netLinePriceMinor: 0,
      vatMinor: 0,
    }));
    return [line, ...components];
  });
  return { lines, totalNetMinor, totalVatMinor, shippingVatMinor: vatLeft };
}

describe('calculateInvoice', () => {
  it('bills the order as placed: every top-level line and the fee with their VAT, totals the order’s', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(0, 2500, 1500, 1234, 825),
        (specs, shippingFeeMinor, rate) => {
          const order = placedOrder(specs, shippingFeeMinor, rate);
          const invoice = calculateInvoice({
            lines: order.lines,
            shippingFeeMinor,
            shippingMethodName: 'Courier',
            totalVatMinor: order.totalVatMinor,
          });

          expect(invoice.totalNetMinor).toBe(order.totalNetMinor);
          expect(invoice.totalVatMinor).toBe(order.totalVatMinor);
          expect(invoice.totalVatMinor).toBe(vatByTheBook(invoice.totalNetMinor, rate));
          expect(invoice.totalWithVatMinor).toBe(order.totalNetMinor + order.totalVatMinor);
          const hasShippingLine = shippingFeeMinor > 0 || order.shippingVatMinor > 0;
          expect(invoice.lines).toHaveLength(specs.length + (hasShippingLine ? 1 : 0));
          const billed = order.lines.filter((line) => line.parentId === null);
          billed.forEach((line, index) => {
            expect(invoice.lines[index]?.lineNetMinor).toBe(line.netLinePriceMinor);
            expect(invoice.lines[index]?.lineVatMinor).toBe(line.vatMinor);
          });
          for (const line of invoice.lines) {
            expect(line.lineNetMinor).toBe(line.unitNetMinor * line.quantity - line.campaignDiscountMinor);
          }
          expect(invoice.lines.map((line) => line.sortOrder)).toEqual(invoice.lines.map((_, index) => index + 1));
        },
      ),
    );
  });

  it('names the shipping line after the method, gives it what the lines leave of the VAT, keeps the surcharge', () => {
    // 59.97 + 9.95 = 69.92 net; VAT 25 % = 17.48 once on the total; the line carries 14.99 of it, the fee 2.49.
    const [line] = placedOrder([{ unit: 1999, quantity: 3, generated: true, components: 0 }], 995, 2500).lines;
    if (!line) throw new Error('no line');
    const invoice = calculateInvoice({
      lines: [{ ...line, vatMinor: 1499 }],
      shippingFeeMinor: 995,
      shippingMethodName: 'Courier',
      totalVatMinor: 1748,
    });
    expect(invoice.lines.map((row) => [row.type, row.name, row.lineNetMinor, row.lineVatMinor])).toEqual([
      ['Generated', 'Product 0', 5997, 1499],
      ['ShippingFee', 'Shipping: Courier', 995, 249],
    ]);
    expect(invoice.totalWithVatMinor).toBe(6992 + 1748);
  });

  it('copies the campaign and level that priced a line, and what it took off, as the order kept them', () => {
    const [line] = placedOrder([{ unit: 800, quantity: 12, generated: false, components: 0 }], 0, 0).lines;
    if (!line) throw new Error('no line');
    const campaign = {
      campaignId: 'summer-mix',
      name: 'Summer mix & match',
      campaignType: 'MixMatch' as const,
      level: { minimumQuantity: 12, discountPercentage: 10 },
    };
    const invoice = calculateInvoice({
      lines: [{ ...line, netLinePriceMinor: 8_640, campaign, campaignDiscountMinor: 960 }],
      shippingFeeMinor: 0,
      shippingMethodName: null,
      totalVatMinor: 0,
    });
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]).toMatchObject({
      unitNetMinor: 800,
      lineNetMinor: 8_640,
      campaign,
      campaignDiscountMinor: 960,
    });
    expect(invoice.totalNetMinor).toBe(8_640);
  });

  it('bills a reverse-charge order with no VAT', () => {
    const order = placedOrder([{ unit: 1999, quantity: 3, generated: false, components: 1 }], 995, 0);
    const invoice = calculateInvoice({ ...order, shippingFeeMinor: 995, shippingMethodName: null });
    expect(invoice.totalVatMinor).toBe(0);
    expect(invoice.lines.map((row) => [row.name, row.lineVatMinor])).toEqual([
      ['Product 0', 0],
      ['Shipping', 0],
    ]);
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
