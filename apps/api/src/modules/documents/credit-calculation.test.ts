import { vatAmountMinor } from '@b2b/contract/vat-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CreditableInvoice, type CreditRequest, calculateCredit } from './credit-calculation.ts';

/**
 * Invoices as ADR 018 makes them (VAT once on the total) and as they were made before it (VAT rounded per line, so
 * the invoice's VAT may differ from rate × its net by some cents): the credits must fit both.
 */
const invoiceArbitrary = fc
  .record({
    rate: fc.constantFrom(0, 2500, 1500, 1234),
    isRoundedPerLine: fc.boolean(),
    lines: fc.array(
      fc.record({ unit: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: 50 }) }),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
  })
  .map(({ rate, isRoundedPerLine, lines }): CreditableInvoice => {
    const invoiceLines = lines.map((line, index) => ({
      id: `line-${index}`,
      name: `Product ${index}`,
      quantity: line.quantity,
      lineNetMinor: line.unit * line.quantity,
      creditedQuantity: 0,
    }));
    const totalNetMinor = invoiceLines.reduce((sum, line) => sum + line.lineNetMinor, 0);
    return {
      vatRateBasisPoints: rate,
      totalNetMinor,
      totalVatMinor: isRoundedPerLine
        ? invoiceLines.reduce((sum, line) => sum + vatAmountMinor(line.lineNetMinor, rate), 0)
        : vatAmountMinor(totalNetMinor, rate),
      creditedNetMinor: 0,
      creditedVatMinor: 0,
      lines: invoiceLines,
    };
  });

/** A request made of raw numbers, bent onto the invoice's lines (some ask for too much on purpose). */
const requestSeedArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('lines' as const),
    picks: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 60 })), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('amount' as const), netMinor: fc.integer({ min: 1, max: 3_000_000 }) }),
);

type RequestSeed = { kind: 'lines'; picks: Array<[number, number]> } | { kind: 'amount'; netMinor: number };

function toRequest(invoice: CreditableInvoice, seed: RequestSeed): CreditRequest {
  if (seed.kind === 'amount') return seed;
  return {
    kind: 'lines',
    lines: seed.picks.map(([pick, quantity]) => ({
      invoiceLineId: invoice.lines[pick % invoice.lines.length]?.id ?? 'none',
      quantity,
    })),
  };
}

/** Applies an accepted credit to the invoice, as the service's writes do. */
function applyCredit(invoice: CreditableInvoice, outcome: Extract<ReturnType<typeof calculateCredit>, { ok: true }>) {
  return {
    ...invoice,
    creditedNetMinor: invoice.creditedNetMinor + outcome.totalNetMinor,
    creditedVatMinor: invoice.creditedVatMinor + outcome.totalVatMinor,
    lines: invoice.lines.map((line) => ({
      ...line,
      creditedQuantity:
        line.creditedQuantity +
        outcome.lines
          .filter((credit) => credit.invoiceLineId === line.id)
          .reduce((sum, credit) => sum + (credit.quantity ?? 0), 0),
    })),
  };
}

describe('calculateCredit', () => {
  it('never lets the credits of an invoice exceed it, whatever the sequence of line and amount credits', () => {
    fc.assert(
      fc.property(invoiceArbitrary, fc.array(requestSeedArbitrary, { maxLength: 12 }), (original, seeds) => {
        let invoice = original;
        for (const seed of seeds) {
          const outcome = calculateCredit(invoice, toRequest(invoice, seed));
          if (!outcome.ok) continue;
          expect(outcome.totalNetMinor).toBeGreaterThanOrEqual(0);
          expect(outcome.totalVatMinor).toBeGreaterThanOrEqual(0);
          expect(outcome.totalWithVatMinor).toBe(outcome.totalNetMinor + outcome.totalVatMinor);
          expect(outcome.lines.reduce((sum, line) => sum + line.vatMinor, 0)).toBe(outcome.totalVatMinor);
          invoice = applyCredit(invoice, outcome);
          expect(invoice.creditedNetMinor).toBeLessThanOrEqual(invoice.totalNetMinor);
          expect(invoice.creditedVatMinor).toBeLessThanOrEqual(invoice.totalVatMinor);
          for (const line of invoice.lines) expect(line.creditedQuantity).toBeLessThanOrEqual(line.quantity);
        }
      }),
    );
  });

  it('gives back exactly the invoice when every line is credited, in any number of steps', () => {
    fc.assert(
      fc.property(invoiceArbitrary, fc.integer({ min: 1, max: 5 }), (original, steps) => {
        let invoice = original;
        for (let step = 1; step <= steps; step++) {
          const lines = invoice.lines.flatMap((line) => {
            // Credit the step's share of the line; the last step takes what is left.
            const target = step === steps ? line.quantity : Math.floor((line.quantity * step) / steps);
            const quantity = target - line.creditedQuantity;
            return quantity > 0 ? [{ invoiceLineId: line.id, quantity }] : [];
          });
          if (lines.length === 0) continue;
          const outcome = calculateCredit(invoice, { kind: 'lines', lines });
          if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
          invoice = applyCredit(invoice, outcome);
        }
        expect(invoice.creditedNetMinor).toBe(invoice.totalNetMinor);
        expect(invoice.creditedVatMinor).toBe(invoice.totalVatMinor);
      }),
    );
  });

  it('credits the rest of an invoice exactly with an amount equal to the remaining net', () => {
    fc.assert(
      fc.property(invoiceArbitrary, fc.integer({ min: 0, max: 100 }), (original, percent) => {
        fc.pre(original.totalNetMinor > 0);
        const first = Math.floor((original.totalNetMinor * percent) / 100);
        let invoice = original;
        if (first > 0) {
          const outcome = calculateCredit(invoice, { kind: 'amount', netMinor: first });
          if (outcome.ok) invoice = applyCredit(invoice, outcome);
        }
        const rest = invoice.totalNetMinor - invoice.creditedNetMinor;
        fc.pre(rest > 0);
        const outcome = calculateCredit(invoice, { kind: 'amount', netMinor: rest });
        if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
        invoice = applyCredit(invoice, outcome);
        expect(invoice.creditedNetMinor).toBe(invoice.totalNetMinor);
        expect(invoice.creditedVatMinor).toBe(invoice.totalVatMinor);
      }),
    );
  });

  it('computes a memo’s VAT once on its net, within a cent of rate × net, its lines sharing it', () => {
    fc.assert(
      fc.property(invoiceArbitrary, fc.array(requestSeedArbitrary, { maxLength: 12 }), (original, seeds) => {
        fc.pre(original.totalVatMinor === vatAmountMinor(original.totalNetMinor, original.vatRateBasisPoints));
        let invoice = original;
        for (const seed of seeds) {
          const outcome = calculateCredit(invoice, toRequest(invoice, seed));
          if (!outcome.ok) continue;
          const exact = (outcome.totalNetMinor * invoice.vatRateBasisPoints) / 10_000;
          expect(Math.abs(outcome.totalVatMinor - exact)).toBeLessThan(1);
          invoice = applyCredit(invoice, outcome);
          // What was credited so far carries the VAT of its total, rounded once.
          expect(invoice.creditedVatMinor).toBe(vatAmountMinor(invoice.creditedNetMinor, invoice.vatRateBasisPoints));
        }
      }),
    );
  });

  it('credits 2 of 3 lines’ units at 25 %: one VAT for the memo', () => {
    // Net 10.01 × 2 lines … the memo's net 20.02 carries 5.01 VAT (5.005 rounded once), not 2 × 2.50.
    const invoice: CreditableInvoice = {
      vatRateBasisPoints: 2500,
      totalNetMinor: 3003,
      totalVatMinor: 751,
      creditedNetMinor: 0,
      creditedVatMinor: 0,
      lines: [
        { id: 'a', name: 'A', quantity: 1, lineNetMinor: 1001, creditedQuantity: 0 },
        { id: 'b', name: 'B', quantity: 1, lineNetMinor: 1001, creditedQuantity: 0 },
        { id: 'c', name: 'C', quantity: 1, lineNetMinor: 1001, creditedQuantity: 0 },
      ],
    };
    const outcome = calculateCredit(invoice, {
      kind: 'lines',
      lines: [
        { invoiceLineId: 'a', quantity: 1 },
        { invoiceLineId: 'b', quantity: 1 },
      ],
    });
    expect(outcome).toMatchObject({ ok: true, totalNetMinor: 2002, totalVatMinor: 501 });
    if (!outcome.ok) return;
    expect(outcome.lines.map((line) => line.vatMinor)).toEqual([251, 250]);
  });

  it('refuses an unknown line, more units than are left on a line, and more than is left on the invoice', () => {
    const invoice: CreditableInvoice = {
      vatRateBasisPoints: 2500,
      totalNetMinor: 3000,
      totalVatMinor: 750,
      creditedNetMinor: 0,
      creditedVatMinor: 0,
      lines: [{ id: 'a', name: 'A', quantity: 3, lineNetMinor: 3000, creditedQuantity: 1 }],
    };
    expect(calculateCredit(invoice, { kind: 'lines', lines: [{ invoiceLineId: 'b', quantity: 1 }] })).toEqual({
      ok: false,
      reason: 'unknown-line',
      invoiceLineId: 'b',
    });
    expect(
      calculateCredit(invoice, {
        kind: 'lines',
        lines: [
          { invoiceLineId: 'a', quantity: 2 },
          { invoiceLineId: 'a', quantity: 1 },
        ],
      }),
    ).toEqual({ ok: false, reason: 'line-exceeded', invoiceLineId: 'a', creditableQuantity: 2 });
    expect(calculateCredit(invoice, { kind: 'amount', netMinor: 3001 })).toMatchObject({
      ok: false,
      reason: 'invoice-exceeded',
    });
    expect(calculateCredit(invoice, { kind: 'amount', netMinor: 1000 })).toMatchObject({
      ok: true,
      totalNetMinor: 1000,
      totalVatMinor: 250,
      lines: [{ invoiceLineId: null, quantity: null, description: 'Amount credited' }],
    });
  });
});
