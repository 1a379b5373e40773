/**
 * Pure credit memo arithmetic (ADR 014): what a credit of invoice lines or of an amount comes to, and whether it
 * fits in what is left to credit. Integer minor units.
 *
 * - A line credit is proportional to the line and cumulative: crediting k of a line's n units comes to
 *   round(lineNet × k / n) net and round(lineVat × k / n) VAT, minus what the earlier credits of that line came to.
 *   So credits of a line never exceed it, and crediting all of it (in any number of steps) gives back exactly the
 *   line's net and VAT.
 * - An amount credit is net; its VAT is the invoice's rate on it, rounded once; the last amount that takes the
 *   invoice's whole remaining net takes its whole remaining VAT too, so no cent is left over or overdrawn.
 * - Whatever the mix, the sum of all credits never exceeds the invoice's net, nor its VAT (checked after the
 *   calculation; the service holds a lock on the invoice row while it checks and writes).
 */
import { vatAmountMinor } from '../price/price-calculation.ts';

export type CreditableInvoiceLine = {
  id: string;
  name: string;
  quantity: number;
  lineNetMinor: number;
  lineVatMinor: number;
  /** Units of the line credited by earlier credit memos. */
  creditedQuantity: number;
};

export type CreditableInvoice = {
  vatRateBasisPoints: number;
  totalNetMinor: number;
  totalVatMinor: number;
  /** Sums of all earlier credit memos of the invoice. */
  creditedNetMinor: number;
  creditedVatMinor: number;
  lines: readonly CreditableInvoiceLine[];
};

export type CreditRequest =
  | { kind: 'lines'; lines: ReadonlyArray<{ invoiceLineId: string; quantity: number }> }
  | { kind: 'amount'; netMinor: number };

export type CreditLineDraft = {
  invoiceLineId: string | null;
  description: string;
  quantity: number | null;
  netMinor: number;
  vatMinor: number;
  sortOrder: number;
};

export type CreditOutcome =
  | { ok: true; lines: CreditLineDraft[]; totalNetMinor: number; totalVatMinor: number; totalWithVatMinor: number }
  | { ok: false; reason: 'unknown-line'; invoiceLineId: string }
  | { ok: false; reason: 'line-exceeded'; invoiceLineId: string; creditableQuantity: number }
  | { ok: false; reason: 'invoice-exceeded'; remainingNetMinor: number; remainingVatMinor: number };

/** a × k / n rounded half away from zero, in exact integer arithmetic (a may be negative; n > 0). */
function proportionMinor(amountMinor: number, part: number, whole: number): number {
  const numerator = BigInt(amountMinor) * BigInt(part);
  const divisor = BigInt(whole);
  const magnitude = ((numerator < 0n ? -numerator : numerator) * 2n + divisor) / (2n * divisor);
  return Number(numerator < 0n ? -magnitude : magnitude);
}

/** What crediting `quantity` more units of `line` comes to, given what was credited before. */
function creditOfLine(line: CreditableInvoiceLine, quantity: number): { netMinor: number; vatMinor: number } {
  const before = line.creditedQuantity;
  const after = before + quantity;
  return {
    netMinor:
      proportionMinor(line.lineNetMinor, after, line.quantity) -
      proportionMinor(line.lineNetMinor, before, line.quantity),
    vatMinor:
      proportionMinor(line.lineVatMinor, after, line.quantity) -
      proportionMinor(line.lineVatMinor, before, line.quantity),
  };
}

export function calculateCredit(invoice: CreditableInvoice, request: CreditRequest): CreditOutcome {
  const remainingNetMinor = invoice.totalNetMinor - invoice.creditedNetMinor;
  const remainingVatMinor = invoice.totalVatMinor - invoice.creditedVatMinor;
  const lines: CreditLineDraft[] = [];

  if (request.kind === 'lines') {
    // The same line named twice counts once with the quantities added up.
    const quantities = new Map<string, number>();
    for (const { invoiceLineId, quantity } of request.lines) {
      quantities.set(invoiceLineId, (quantities.get(invoiceLineId) ?? 0) + quantity);
    }
    for (const [invoiceLineId, quantity] of quantities) {
      const line = invoice.lines.find((candidate) => candidate.id === invoiceLineId);
      if (!line) return { ok: false, reason: 'unknown-line', invoiceLineId };
      const creditableQuantity = line.quantity - line.creditedQuantity;
      if (quantity > creditableQuantity)
        return { ok: false, reason: 'line-exceeded', invoiceLineId, creditableQuantity };
      lines.push({
        invoiceLineId,
        description: line.name,
        quantity,
        ...creditOfLine(line, quantity),
        sortOrder: lines.length + 1,
      });
    }
  } else {
    const takesTheRest = request.netMinor === remainingNetMinor;
    lines.push({
      invoiceLineId: null,
      description: 'Amount credited',
      quantity: null,
      netMinor: request.netMinor,
      vatMinor: takesTheRest ? remainingVatMinor : vatAmountMinor(request.netMinor, invoice.vatRateBasisPoints),
      sortOrder: 1,
    });
  }

  const totalNetMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const totalVatMinor = lines.reduce((sum, line) => sum + line.vatMinor, 0);
  if (totalNetMinor > remainingNetMinor || totalVatMinor > remainingVatMinor) {
    return { ok: false, reason: 'invoice-exceeded', remainingNetMinor, remainingVatMinor };
  }
  return { ok: true, lines, totalNetMinor, totalVatMinor, totalWithVatMinor: totalNetMinor + totalVatMinor };
}
