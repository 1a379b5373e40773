/**
 * Documents of an order's life (ADR 014): invoices, credit memos, the statement of account, an order's timeline,
 * Reorder, and the back-office calls that move orders on and credit invoices. Customer calls answer for the caller's
 * customer only (a foreign or unknown id answers 404); money in major units of the document's currency.
 */
import { z } from 'zod';
import { pricedCampaignSchema } from './campaign.ts';
import {
  areaInfoSchema,
  currencyCodeSchema,
  moneySchema,
  productIdSchema,
  requiredQueryInteger,
  vatSchema,
} from './common.ts';
import {
  INVOICE_STATUSES,
  MAX_DOCUMENT_NOTE_LENGTH,
  MAX_DOCUMENT_SEARCH_LENGTH,
  MAX_DOCUMENTS_PAGE_SIZE,
} from './constants.ts';
import { orderAssistanceSchema } from './impersonation.ts';
import { orderNumberSchema, orderStatusSchema } from './order.ts';

const isoDateSchema = z.iso.date();
const timestampSchema = z.iso.datetime({ offset: true });

export const invoiceStatusSchema = z
  .enum(INVOICE_STATUSES)
  .describe('open until paid; overdue when open after the due date; paid once the payment is registered.');
export const invoiceNumberSchema = z.string().regex(/^INV-\d{6,}$/, 'must look like INV-000123');
export const creditMemoNumberSchema = z.string().regex(/^CM-\d{6,}$/, 'must look like CM-000123');
/** 16 random bytes as base64url: the invoice's address, which cannot be guessed from its number. */
export const invoiceLinkIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'must be an invoice link id (22 characters of base64url)')
  .describe('Link id of the invoice (random, not guessable; its URL in the customer center).');

// Lists and filters

const documentSearchSchema = z.string().trim().max(MAX_DOCUMENT_SEARCH_LENGTH).optional();

function dateRangeIsOrdered(filters: { dateFrom?: string | undefined; dateTo?: string | undefined }): boolean {
  return !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo;
}
const dateRangeError = { message: 'must not be after dateTo', path: ['dateFrom'] };

/** The filters both document lists take: the area, a search text (what it matches is the list's own), the dates. */
function documentFiltersShape(documentsNoun: string, searchDescription: string) {
  return {
    area: areaInfoSchema,
    search: documentSearchSchema.describe(searchDescription),
    dateFrom: isoDateSchema.optional().describe(`${documentsNoun} dated on or after this day (yyyy-mm-dd).`),
    dateTo: isoDateSchema.optional().describe(`${documentsNoun} dated on or before this day (yyyy-mm-dd).`),
  };
}

/** Filters of GetInvoices(WithPagination): text over invoice number, order number and reference; dates; status. */
export const invoiceFiltersSchema = z
  .object({
    ...documentFiltersShape(
      'Invoices',
      'Part of an invoice number (INV-000123), order number (SO-000123) or reference; case-insensitive.',
    ),
    status: invoiceStatusSchema.optional().describe('Only open, paid or overdue invoices (overdue ones are open too).'),
  })
  .strict()
  .refine(dateRangeIsOrdered, dateRangeError);
export type InvoiceFilters = z.infer<typeof invoiceFiltersSchema>;

/** Filters of GetCreditMemos(WithPagination): text over credit memo, invoice and order number and reference; dates. */
export const creditMemoFiltersSchema = z
  .object(
    documentFiltersShape(
      'Credit memos',
      'Part of a credit memo number (CM-000123), invoice number, order number or reference; case-insensitive.',
    ),
  )
  .strict()
  .refine(dateRangeIsOrdered, dateRangeError);
export type CreditMemoFilters = z.infer<typeof creditMemoFiltersSchema>;

/** Query of the *WithPagination document calls (spec §7: `?pageSize&pageNr`, both required: spec §5). */
export const documentsPaginationQuery = z
  .object({
    pageSize: requiredQueryInteger(1, MAX_DOCUMENTS_PAGE_SIZE).describe(
      `Documents per page, 1 to ${MAX_DOCUMENTS_PAGE_SIZE}.`,
    ),
    pageNr: requiredQueryInteger(1, 100_000).describe('Page number, from 1.'),
  })
  .strict();

const paginationFields = {
  totalCount: z.number().int().describe('All matching documents.'),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int().describe('Pages in all (0 when nothing matches).'),
};

// Invoices

/** An invoice in a list: what accounts payable scans for. */
export const invoiceSummarySchema = z.object({
  invoiceId: z.uuid(),
  linkId: invoiceLinkIdSchema,
  invoiceNumber: invoiceNumberSchema,
  invoiceDate: isoDateSchema,
  dueDate: isoDateSchema.describe('Invoice date plus the customer’s payment terms.'),
  status: invoiceStatusSchema,
  paidAt: timestampSchema.nullable(),
  orderId: z.uuid(),
  orderNumber: orderNumberSchema,
  reference: z.string().nullable().describe("The order's reference (the customer's PO number)."),
  currencyCode: currencyCodeSchema,
  total: moneySchema.describe('Invoice total with and without VAT.'),
  credited: moneySchema.describe('Sum of the credit memos against the invoice.'),
  openAmount: z.number().describe('What is left to pay, with VAT: total − credited; 0 once paid.'),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceLineSchema = z.object({
  invoiceLineId: z.uuid(),
  type: z.enum(['Product', 'Generated', 'ShippingFee']).describe('A product line, a bundle part, or shipping.'),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  unitOfMeasure: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().describe('Net unit price without VAT.'),
  linePrice: moneySchema.describe('Line total with and without VAT (after a campaign discount).'),
  campaign: pricedCampaignSchema
    .nullable()
    .describe('The campaign and level that priced the line, as the order kept them (issue 27); null: none.'),
  creditedQuantity: z.number().int().describe('Quantity already credited by credit memos.'),
});

export const billToAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryCode: z.string(),
});

// Credit memos

/** A credit memo in a list, with the invoice it credits. */
export const creditMemoSummarySchema = z.object({
  creditMemoId: z.uuid(),
  creditMemoNumber: creditMemoNumberSchema,
  creditMemoDate: isoDateSchema,
  invoiceId: z.uuid(),
  invoiceNumber: invoiceNumberSchema,
  invoiceLinkId: invoiceLinkIdSchema,
  orderId: z.uuid(),
  orderNumber: orderNumberSchema,
  reference: z.string().nullable(),
  reason: z.string(),
  currencyCode: currencyCodeSchema,
  total: moneySchema,
});
export type CreditMemoSummary = z.infer<typeof creditMemoSummarySchema>;

export const creditMemoLineSchema = z.object({
  creditMemoLineId: z.uuid(),
  invoiceLineId: z.uuid().nullable().describe('The credited invoice line; null for an amount credit.'),
  description: z.string(),
  quantity: z.number().int().nullable().describe('Credited quantity; null for an amount credit.'),
  amount: moneySchema,
});

export const creditMemoSchema = creditMemoSummarySchema.extend({
  lines: z.array(creditMemoLineSchema),
  vat: vatSchema.describe('The VAT of the credited invoice (its treatment, rate and note).'),
  createdAt: timestampSchema,
});
export type CreditMemo = z.infer<typeof creditMemoSchema>;

/** An invoice with its lines, the bill-to address and the credit memos against it. */
export const invoiceSchema = invoiceSummarySchema.extend({
  vatRatePercent: z.number().describe('The VAT rate of the invoice, e.g. 25, or 0 (the same as vat.ratePercent).'),
  vat: vatSchema.describe('The VAT of the invoice: the order’s as placed (ADR 018).'),
  customerName: z.string(),
  customerNumber: z.string(),
  billToAddress: billToAddressSchema.nullable(),
  lines: z.array(invoiceLineSchema),
  creditMemos: z.array(creditMemoSummarySchema),
  createdAt: timestampSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

// Customer calls

/** POST GetInvoices: the newest MAX_DOCUMENTS_PAGE_SIZE invoices matching the filters. */
export const getInvoicesResponse = z.object({
  invoices: z.array(invoiceSummarySchema),
  totalCount: z.number().int().describe('All matching invoices, also those beyond the list.'),
});
export type GetInvoicesResponse = z.infer<typeof getInvoicesResponse>;
export const getInvoicesWithPaginationResponse = z.object({
  invoices: z.array(invoiceSummarySchema),
  ...paginationFields,
});
export type GetInvoicesWithPaginationResponse = z.infer<typeof getInvoicesWithPaginationResponse>;

export const getInvoiceBody = z.object({ area: areaInfoSchema, linkId: invoiceLinkIdSchema }).strict();
export const getInvoiceResponse = z.object({ invoice: invoiceSchema });
export type GetInvoiceResponse = z.infer<typeof getInvoiceResponse>;

/** GET GetInvoicePdf?InvoiceId&LinkId (spec §7): both must name the same invoice of the caller's customer. */
export const getInvoicePdfQuery = z
  .object({
    InvoiceId: z.uuid().describe('Id of the invoice.'),
    LinkId: invoiceLinkIdSchema,
  })
  .strict();

export const getCreditMemosResponse = z.object({
  creditMemos: z.array(creditMemoSummarySchema),
  totalCount: z.number().int(),
});
export type GetCreditMemosResponse = z.infer<typeof getCreditMemosResponse>;
export const getCreditMemosWithPaginationResponse = z.object({
  creditMemos: z.array(creditMemoSummarySchema),
  ...paginationFields,
});
export type GetCreditMemosWithPaginationResponse = z.infer<typeof getCreditMemosWithPaginationResponse>;

export const getCreditMemoBody = z
  .object({ area: areaInfoSchema, creditMemoId: z.uuid().describe('Id of the credit memo.') })
  .strict();
export const getCreditMemoResponse = z.object({ creditMemo: creditMemoSchema });
export type GetCreditMemoResponse = z.infer<typeof getCreditMemoResponse>;

export const getCreditMemoPdfQuery = z.object({ CreditMemoId: z.uuid().describe('Id of the credit memo.') }).strict();

/** POST GetStatementOfAccount: what the customer owes, per currency (a customer may have several over time). */
export const getStatementOfAccountBody = z.object({ area: areaInfoSchema }).strict();
export const statementCurrencySchema = z.object({
  currencyCode: currencyCodeSchema,
  openBalance: z.number().describe('Sum of the open amounts of unpaid invoices (overdue included), with VAT.'),
  overdueAmount: z.number().describe('The part of the open balance that is past its due date.'),
  openInvoiceCount: z.number().int(),
  overdueInvoiceCount: z.number().int(),
});
export const getStatementOfAccountResponse = z.object({
  asOf: isoDateSchema.describe('The day overdue is measured against (UTC).'),
  currencies: z.array(statementCurrencySchema),
});
export type GetStatementOfAccountResponse = z.infer<typeof getStatementOfAccountResponse>;

/** POST Reorder: the order's product lines go into the caller's open cart (created when there is none). */
export const reorderBody = z
  .object({ area: areaInfoSchema, orderId: z.uuid().describe('Id of one of the customer’s orders.') })
  .strict();
/** NoLongerSold, NoPrice, or AboveLineLimit: with what the cart holds already the line would pass its limit (ADR 019). */
export const REORDER_REFUSAL_REASONS = ['NoLongerSold', 'NoPrice', 'AboveLineLimit'] as const;
export const reorderLineSchema = z.object({
  productId: productIdSchema,
  variantId: productIdSchema.nullable(),
  name: z.string(),
  quantity: z.number().int(),
});
export const reorderResponse = z.object({
  cartId: z.uuid(),
  added: z.array(
    reorderLineSchema.extend({
      isBackorder: z.boolean().describe('Added, but not in stock now: ships when it arrives.'),
    }),
  ),
  notAdded: z.array(
    reorderLineSchema.extend({
      reason: z.enum(REORDER_REFUSAL_REASONS),
      message: z.string().describe('Why, in words for the buyer.'),
    }),
  ),
});
export type ReorderResponse = z.infer<typeof reorderResponse>;

// The order's timeline (GetOrder)

export const orderTimelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('Placed'),
    at: timestampSchema,
    byName: z.string().describe('Who placed the order.'),
    assistedBy: orderAssistanceSchema.nullable(),
  }),
  z.object({
    kind: z.literal('StateChanged'),
    at: timestampSchema,
    from: orderStatusSchema,
    to: orderStatusSchema,
    byName: z.string().nullable().describe('Who moved the order; null when the system did.'),
    note: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('Invoiced'),
    at: timestampSchema,
    invoiceId: z.uuid(),
    linkId: invoiceLinkIdSchema,
    invoiceNumber: invoiceNumberSchema,
    total: moneySchema,
  }),
  z.object({
    kind: z.literal('InvoicePaid'),
    at: timestampSchema,
    invoiceId: z.uuid(),
    linkId: invoiceLinkIdSchema,
    invoiceNumber: invoiceNumberSchema,
  }),
  z.object({
    kind: z.literal('Credited'),
    at: timestampSchema,
    creditMemoId: z.uuid(),
    creditMemoNumber: creditMemoNumberSchema,
    invoiceNumber: invoiceNumberSchema,
    total: moneySchema,
  }),
]);
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

// Back-office calls

/** POST /backoffice/api/Order/UpdateOrderState: 409 IllegalOrderStateTransitionException names the allowed states. */
export const updateOrderStateBody = z
  .object({
    orderId: z.uuid(),
    state: orderStatusSchema.describe('The state to move the order to.'),
    note: z.string().trim().max(MAX_DOCUMENT_NOTE_LENGTH).optional().describe('Why, for the timeline.'),
  })
  .strict();
export const updateOrderStateResponse = z.object({
  orderId: z.uuid(),
  orderNumber: orderNumberSchema,
  previousState: orderStatusSchema,
  state: orderStatusSchema,
  changedAt: timestampSchema,
  invoice: invoiceSummarySchema.nullable().describe('The invoice made by this change (to Invoiced); else null.'),
});
export type UpdateOrderStateResponse = z.infer<typeof updateOrderStateResponse>;

/** POST /backoffice/api/Order/SendReceiptCopy: a copy of the order confirmation to any address (204). */
export const sendReceiptCopyBody = z
  .object({ orderId: z.uuid(), email: z.email().max(254).describe('Where the copy goes.') })
  .strict();

/** POST /backoffice/api/Order/CreateCreditMemo: credit lines (quantities) or an amount, never beyond what is left. */
export const createCreditMemoBody = z
  .object({
    invoiceId: z.uuid(),
    lines: z
      .array(z.object({ invoiceLineId: z.uuid(), quantity: z.number().int().min(1) }).strict())
      .min(1)
      .max(1000)
      .optional()
      .describe('Invoice lines and the quantities to credit.'),
    amount: z
      .number()
      .positive()
      .max(1_000_000_000)
      .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, 'must have at most two decimals')
      .optional()
      .describe('An amount to credit without VAT, in major units (VAT is added at the invoice’s rate).'),
    reason: z.string().trim().min(1).max(MAX_DOCUMENT_NOTE_LENGTH).describe('Why, shown on the credit memo.'),
  })
  .strict()
  .refine((body) => (body.lines === undefined) !== (body.amount === undefined), {
    message: 'give either lines or amount, not both',
    path: ['lines'],
  });
export type CreateCreditMemoBody = z.infer<typeof createCreditMemoBody>;
export const createCreditMemoResponse = z.object({ creditMemo: creditMemoSchema });
export type CreateCreditMemoResponse = z.infer<typeof createCreditMemoResponse>;

/** POST /backoffice/api/Order/RegisterInvoicePayment: marks an invoice paid (409 when it already is). */
export const registerInvoicePaymentBody = z
  .object({
    invoiceId: z.uuid(),
    paidAt: timestampSchema.optional().describe('When the money arrived; now when left out.'),
    amount: z
      .number()
      .positive()
      .max(1_000_000_000)
      .optional()
      .describe(
        'The amount received with VAT, in major units: checked against what is open on the invoice (an invoice is ' +
          'paid in full; a different amount answers 400 naming what is open). Left out: not checked.',
      ),
    reference: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("The payment's reference (bank statement line), kept in the audit log."),
  })
  .strict();
export const registerInvoicePaymentResponse = z.object({ invoice: invoiceSummarySchema });
export type RegisterInvoicePaymentResponse = z.infer<typeof registerInvoicePaymentResponse>;
