/**
 * Stored invoices and credit memos (minor units, net and VAT apart) as the contract shows them (major units, with and
 * without VAT), and an invoice's status, which depends on the day it is asked (overdue is computed, not stored).
 */
import type { CreditMemo, CreditMemoSummary, InvoiceStatus, InvoiceSummary, Money } from '@b2b/contract';
import { minorToMajor, storedVatOf, toVat } from '../price/price-calculation.ts';
import type { CreditMemoDetailRow, CreditMemoLineRow, CreditMemoSummaryRow } from './credit-memo-queries.repository.ts';
import type { InvoiceSummaryRow } from './invoice-queries.repository.ts';

/** An amount stored as net and VAT in minor units (each rounded once when the document was made). */
export function toDocumentMoney(netMinor: number, vatMinor: number): Money {
  return { priceWithVat: minorToMajor(netMinor + vatMinor), priceWithoutVat: minorToMajor(netMinor) };
}

/** Today's date in UTC (yyyy-mm-dd): the day invoices are due against. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Paid once its payment is registered; otherwise overdue from the day after the due date, open before. */
export function invoiceStatusOf(invoice: { paidAt: Date | null; dueDate: string }, today: string): InvoiceStatus {
  if (invoice.paidAt) return 'paid';
  return invoice.dueDate < today ? 'overdue' : 'open';
}

export function toInvoiceSummary(row: InvoiceSummaryRow, today: string): InvoiceSummary {
  const totalWithVatMinor = row.totalNetMinor + row.totalVatMinor;
  const creditedWithVatMinor = row.creditedNetMinor + row.creditedVatMinor;
  return {
    invoiceId: row.id,
    linkId: row.linkId,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: invoiceStatusOf(row, today),
    paidAt: row.paidAt?.toISOString() ?? null,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    reference: row.reference,
    currencyCode: row.currencyCode,
    total: toDocumentMoney(row.totalNetMinor, row.totalVatMinor),
    credited: toDocumentMoney(row.creditedNetMinor, row.creditedVatMinor),
    openAmount: row.paidAt ? 0 : minorToMajor(totalWithVatMinor - creditedWithVatMinor),
  };
}

export function toCreditMemoSummary(row: CreditMemoSummaryRow): CreditMemoSummary {
  return {
    creditMemoId: row.id,
    creditMemoNumber: row.creditMemoNumber,
    creditMemoDate: row.creditMemoDate,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    invoiceLinkId: row.invoiceLinkId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    reference: row.reference,
    reason: row.reason,
    currencyCode: row.currencyCode,
    total: toDocumentMoney(row.totalNetMinor, row.totalVatMinor),
  };
}

/**
 * A credit memo with its lines and its invoice's VAT, as GetCreditMemo shows it and CreateCreditMemo answers it.
 * `lines` are the stored lines in their order (read back, or just written).
 */
export function toCreditMemo(
  row: CreditMemoDetailRow,
  lines: ReadonlyArray<
    Pick<CreditMemoLineRow, 'id' | 'invoiceLineId' | 'description' | 'quantity' | 'netMinor' | 'vatMinor'>
  >,
): CreditMemo {
  return {
    ...toCreditMemoSummary(row),
    lines: lines.map((line) => ({
      creditMemoLineId: line.id,
      invoiceLineId: line.invoiceLineId,
      description: line.description,
      quantity: line.quantity,
      amount: toDocumentMoney(line.netMinor, line.vatMinor),
    })),
    vat: toVat(storedVatOf(row)),
    createdAt: row.createdAt.toISOString(),
  };
}
