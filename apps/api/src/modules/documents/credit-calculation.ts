/**
 * Pure credit memo arithmetic (ADR 014, ADR 018): what a credit of invoice lines or of an amount comes to, and
 * whether it fits in what is left to credit. Integer minor units.
 *
 * - The net of a line credit is proportional to the line and cumulative: crediting k of a line's n units comes to
 *   round(lineNet × k / n), minus what the earlier credits of that line came to. So credits of a line never exceed
 *   it, and crediting all of it (in any number of steps) gives back exactly the line's net.
 * - An amount credit is net.
 * - The VAT of a credit memo is computed once on its net, like the invoice's (ADR 018), and cumulatively: the VAT of
 *   all the invoice's credits with it less the VAT of those before it, each rounded once at the invoice's rate
 *   (`creditVatMinor`), so it is within a cent of rate × its net. The memo that takes the invoice's whole remaining
 *   net takes its whole remaining VAT, and no memo takes more VAT than is left, so no cent is left over or
 *   overdrawn (also for invoices whose VAT was rounded per line before ADR 018). The memo's VAT is shared out over
 *   its lines (`allocateVatMinor`).
 * - Whatever the mix, the sum of all credits never exceeds the invoice's net, nor its VAT (checked after the
 *   calculation; the service holds a lock on the invoice row while it checks and writes).
 */
import { allocateVatMinor, creditVatMinor } from '@b2b/contract/vat-rules';

export type CreditableInvoiceLine = {
  id: string;
  name: string;
  quantity: number;
  lineNetMinor: number;
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

/** The net of crediting `quantity` more units of `line`, given what was credited before. */
function netCreditOfLine(line: CreditableInvoiceLine, quantity: number): number {
  const before = line.creditedQuantity;
  const after = before + quantity;
  return (
    proportionMinor(line.lineNetMinor, after, line.quantity) - proportionMinor(line.lineNetMinor, before, line.quantity)
  );
}

export function calculateCredit(invoice: CreditableInvoice, request: CreditRequest): CreditOutcome {
  const remainingNetMinor = invoice.totalNetMinor - invoice.creditedNetMinor;
  const remainingVatMinor = invoice.totalVatMinor - invoice.creditedVatMinor;
  const lines: Array<Omit<CreditLineDraft, 'vatMinor'>> = [];

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
        netMinor: netCreditOfLine(line, quantity),
        sortOrder: lines.length + 1,
      });
    }
  } else {
    lines.push({
      invoiceLineId: null,
      description: 'Amount credited',
      quantity: null,
      netMinor: request.netMinor,
      sortOrder: 1,
    });
  }

  const totalNetMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  if (totalNetMinor > remainingNetMinor) {
    return { ok: false, reason: 'invoice-exceeded', remainingNetMinor, remainingVatMinor };
  }
  const takesTheRest = totalNetMinor === remainingNetMinor;
  const totalVatMinor =
    totalNetMinor === 0
      ? 0
      : takesTheRest
        ? remainingVatMinor
        : Math.min(
            remainingVatMinor,
            creditVatMinor(invoice.creditedNetMinor, totalNetMinor, invoice.vatRateBasisPoints),
          );
  const shares = allocateVatMinor(
    lines.map((line) => line.netMinor),
    totalVatMinor,
  );
  return {
    ok: true,
    lines: lines.map((line, index) => ({ ...line, vatMinor: shares[index] ?? 0 })),
    totalNetMinor,
    totalVatMinor,
    totalWithVatMinor: totalNetMinor + totalVatMinor,
  };
}
