/**
 * The customer's invoices, credit memos and statement of account from the API (ADR 014), for the customer center's
 * pages. Every call is made with the session's token, so a sales rep acting for a customer sees that customer's
 * documents and nobody else's: the API scopes them, and answers 404 for a foreign or unknown id.
 */
import {
  type CreditMemo,
  DEFAULT_DOCUMENTS_PAGE_SIZE,
  type GetCreditMemosWithPaginationResponse,
  type GetInvoicesWithPaginationResponse,
  type GetStatementOfAccountResponse,
  type Invoice,
  MAX_DOCUMENTS_PAGE_SIZE,
} from '@b2b/contract';
import { getCreditMemoPdfQuery, getInvoicePdfQuery } from '@b2b/contract/documents';
import { documentsEndpoints } from '@b2b/contract/endpoints/documents';
import type { RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getSession } from '~/lib/session.server.ts';
import { CREDIT_MEMO_ZIP_FIELD, INVOICE_ZIP_FIELD, splitInvoiceZipValue } from './document-downloads.ts';
import type { DocumentListParams, InvoiceListParams } from './document-list-params.ts';
import { fileNameFromContentDisposition, type NamedFile } from './pdf-zip.server.ts';

type Context = Readonly<RouterContextProvider>;

/** How many of each kind of document the account overview shows (the lists have the rest). */
const LATEST_INVOICES = 5;
const LATEST_CREDIT_MEMOS = 3;

function dateFilters(params: DocumentListParams) {
  return {
    ...(params.search ? { search: params.search } : {}),
    ...(params.dateFrom ? { dateFrom: params.dateFrom } : {}),
    ...(params.dateTo ? { dateTo: params.dateTo } : {}),
  };
}

/** A foreign or unknown id (404), or one that is not an id at all (400): the page is "not found" either way. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function getInvoicesPage(
  context: Context,
  params: InvoiceListParams,
  pageSize = DEFAULT_DOCUMENTS_PAGE_SIZE,
): Promise<GetInvoicesWithPaginationResponse> {
  const { area } = getSession(context);
  return getApi(context).call(documentsEndpoints.getInvoicesWithPagination, {
    query: { pageSize, pageNr: params.page },
    body: { area, ...dateFilters(params), ...(params.status ? { status: params.status } : {}) },
  });
}

export async function findInvoice(context: Context, linkId: string): Promise<Invoice | null> {
  const { area } = getSession(context);
  try {
    return (await getApi(context).call(documentsEndpoints.getInvoice, { body: { area, linkId } })).invoice;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function getCreditMemosPage(
  context: Context,
  params: DocumentListParams,
  pageSize = DEFAULT_DOCUMENTS_PAGE_SIZE,
): Promise<GetCreditMemosWithPaginationResponse> {
  const { area } = getSession(context);
  return getApi(context).call(documentsEndpoints.getCreditMemosWithPagination, {
    query: { pageSize, pageNr: params.page },
    body: { area, ...dateFilters(params) },
  });
}

export async function findCreditMemo(context: Context, creditMemoId: string): Promise<CreditMemo | null> {
  const { area } = getSession(context);
  try {
    return (await getApi(context).call(documentsEndpoints.getCreditMemo, { body: { area, creditMemoId } })).creditMemo;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The account overview's figures: open and overdue per currency, and the newest invoices and credit memos. */
export async function getAccountDocuments(context: Context) {
  const { area } = getSession(context);
  const firstPage = { search: '', dateFrom: '', dateTo: '', page: 1 };
  const [statement, invoices, creditMemos] = await Promise.all([
    getApi(context).call(documentsEndpoints.getStatementOfAccount, { body: { area } }),
    getInvoicesPage(context, { ...firstPage, status: '' }, LATEST_INVOICES),
    getCreditMemosPage(context, firstPage, LATEST_CREDIT_MEMOS),
  ]);
  return { statement, invoices, creditMemos } satisfies {
    statement: GetStatementOfAccountResponse;
    invoices: GetInvoicesWithPaginationResponse;
    creditMemos: GetCreditMemosWithPaginationResponse;
  };
}

// PDFs

/** GetInvoicePdf takes both ids of an invoice; the pages and the ZIP form carry them together. */
export type InvoicePdfRef = { invoiceId: string; linkId: string };

/**
 * Checked ids of an invoice (GetInvoicePdf's query schema), or null: a hand-made URL gets a 404 from the page, not a
 * 400 from the API.
 */
export function toInvoicePdfRef(invoiceId: string | null, linkId: string | null): InvoicePdfRef | null {
  const parsed = getInvoicePdfQuery.safeParse({ InvoiceId: invoiceId, LinkId: linkId });
  return parsed.success ? { invoiceId: parsed.data.InvoiceId, linkId: parsed.data.LinkId } : null;
}

/** The credit memo's id checked (GetCreditMemoPdf's query schema), or null. */
export function toCreditMemoId(value: string | null): string | null {
  const parsed = getCreditMemoPdfQuery.safeParse({ CreditMemoId: value });
  return parsed.success ? parsed.data.CreditMemoId : null;
}

/** The API's answer with the invoice's PDF (body unread), or null when the invoice is not the customer's. */
export async function fetchInvoicePdf(context: Context, ref: InvoicePdfRef, signal?: AbortSignal) {
  try {
    return await getApi(context).fetchFile(
      documentsEndpoints.getInvoicePdf,
      { query: { InvoiceId: ref.invoiceId, LinkId: ref.linkId } },
      signal ? { signal } : {},
    );
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export async function fetchCreditMemoPdf(context: Context, creditMemoId: string, signal?: AbortSignal) {
  try {
    return await getApi(context).fetchFile(
      documentsEndpoints.getCreditMemoPdf,
      { query: { CreditMemoId: creditMemoId } },
      signal ? { signal } : {},
    );
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * The documents chosen for a ZIP: at most a page's worth (the API's largest page), each id checked; null when one
 * is malformed or there are too many.
 */
function readChosen<T>(values: string[], toRef: (value: string) => T | null): T[] | null {
  if (values.length > MAX_DOCUMENTS_PAGE_SIZE) return null;
  const refs = values.map(toRef);
  return refs.every((ref) => ref !== null) ? (refs as T[]) : null;
}

export function parseInvoiceZipRefs(searchParams: URLSearchParams): InvoicePdfRef[] | null {
  return readChosen(searchParams.getAll(INVOICE_ZIP_FIELD), (value) => {
    const { invoiceId, linkId } = splitInvoiceZipValue(value);
    return toInvoicePdfRef(invoiceId, linkId);
  });
}

export function parseCreditMemoZipIds(searchParams: URLSearchParams): string[] | null {
  return readChosen(searchParams.getAll(CREDIT_MEMO_ZIP_FIELD), toCreditMemoId);
}

/** The chosen invoices' PDFs, or null when one is not the customer's. */
export function readInvoicePdfs(context: Context, refs: InvoicePdfRef[], signal: AbortSignal) {
  return readPdfs(
    refs.map((ref) => () => fetchInvoicePdf(context, ref, signal)),
    (index) => `invoice-${index + 1}.pdf`,
  );
}

export function readCreditMemoPdfs(context: Context, creditMemoIds: string[], signal: AbortSignal) {
  return readPdfs(
    creditMemoIds.map((creditMemoId) => () => fetchCreditMemoPdf(context, creditMemoId, signal)),
    (index) => `credit-memo-${index + 1}.pdf`,
  );
}

/**
 * Reads several documents' PDFs, two at a time (the API renders each; more in parallel would only queue there),
 * named as the API names them. Null when one of them is not the customer's: the ZIP is all or nothing.
 */
async function readPdfs(
  fetchers: Array<() => Promise<Response | null>>,
  fallbackName: (index: number) => string,
): Promise<NamedFile[] | null> {
  const files: NamedFile[] = new Array(fetchers.length);
  let next = 0;
  let missing = false;
  async function work(): Promise<void> {
    while (!missing && next < fetchers.length) {
      const index = next++;
      const fetchPdf = fetchers[index];
      const response = fetchPdf ? await fetchPdf() : null;
      if (!response) {
        missing = true;
        return;
      }
      const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition'), fallbackName(index));
      files[index] = { fileName, bytes: new Uint8Array(await response.arrayBuffer()) };
    }
  }
  await Promise.all([work(), work()]);
  return missing ? null : files;
}
