/**
 * The customer's credit memos (spec §7 Customer center, issue 9 §2): lists, one credit memo and its PDF, scoped to
 * the customer the caller acts for; another customer's credit memo, or an unknown one, answers 404.
 */
import {
  type CreditMemoFilters,
  type GetCreditMemoResponse,
  type GetCreditMemosResponse,
  type GetCreditMemosWithPaginationResponse,
  MAX_DOCUMENTS_PAGE_SIZE,
} from '@b2b/contract';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { storedVatOf } from '../price/price-calculation.ts';
import {
  type CreditMemoSearch,
  findCreditMemoLines,
  findCustomerCreditMemo,
  searchCreditMemos,
} from './credit-memo-queries.repository.ts';
import { toCreditMemo, toCreditMemoSummary } from './document-mappers.ts';
import { addressLinesOf, documentPdfFileName, renderDocumentPdf } from './document-pdf.ts';
import { requireAreaSeller } from './invoice-queries.service.ts';

type Filters = Omit<CreditMemoSearch, 'customerId'>;

/** The body's filters without the area; an empty search text filters nothing (the web sends the empty field). */
export function creditMemoFiltersOf(body: CreditMemoFilters): Filters {
  return { search: body.search || undefined, dateFrom: body.dateFrom, dateTo: body.dateTo };
}

/** POST GetCreditMemos: the newest credit memos matching the filters (at most MAX_DOCUMENTS_PAGE_SIZE). */
export async function getCreditMemos(ctx: RequestContext, filters: Filters): Promise<GetCreditMemosResponse> {
  const customer = requireCustomer(ctx);
  const { rows, total } = await searchCreditMemos(
    ctx.db,
    { ...filters, customerId: customer.id },
    { limit: MAX_DOCUMENTS_PAGE_SIZE, offset: 0 },
  );
  return { creditMemos: rows.map(toCreditMemoSummary), totalCount: total };
}

/** POST GetCreditMemosWithPagination?pageSize&pageNr: one page; a page beyond the last is empty. */
export async function getCreditMemosWithPagination(
  ctx: RequestContext,
  filters: Filters,
  page: { pageSize: number; pageNr: number },
): Promise<GetCreditMemosWithPaginationResponse> {
  const customer = requireCustomer(ctx);
  const { rows, total } = await searchCreditMemos(
    ctx.db,
    { ...filters, customerId: customer.id },
    { limit: page.pageSize, offset: (page.pageNr - 1) * page.pageSize },
  );
  return {
    creditMemos: rows.map(toCreditMemoSummary),
    totalCount: total,
    pageNr: page.pageNr,
    pageSize: page.pageSize,
    pageCount: Math.ceil(total / page.pageSize),
  };
}

async function loadCustomerCreditMemo(ctx: RequestContext, creditMemoId: string) {
  const customer = requireCustomer(ctx);
  const creditMemo = await findCustomerCreditMemo(ctx.db, { customerId: customer.id, creditMemoId });
  if (!creditMemo) throw new AppError('NotFoundException', 'Credit memo not found.');
  return creditMemo;
}

/** POST GetCreditMemo: the credit memo with its lines; 404 when it is not the customer's. */
export async function getCreditMemo(
  ctx: RequestContext,
  input: { creditMemoId: string },
): Promise<GetCreditMemoResponse> {
  const creditMemo = await loadCustomerCreditMemo(ctx, input.creditMemoId);
  const lines = await findCreditMemoLines(ctx.db, creditMemo.id);
  return { creditMemo: toCreditMemo(creditMemo, lines) };
}

/** GET GetCreditMemoPdf?CreditMemoId: the credit memo as a PDF; 404 when it is not the customer's. */
export async function getCreditMemoPdf(
  ctx: RequestContext,
  input: { creditMemoId: string },
): Promise<{ fileName: string; pdf: Buffer }> {
  const creditMemo = await loadCustomerCreditMemo(ctx, input.creditMemoId);
  const [lines, seller] = await Promise.all([
    findCreditMemoLines(ctx.db, creditMemo.id),
    requireAreaSeller(ctx, creditMemo.areaId),
  ]);
  const pdf = await renderDocumentPdf({
    kind: 'creditMemo',
    documentNumber: creditMemo.creditMemoNumber,
    issuedOn: creditMemo.creditMemoDate,
    dueOn: null,
    orderNumber: creditMemo.orderNumber,
    reference: creditMemo.reference,
    creditedInvoiceNumber: creditMemo.invoiceNumber,
    seller,
    customer: {
      name: creditMemo.customerName,
      customerNumber: creditMemo.customerNumber,
      addressLines: addressLinesOf(creditMemo.billToAddress, creditMemo.customerName),
    },
    currencyCode: creditMemo.currencyCode,
    // A credited quantity of an invoice line at its unit price; an amount credit as one unit of that amount.
    lines: lines.map((line) => ({
      itemNumber: line.variantId ?? line.productId ?? '',
      name: line.description,
      quantity: line.quantity ?? 1,
      unitOfMeasure: line.quantity === null ? null : line.unitOfMeasure,
      unitPriceMinor: line.unitNetMinor ?? line.netMinor,
      lineTotalMinor: line.netMinor,
    })),
    vat: storedVatOf(creditMemo),
    totalNetMinor: creditMemo.totalNetMinor,
    totalVatMinor: creditMemo.totalVatMinor,
    totalWithVatMinor: creditMemo.totalWithVatMinor,
  });
  return { fileName: documentPdfFileName(creditMemo.creditMemoNumber), pdf };
}
