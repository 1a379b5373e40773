/**
 * The back office's order calls (issue 28): the order search staff work from (GetBySearch) and one order as staff
 * see it (GetById: lines, totals, timeline, its invoices and the state moves allowed now). The writes on an order
 * (UpdateOrderState, SendReceiptCopy, CreateCreditMemo, RegisterInvoicePayment) are in documents.ts (ADR 014).
 */
import { z } from 'zod';
import { areaIdSchema, currencyCodeSchema } from './common.ts';
import {
  BACKOFFICE_ORDER_COUNT_LIMIT,
  BACKOFFICE_ORDER_SORT_FIELDS,
  DEFAULT_BACKOFFICE_ORDER_PAGE_SIZE,
  MAX_BACKOFFICE_ORDER_PAGE_SIZE,
  ORDER_STATUSES,
} from './constants.ts';
import { getOrderResponse } from './customer-center.ts';
import { invoiceSchema } from './documents.ts';
import { orderNumberSchema, orderStatusSchema } from './order.ts';

const isoDateSchema = z.iso.date();

/** An amount in major units with at most two decimals (every currency of the shop has cents). */
const majorAmountSchema = z
  .number()
  .min(0)
  .max(1_000_000_000)
  .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, 'must have at most two decimals');

/** POST /backoffice/api/Order/GetBySearch: every filter optional and combined with AND; newest first by default. */
export const backofficeOrderSearchBody = z
  .object({
    orderNumber: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^(SO-?)?\d*$/i, 'must be an order number or its beginning, e.g. SO-0001 or 0001')
      .optional()
      .describe('The beginning of the order number: `SO-00012` or just the digits `00012`.'),
    customer: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("Text found in the customer's number or name (case-insensitive)."),
    states: z
      .array(orderStatusSchema)
      .min(1)
      .max(ORDER_STATUSES.length)
      .optional()
      .describe('Only orders in one of these states.'),
    placedFrom: isoDateSchema.optional().describe('Placed on or after this day (UTC), yyyy-mm-dd.'),
    placedTo: isoDateSchema.optional().describe('Placed on or before this day (UTC), yyyy-mm-dd.'),
    totalMin: majorAmountSchema
      .optional()
      .describe("Total with VAT at least this, in major units of the order's own currency."),
    totalMax: majorAmountSchema.optional().describe('Total with VAT at most this, in major units.'),
    currencyCode: currencyCodeSchema.optional().describe('Only orders in this currency (e.g. with an amount range).'),
    areaId: areaIdSchema.optional().describe('Only orders of this sales area.'),
    sortBy: z.enum(BACKOFFICE_ORDER_SORT_FIELDS).default('placedAt').describe('The column to sort by.'),
    sortDirection: z.enum(['asc', 'desc']).default('desc'),
    pageSize: z.number().int().min(1).max(MAX_BACKOFFICE_ORDER_PAGE_SIZE).default(DEFAULT_BACKOFFICE_ORDER_PAGE_SIZE),
    pageNr: z.number().int().min(1).max(100_000).default(1).describe('Page number, from 1.'),
  })
  .strict()
  .refine((body) => !(body.placedFrom && body.placedTo && body.placedFrom > body.placedTo), {
    message: 'must not be before placedFrom',
    path: ['placedTo'],
  })
  .refine((body) => !(body.totalMin !== undefined && body.totalMax !== undefined && body.totalMin > body.totalMax), {
    message: 'must not be below totalMin',
    path: ['totalMax'],
  });
export type BackofficeOrderSearchBody = z.infer<typeof backofficeOrderSearchBody>;

/** One row of the back office's order table. */
export const backofficeOrderRowSchema = z.object({
  orderId: z.uuid(),
  orderNumber: orderNumberSchema,
  customerNumber: z.string(),
  customerName: z.string(),
  areaId: areaIdSchema,
  placedAt: z.iso.datetime({ offset: true }),
  state: orderStatusSchema,
  currencyCode: currencyCodeSchema,
  totalWithVat: z.number().describe('The order total with VAT, in major units.'),
  isPlacedByRep: z.boolean().describe('True when a sales rep placed it for the customer (impersonation).'),
  isInvoiced: z.boolean().describe('True when the order has its invoice.'),
});

export const backofficeOrderSearchResponse = z.object({
  orders: z.array(backofficeOrderRowSchema),
  totalCount: z
    .number()
    .int()
    .describe(`All matching orders, counted up to ${BACKOFFICE_ORDER_COUNT_LIMIT} (see isTotalCountCapped).`),
  isTotalCountCapped: z
    .boolean()
    .describe(`True when more than ${BACKOFFICE_ORDER_COUNT_LIMIT} orders match: totalCount is then the limit.`),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int().describe('Pages of the counted matches (0 when nothing matches).'),
});
export type BackofficeOrderSearchResponse = z.infer<typeof backofficeOrderSearchResponse>;

/** POST /backoffice/api/Order/GetById: one order of any customer (staff see every customer's). */
export const backofficeOrderByIdBody = z.object({ orderId: z.uuid().describe('Id of the order.') }).strict();

export const backofficeOrderResponse = z.object({
  order: getOrderResponse.shape.order,
  customer: z.object({
    customerId: z.uuid(),
    customerNumber: z.string(),
    name: z.string(),
    areaId: areaIdSchema,
  }),
  invoices: z
    .array(invoiceSchema)
    .describe('The invoices of the order (one once it is invoiced), with lines, credit memos and what is open.'),
  allowedNextStates: z
    .array(orderStatusSchema)
    .describe('The states UpdateOrderState accepts from the current one (ADR 014); empty once it is final.'),
});
export type BackofficeOrderResponse = z.infer<typeof backofficeOrderResponse>;
