/**
 * The customer's invoices (spec §7 Customer center, issue 9 §2): lists, one invoice, its PDF and the statement of
 * account. Every call answers for the customer the caller acts for (also a rep acting for them, ADR 013); another
 * customer's invoice, or an unknown one, answers 404 and nothing else. The back office's order page reads an order's
 * invoices of any customer through getInvoicesOfOrder.
 */
import {
  type GetInvoiceResponse,
  type GetInvoicesResponse,
  type GetInvoicesWithPaginationResponse,
  type GetStatementOfAccountResponse,
  type Invoice,
  type InvoiceFilters,
  MAX_DOCUMENTS_PAGE_SIZE,
} from '@b2b/contract';
import type { StoredPricedCampaign } from '@b2b/db/schema';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { formatAmount } from '../impersonation/impersonation-actions.ts';
import { minorToMajor, storedVatOf, toVat } from '../price/price-calculation.ts';
import { findCreditMemosOfInvoices } from './credit-memo-queries.repository.ts';
import { toCreditMemoSummary, toDocumentMoney, todayUtc, toInvoiceSummary } from './document-mappers.ts';
import { addressLinesOf, documentPdfFileName, renderDocumentPdf } from './document-pdf.ts';
import {
  findAreaSeller,
  findCustomerInvoice,
  findInvoiceLines,
  findInvoicesOfOrder,
  type InvoiceDetailRow,
  type InvoiceSearch,
  searchInvoices,
  sumOpenInvoices,
} from './invoice-queries.repository.ts';

type Filters = Omit<InvoiceSearch, 'customerId' | 'today'>;

/** The body's filters without the area; an empty search text filters nothing (the web sends the empty field). */
export function invoiceFiltersOf(body: InvoiceFilters): Filters {
  return { search: body.search || undefined, dateFrom: body.dateFrom, dateTo: body.dateTo, status: body.status };
}

/** POST GetInvoices: the newest invoices matching the filters (at most MAX_DOCUMENTS_PAGE_SIZE). */
export async function getInvoices(ctx: RequestContext, filters: Filters): Promise<GetInvoicesResponse> {
  const customer = requireCustomer(ctx);
  const today = todayUtc();
  const { rows, total } = await searchInvoices(
    ctx.db,
    { ...filters, customerId: customer.id, today },
    { limit: MAX_DOCUMENTS_PAGE_SIZE, offset: 0 },
  );
  return { invoices: rows.map((row) => toInvoiceSummary(row, today)), totalCount: total };
}

/** POST GetInvoicesWithPagination?pageSize&pageNr: one page; a page beyond the last is empty (with the true total). */
export async function getInvoicesWithPagination(
  ctx: RequestContext,
  filters: Filters,
  page: { pageSize: number; pageNr: number },
): Promise<GetInvoicesWithPaginationResponse> {
  const customer = requireCustomer(ctx);
  const today = todayUtc();
  const { rows, total } = await searchInvoices(
    ctx.db,
    { ...filters, customerId: customer.id, today },
    { limit: page.pageSize, offset: (page.pageNr - 1) * page.pageSize },
  );
  return {
    invoices: rows.map((row) => toInvoiceSummary(row, today)),
    totalCount: total,
    pageNr: page.pageNr,
    pageSize: page.pageSize,
    pageCount: Math.ceil(total / page.pageSize),
  };
}

/**
 * The seller printed on a document of the area. Every seeded area has one; a database without it is a setup error
 * (500), not the caller's.
 */
export async function requireAreaSeller(ctx: RequestContext, areaId: string) {
  const seller = await findAreaSeller(ctx.db, areaId);
  if (!seller) throw new Error(`Area ${areaId} has no seller in its settings; run the seed (issue 9).`);
  return seller;
}

function invoiceNotFound(): AppError {
  return new AppError('NotFoundException', 'Invoice not found.');
}

/** The invoice with its lines and the credit memos against it, as the contract's Invoice. */
async function loadInvoice(ctx: RequestContext, invoice: InvoiceDetailRow): Promise<Invoice> {
  const [lines, creditMemos] = await Promise.all([
    findInvoiceLines(ctx.db, invoice.id),
    findCreditMemosOfInvoices(ctx.db, [invoice.id]),
  ]);
  const address = invoice.billToAddress;
  return {
    ...toInvoiceSummary(invoice, todayUtc()),
    vatRatePercent: invoice.vatRateBasisPoints / 100,
    vat: toVat(storedVatOf(invoice)),
    customerName: invoice.customerName,
    customerNumber: invoice.customerNumber,
    billToAddress: address
      ? {
          name: address.name,
          street: address.street,
          postalCode: address.postalCode,
          city: address.city,
          countryCode: address.countryCode,
        }
      : null,
    lines: lines.map((line) => ({
      invoiceLineId: line.id,
      type: line.type,
      productId: line.productId,
      variantId: line.variantId,
      unitOfMeasure: line.unitOfMeasure,
      name: line.name,
      quantity: line.quantity,
      unitPrice: minorToMajor(line.unitNetMinor),
      linePrice: toDocumentMoney(line.lineNetMinor, line.lineVatMinor),
      campaign: line.campaign && { ...line.campaign, discount: minorToMajor(line.campaignDiscountMinor) },
      creditedQuantity: line.creditedQuantity,
    })),
    creditMemos: creditMemos.map(toCreditMemoSummary),
    createdAt: invoice.createdAt.toISOString(),
  };
}

/** POST GetInvoice: the invoice with this link id, its lines and the credit memos against it; 404 otherwise. */
export async function getInvoice(ctx: RequestContext, input: { linkId: string }): Promise<GetInvoiceResponse> {
  const customer = requireCustomer(ctx);
  const invoice = await findCustomerInvoice(ctx.db, { customerId: customer.id, linkId: input.linkId });
  if (!invoice) throw invoiceNotFound();
  return { invoice: await loadInvoice(ctx, invoice) };
}

/**
 * The invoices of an order with their lines and credit memos, whichever customer's: the back office's order page
 * (GetById, policy `backoffice`). Never call it for a customer's request.
 */
export async function getInvoicesOfOrder(ctx: RequestContext, input: { orderId: string }): Promise<Invoice[]> {
  const rows = await findInvoicesOfOrder(ctx.db, input.orderId);
  return Promise.all(rows.map((row) => loadInvoice(ctx, row)));
}

/**
 * GET GetInvoicePdf?InvoiceId&LinkId: the invoice as a PDF (seller and bank from the area's data). Both ids must name
 * the same invoice of the customer: the link id is the secret part, the id alone opens nothing.
 */
export async function getInvoicePdf(
  ctx: RequestContext,
  input: { invoiceId: string; linkId: string },
): Promise<{ fileName: string; pdf: Buffer }> {
  const customer = requireCustomer(ctx);
  const invoice = await findCustomerInvoice(ctx.db, {
    customerId: customer.id,
    linkId: input.linkId,
    invoiceId: input.invoiceId,
  });
  if (!invoice) throw invoiceNotFound();
  const [lines, seller] = await Promise.all([
    findInvoiceLines(ctx.db, invoice.id),
    requireAreaSeller(ctx, invoice.areaId),
  ]);
  const pdf = await renderDocumentPdf({
    kind: 'invoice',
    documentNumber: invoice.invoiceNumber,
    issuedOn: invoice.invoiceDate,
    dueOn: invoice.dueDate,
    orderNumber: invoice.orderNumber,
    reference: invoice.reference,
    creditedInvoiceNumber: null,
    seller,
    customer: {
      name: invoice.customerName,
      customerNumber: invoice.customerNumber,
      addressLines: addressLinesOf(invoice.billToAddress, invoice.customerName),
    },
    currencyCode: invoice.currencyCode,
    lines: lines.map((line) => ({
      itemNumber: line.variantId ?? line.productId ?? '',
      name: line.name,
      quantity: line.quantity,
      unitOfMeasure: line.unitOfMeasure,
      unitPriceMinor: line.unitNetMinor,
      lineTotalMinor: line.lineNetMinor,
      note: line.campaign
        ? campaignLineNote(line.campaign, formatAmount(line.campaignDiscountMinor, invoice.currencyCode))
        : undefined,
    })),
    vat: storedVatOf(invoice),
    totalNetMinor: invoice.totalNetMinor,
    totalVatMinor: invoice.totalVatMinor,
    totalWithVatMinor: invoice.totalNetMinor + invoice.totalVatMinor,
  });
  return { fileName: documentPdfFileName(invoice.invoiceNumber), pdf };
}

/**
 * Per currency, what the caller's customer's unpaid invoices leave to pay (credit memos deducted) and the part of it
 * past the due date, as of `today` (UTC): the statement of account shows it, the credit limit counts it (ADR 019).
 */
export async function sumOpenInvoicesOfCustomer(ctx: RequestContext, input: { today: string }) {
  const customer = requireCustomer(ctx);
  return sumOpenInvoices(ctx.db, { customerId: customer.id, today: input.today });
}

/** POST GetStatementOfAccount: the customer's open and overdue amounts per currency, as of today (UTC). */
export async function getStatementOfAccount(ctx: RequestContext): Promise<GetStatementOfAccountResponse> {
  const today = todayUtc();
  const rows = await sumOpenInvoicesOfCustomer(ctx, { today });
  return {
    asOf: today,
    currencies: rows.map((row) => ({
      currencyCode: row.currencyCode,
      openBalance: minorToMajor(row.openBalanceMinor),
      overdueAmount: minorToMajor(row.overdueAmountMinor),
      openInvoiceCount: row.openInvoiceCount,
      overdueInvoiceCount: row.overdueInvoiceCount,
    })),
  };
}

/**
 * The campaign and level on an invoice line, as the PDF prints it under the line's name: "Campaign Summer mix & match:
 * 10 % from 12 pcs, -EUR 9.60". The unit price is the price agreement's; the line total is after the campaign.
 */
function campaignLineNote(campaign: StoredPricedCampaign, discount: string): string {
  const { level } = campaign;
  return `Campaign ${campaign.name}: ${level.discountPercentage} % from ${level.minimumQuantity} pcs, -${discount}`;
}
