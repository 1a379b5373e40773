/**
 * Customer center calls of spec §7 ("Customer and customer center") that are built so far: the customer's orders.
 * Every call answers for the caller's customer only; another customer's order id answers 404.
 */
import { z } from 'zod';
import { areaInfoSchema, currencyCodeSchema, moneySchema, requiredQueryInteger } from './common.ts';
import { MAX_ORDER_SEARCH_LENGTH } from './constants.ts';
import { orderTimelineEntrySchema } from './documents.ts';
import { orderAssistanceSchema } from './impersonation.ts';
import { orderNumberSchema, orderSchema, orderStatusSchema } from './order.ts';

/** The most orders GetOrders answers with (newest first); GetOrdersWithPagination pages through all of them. */
export const MAX_ORDERS_WITHOUT_PAGINATION = 100;
export const MAX_ORDERS_PAGE_SIZE = 100;
export const DEFAULT_ORDERS_PAGE_SIZE = 20;

const isoDateSchema = z.iso.date();

/** Filters a buyer uses to find an order: text over order number and reference, and a range of order dates. */
export const orderFiltersSchema = z
  .object({
    area: areaInfoSchema,
    search: z
      .string()
      .trim()
      .max(MAX_ORDER_SEARCH_LENGTH)
      .optional()
      .describe('Part of an order number (SO-000123) or of the reference (PO number); case-insensitive.'),
    placedFrom: isoDateSchema.optional().describe('Orders placed on or after this day (yyyy-mm-dd, UTC).'),
    placedTo: isoDateSchema.optional().describe('Orders placed on or before this day (yyyy-mm-dd, UTC).'),
  })
  .strict()
  .refine((filters) => !filters.placedFrom || !filters.placedTo || filters.placedFrom <= filters.placedTo, {
    message: 'must not be after placedTo',
    path: ['placedFrom'],
  });
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** An order in a list: what a buyer scans for, without lines. */
export const orderSummarySchema = z.object({
  orderId: z.uuid(),
  orderNumber: orderNumberSchema,
  placedAt: z.iso.datetime({ offset: true }),
  placedBy: z.string().describe('Name of the user who placed the order.'),
  status: orderStatusSchema,
  reference: z.string().nullable(),
  lineCount: z.number().int().describe('Product lines (sub-lines not counted).'),
  currencyCode: currencyCodeSchema,
  totalNetPrice: z.number().describe('Total excluding VAT, in major units.'),
  totalPrice: moneySchema,
  isBackorder: z.boolean(),
  assistedBy: orderAssistanceSchema.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** POST /api/CustomerCenter/GetOrders: the newest MAX_ORDERS_WITHOUT_PAGINATION orders matching the filters. */
export const getOrdersResponse = z.object({
  orders: z.array(orderSummarySchema),
  totalCount: z.number().int().describe('All matching orders, also those beyond the list.'),
});
export type GetOrdersResponse = z.infer<typeof getOrdersResponse>;

/** POST /api/CustomerCenter/GetOrdersWithPagination?pageSize&pageNr (spec §7; both required, spec §5), the filters in the body. */
export const getOrdersWithPaginationQuery = z
  .object({
    pageSize: requiredQueryInteger(1, MAX_ORDERS_PAGE_SIZE).describe(`Orders per page, 1 to ${MAX_ORDERS_PAGE_SIZE}.`),
    pageNr: requiredQueryInteger(1, 100_000).describe('Page number, from 1.'),
  })
  .strict();
export const getOrdersWithPaginationResponse = z.object({
  orders: z.array(orderSummarySchema),
  totalCount: z.number().int(),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int().describe('Pages in all (0 when nothing matches).'),
});
export type GetOrdersWithPaginationResponse = z.infer<typeof getOrdersWithPaginationResponse>;

/** POST /api/CustomerCenter/GetOrder: one order of the caller's customer with its lines; 404 otherwise. */
export const getOrderBody = z
  .object({ area: areaInfoSchema, orderId: z.uuid().describe('Id of the order (GetOrders: orderId).') })
  .strict();
export const getOrderResponse = z.object({
  order: orderSchema.extend({
    placedBy: z.string().describe('Name of the user who placed the order.'),
    timeline: z
      .array(orderTimelineEntrySchema)
      .describe('Placed, state changes, invoices, payments and credit memos, oldest first (ADR 014).'),
  }),
});
export type GetOrderResponse = z.infer<typeof getOrderResponse>;
