/**
 * Document calls (ADR 014): the customer's invoices, credit memos, statement and Reorder under /api/CustomerCenter/,
 * and the back-office calls that move an order through its states and credit its invoice under
 * /backoffice/api/Order/. Customer calls answer 403 to a user without a customer and 404 to another customer's id.
 */
import { z } from 'zod';
import {
  createCreditMemoBody,
  createCreditMemoResponse,
  creditMemoFiltersSchema,
  documentsPaginationQuery,
  getCreditMemoBody,
  getCreditMemoPdfQuery,
  getCreditMemoResponse,
  getCreditMemosResponse,
  getCreditMemosWithPaginationResponse,
  getInvoiceBody,
  getInvoicePdfQuery,
  getInvoiceResponse,
  getInvoicesResponse,
  getInvoicesWithPaginationResponse,
  getStatementOfAccountBody,
  getStatementOfAccountResponse,
  invoiceFiltersSchema,
  registerInvoicePaymentBody,
  registerInvoicePaymentResponse,
  reorderBody,
  reorderResponse,
  sendReceiptCopyBody,
  updateOrderStateBody,
  updateOrderStateResponse,
} from '../documents.ts';
import { defineEndpoint } from '../endpoint.ts';

/** A PDF answer: bytes, described for OpenAPI as a binary string. */
const pdfResponse = z.string().meta({ format: 'binary' }).describe('The PDF document (application/pdf).');

export const documentsEndpoints = {
  getInvoices: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetInvoices',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "The caller's customer's invoices, newest first",
    description: 'At most 100; filter by invoice number, order number or reference text, invoice date and status.',
    body: invoiceFiltersSchema,
    response: getInvoicesResponse,
  }),
  getInvoicesWithPagination: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetInvoicesWithPagination',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "One page of the caller's customer's invoices, newest first",
    description:
      'Query pageSize (1–100) and pageNr (from 1), both required (spec §5: a missing one answers 400); the filters of GetInvoices in the body.',
    query: documentsPaginationQuery,
    body: invoiceFiltersSchema,
    response: getInvoicesWithPaginationResponse,
  }),
  getInvoice: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetInvoice',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: 'One invoice by its link id, with lines and credit memos',
    description: "404 NotFoundException when no invoice of the caller's customer has the link id.",
    body: getInvoiceBody,
    response: getInvoiceResponse,
    errors: [404],
  }),
  getInvoicePdf: defineEndpoint({
    method: 'GET',
    path: '/api/CustomerCenter/GetInvoicePdf',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: 'The invoice as a PDF',
    description:
      "InvoiceId and LinkId must name the same invoice of the caller's customer (404 otherwise). " +
      'Content-Disposition names the file after the invoice number.',
    query: getInvoicePdfQuery,
    response: pdfResponse,
    responseContentType: 'application/pdf',
    errors: [404],
  }),
  getCreditMemos: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetCreditMemos',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "The caller's customer's credit memos, newest first",
    description: 'At most 100; filter by credit memo, invoice or order number or reference text and by date.',
    body: creditMemoFiltersSchema,
    response: getCreditMemosResponse,
  }),
  getCreditMemosWithPagination: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetCreditMemosWithPagination',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "One page of the caller's customer's credit memos, newest first",
    description:
      'Query pageSize (1–100) and pageNr (from 1), both required (spec §5: a missing one answers 400); the filters of GetCreditMemos in the body.',
    query: documentsPaginationQuery,
    body: creditMemoFiltersSchema,
    response: getCreditMemosWithPaginationResponse,
  }),
  getCreditMemo: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetCreditMemo',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: 'One credit memo with its lines',
    description: "404 NotFoundException when the credit memo is not the caller's customer's.",
    body: getCreditMemoBody,
    response: getCreditMemoResponse,
    errors: [404],
  }),
  getCreditMemoPdf: defineEndpoint({
    method: 'GET',
    path: '/api/CustomerCenter/GetCreditMemoPdf',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: 'The credit memo as a PDF',
    description: "404 when the credit memo is not the caller's customer's.",
    query: getCreditMemoPdfQuery,
    response: pdfResponse,
    responseContentType: 'application/pdf',
    errors: [404],
  }),
  getStatementOfAccount: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/GetStatementOfAccount',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "The caller's customer's open balance and overdue amount per currency",
    body: getStatementOfAccountBody,
    response: getStatementOfAccountResponse,
  }),
  reorder: defineEndpoint({
    method: 'POST',
    path: '/api/CustomerCenter/Reorder',
    policy: 'customer',
    tag: 'CustomerCenter',
    summary: "Puts an order's product lines into the caller's open cart",
    description:
      'Adds each product line at its ordered quantity, at today’s prices; lines without stock are added as ' +
      'backorder. Answers which lines were added and which not (no longer sold, no price, above the line limit ' +
      'with what the cart holds) and why. ' +
      "404 when the order is not the caller's customer's.",
    body: reorderBody,
    response: reorderResponse,
    errors: [404],
  }),
  updateOrderState: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Order/UpdateOrderState',
    policy: 'backoffice',
    tag: 'Order',
    summary: 'Moves an order to another state (and invoices it when the state is Invoiced)',
    description:
      'One transaction: locks the order, checks the move (ADR 014), writes the state and who moved it. Cancelling ' +
      'releases the reserved stock; Invoiced creates the invoice from the order. 409 ' +
      'IllegalOrderStateTransitionException when the move is not allowed; its `errors` name the allowed states.',
    body: updateOrderStateBody,
    response: updateOrderStateResponse,
    errors: [404, 409],
  }),
  sendReceiptCopy: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Order/SendReceiptCopy',
    policy: 'backoffice',
    tag: 'Order',
    summary: "Puts a copy of the order's confirmation into the mail outbox to an address",
    body: sendReceiptCopyBody,
    successStatus: 204,
    response: z.null(),
    errors: [404],
  }),
  createCreditMemo: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Order/CreateCreditMemo',
    policy: 'backoffice',
    tag: 'Order',
    summary: 'Credits lines or an amount of an invoice',
    description:
      'Either `lines` (invoice lines and quantities) or `amount` (without VAT, major units). 409 ' +
      'CreditExceedsInvoiceException when it would credit more than is left on the invoice (or a line).',
    body: createCreditMemoBody,
    successStatus: 201,
    response: createCreditMemoResponse,
    errors: [404, 409],
  }),
  registerInvoicePayment: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Order/RegisterInvoicePayment',
    policy: 'backoffice',
    tag: 'Order',
    summary: 'Marks an invoice paid',
    description: '409 ConflictException when the invoice is paid already.',
    body: registerInvoicePaymentBody,
    response: registerInvoicePaymentResponse,
    errors: [404, 409],
  }),
};
