/**
 * Invoice writes (ADR 014): the order module's UpdateOrderState invoices a shipped order here (invoiceOrder, in its
 * transaction); the back office's CreateCreditMemo credits lines or an amount of an invoice, never beyond what is
 * left; RegisterInvoicePayment marks an invoice paid. The last two lock the invoice row, so concurrent calls on one
 * invoice are checked one after another against what the earlier ones wrote. Both record an audit entry (object
 * `invoice`) in their transaction (issue 28).
 */
import type {
  CreateCreditMemoBody,
  CreateCreditMemoResponse,
  InvoiceSummary,
  RegisterInvoicePaymentResponse,
} from '@b2b/contract';
import type { orders } from '@b2b/db/schema';
import { inTransaction, type RequestContext, requireUser } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import { formatAmount } from '../impersonation/impersonation-actions.ts';
import { type CreditRequest, calculateCredit } from './credit-calculation.ts';
import { findCustomerCreditMemo } from './credit-memo-queries.repository.ts';
import { toCreditMemo, todayUtc, toInvoiceSummary } from './document-mappers.ts';
import {
  findBillingDetails,
  findCreditState,
  findOrderLinesForInvoice,
  type InvoiceRow,
  insertCreditMemo,
  insertInvoice,
  lockInvoice,
  markInvoicePaid,
} from './document-writes.repository.ts';
import { addDays, calculateInvoice } from './invoice-calculation.ts';
import { findCustomerInvoice } from './invoice-queries.repository.ts';

/** The invoice as the contract's summary (read back in the caller's transaction). */
async function invoiceSummaryOf(ctx: RequestContext, invoice: InvoiceRow): Promise<InvoiceSummary> {
  const row = await findCustomerInvoice(ctx.db, {
    customerId: invoice.customerId,
    linkId: invoice.linkId,
    invoiceId: invoice.id,
  });
  if (!row) throw new Error(`invoice ${invoice.id} vanished`);
  return toInvoiceSummary(row, todayUtc());
}

/**
 * Invoices the order (ADR 014), in the caller's transaction (UpdateOrderState to Invoiced, which holds the order's
 * row lock): its top-level lines and shipping fee with the order's VAT as placed (rate, treatment, note, the
 * customer's VAT number; ADR 018), dated today (UTC), due after the customer's payment terms, addressed to the
 * customer's default address. Answers the invoice as the contract's summary.
 */
export async function invoiceOrder(
  ctx: RequestContext,
  input: { order: typeof orders.$inferSelect; userId: string },
): Promise<InvoiceSummary> {
  const { order, userId } = input;
  const [lines, billing] = await Promise.all([
    findOrderLinesForInvoice(ctx.db, order.id),
    findBillingDetails(ctx.db, order.customerId),
  ]);
  const calculated = calculateInvoice({
    lines,
    shippingFeeMinor: order.shippingFeeMinor,
    shippingMethodName: order.shippingMethodName,
    totalVatMinor: order.totalVatMinor,
  });
  const invoiceDate = todayUtc();
  const invoice = await insertInvoice(
    ctx.db,
    {
      customerId: order.customerId,
      orderId: order.id,
      areaId: order.areaId,
      currencyCode: order.currencyCode,
      vatRateBasisPoints: order.vatRateBasisPoints,
      vatTreatment: order.vatTreatment,
      vatNote: order.vatNote,
      customerVatNumber: order.customerVatNumber,
      billToAddress: billing.billToAddress ?? order.shipToAddress,
      invoiceDate,
      dueDate: addDays(invoiceDate, billing.paymentTermsDays ?? 0),
      totalNetMinor: calculated.totalNetMinor,
      totalVatMinor: calculated.totalVatMinor,
      totalWithVatMinor: calculated.totalWithVatMinor,
      createdByUserId: userId,
    },
    calculated.lines,
  );
  return invoiceSummaryOf(ctx, invoice);
}

/** An amount in major units (at most two decimals, checked by the contract) as minor units. */
function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

function creditRequestOf(body: CreateCreditMemoBody): CreditRequest {
  if (body.lines) return { kind: 'lines', lines: body.lines };
  if (body.amount !== undefined) return { kind: 'amount', netMinor: toMinor(body.amount) };
  throw validationError('lines', 'give either lines or amount');
}

/**
 * POST /backoffice/api/Order/CreateCreditMemo. One transaction: lock the invoice, read what earlier credit memos
 * credited, calculate the credit (credit-calculation.ts) and write it. 404 for an unknown invoice, 400 for a line of
 * another invoice, 409 CreditExceedsInvoiceException for more than is left on a line or on the invoice.
 */
export async function createCreditMemo(
  ctx: RequestContext,
  body: CreateCreditMemoBody,
): Promise<CreateCreditMemoResponse> {
  const user = requireUser(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const invoice = await lockInvoice(txCtx.db, body.invoiceId);
    if (!invoice) throw new AppError('NotFoundException', `Invoice ${body.invoiceId} was not found.`);
    const state = await findCreditState(txCtx.db, invoice.id);
    const outcome = calculateCredit(
      {
        vatRateBasisPoints: invoice.vatRateBasisPoints,
        totalNetMinor: invoice.totalNetMinor,
        totalVatMinor: invoice.totalVatMinor,
        ...state,
      },
      creditRequestOf(body),
    );
    if (!outcome.ok) {
      switch (outcome.reason) {
        case 'unknown-line':
          throw validationError(
            'lines',
            `holds ${outcome.invoiceLineId}, which is not a line of ${invoice.invoiceNumber}`,
          );
        case 'line-exceeded':
          throw new AppError(
            'CreditExceedsInvoiceException',
            `Only ${outcome.creditableQuantity} of invoice line ${outcome.invoiceLineId} are left to credit.`,
          );
        case 'invoice-exceeded':
          throw new AppError(
            'CreditExceedsInvoiceException',
            `Only ${formatAmount(outcome.remainingNetMinor, invoice.currencyCode)} excl. VAT ` +
              `(${formatAmount(outcome.remainingVatMinor, invoice.currencyCode)} VAT) are left to credit on ` +
              `${invoice.invoiceNumber}.`,
          );
      }
    }
    const { creditMemo, lines } = await insertCreditMemo(
      txCtx.db,
      {
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        currencyCode: invoice.currencyCode,
        creditMemoDate: todayUtc(),
        totalNetMinor: outcome.totalNetMinor,
        totalVatMinor: outcome.totalVatMinor,
        totalWithVatMinor: outcome.totalWithVatMinor,
        reason: body.reason,
        createdByUserId: user.id,
      },
      outcome.lines,
    );
    const summary = await findCustomerCreditMemo(txCtx.db, {
      customerId: invoice.customerId,
      creditMemoId: creditMemo.id,
    });
    if (!summary) throw new Error(`credit memo ${creditMemo.id} vanished`);
    const credited = toCreditMemo(summary, lines);
    await recordAuditEntry(txCtx, {
      objectType: 'invoice',
      objectId: invoice.invoiceNumber,
      action: 'credit',
      summary:
        `Invoice ${invoice.invoiceNumber}: credit memo ${credited.creditMemoNumber} over ` +
        `${formatAmount(outcome.totalWithVatMinor, invoice.currencyCode)} incl. VAT — ${body.reason}`,
      before: {
        creditedNetMinor: state.creditedNetMinor,
        creditedVatMinor: state.creditedVatMinor,
      },
      after: {
        creditMemoNumber: credited.creditMemoNumber,
        creditedNetMinor: state.creditedNetMinor + outcome.totalNetMinor,
        creditedVatMinor: state.creditedVatMinor + outcome.totalVatMinor,
        lines: body.lines ?? null,
        amount: body.amount ?? null,
        reason: body.reason,
      },
    });
    return { creditMemo: credited };
  });
}

/**
 * POST /backoffice/api/Order/RegisterInvoicePayment: the invoice is paid (at `paidAt`, now when not given), recorded
 * with the back-office user. 404 for an unknown invoice; 409 when it is paid already (the first payment stands).
 */
export async function registerInvoicePayment(
  ctx: RequestContext,
  input: {
    invoiceId: string;
    paidAt?: string | undefined;
    amount?: number | undefined;
    reference?: string | undefined;
  },
): Promise<RegisterInvoicePaymentResponse> {
  const user = requireUser(ctx);
  return inTransaction(ctx, async (txCtx) => {
    const invoice = await lockInvoice(txCtx.db, input.invoiceId);
    if (!invoice) throw new AppError('NotFoundException', `Invoice ${input.invoiceId} was not found.`);
    if (invoice.paidAt) {
      throw new AppError(
        'ConflictException',
        `Invoice ${invoice.invoiceNumber} was paid on ${invoice.paidAt.toISOString()} already.`,
      );
    }
    const before = await invoiceSummaryOf(txCtx, invoice);
    // An invoice is paid in full (ADR 014): an amount that is not what is open is a typing error or a part payment
    // the shop does not record, so it is refused rather than closing the invoice on the wrong sum.
    if (input.amount !== undefined && toMinor(input.amount) !== toMinor(before.openAmount)) {
      throw validationError(
        'amount',
        `must be what is open on ${invoice.invoiceNumber}: ` +
          `${formatAmount(toMinor(before.openAmount), invoice.currencyCode)} incl. VAT`,
      );
    }
    const paidAt = input.paidAt ? new Date(input.paidAt) : new Date();
    await markInvoicePaid(txCtx.db, { invoiceId: invoice.id, paidAt, userId: user.id });
    await recordAuditEntry(txCtx, {
      objectType: 'invoice',
      objectId: invoice.invoiceNumber,
      action: 'payment',
      summary:
        `Invoice ${invoice.invoiceNumber}: paid ${formatAmount(toMinor(before.openAmount), invoice.currencyCode)}` +
        (input.reference ? ` (${input.reference})` : ''),
      before: { paidAt: null, openAmount: before.openAmount },
      after: { paidAt: paidAt.toISOString(), amount: before.openAmount, reference: input.reference ?? null },
    });
    return { invoice: await invoiceSummaryOf(txCtx, invoice) };
  });
}
