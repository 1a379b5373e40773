/**
 * A sales rep's own history (issue 24, ADR 013): the sessions in which the calling rep acted for their customers and
 * the orders they placed in them, across all of those customers. Only ever the caller's own: another rep's sessions
 * and orders are never part of the answer.
 */
import { z } from 'zod';
import { currencyCodeSchema } from './common.ts';
import { impersonationEndReasonSchema, sessionCustomerSchema } from './impersonation.ts';
import { orderNumberSchema, orderStatusSchema } from './order.ts';

/** One of the rep's sessions, as the rep scans them: for whom, when, why, and how much was done. */
export const ownImpersonationSessionSchema = z.object({
  sessionId: z.uuid(),
  customer: sessionCustomerSchema,
  reason: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable().describe('Null while the session runs.'),
  endReason: impersonationEndReasonSchema,
  actionCount: z.number().int().describe('Writes made for the customer in the session (cart lines, checkout, orders).'),
  orderCount: z.number().int().describe('Orders placed in the session.'),
});
export type OwnImpersonationSession = z.infer<typeof ownImpersonationSessionSchema>;

/** POST /api/User/GetOwnImpersonationSessions: the caller's sessions, newest first. */
export const getOwnImpersonationSessionsResponse = z.object({
  sessions: z.array(ownImpersonationSessionSchema).describe('Newest first.'),
  totalCount: z.number().int(),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
});
export type GetOwnImpersonationSessionsResponse = z.infer<typeof getOwnImpersonationSessionsResponse>;

/** An order the rep placed while acting for a customer. */
export const ownAssistedOrderSchema = z.object({
  orderId: z.uuid(),
  orderNumber: orderNumberSchema,
  sessionId: z.uuid().describe('The impersonation session the order was placed in.'),
  customer: sessionCustomerSchema,
  placedAt: z.iso.datetime({ offset: true }),
  status: orderStatusSchema,
  reference: z.string().nullable(),
  currencyCode: currencyCodeSchema,
  totalNetPrice: z.number().describe('Total excluding VAT, in major units of `currencyCode`.'),
});
export type OwnAssistedOrder = z.infer<typeof ownAssistedOrderSchema>;

/** POST /api/User/GetOwnAssistedOrders: the orders the caller placed for customers, newest first. */
export const getOwnAssistedOrdersResponse = z.object({
  orders: z.array(ownAssistedOrderSchema).describe('Newest first.'),
  totalCount: z.number().int(),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
});
export type GetOwnAssistedOrdersResponse = z.infer<typeof getOwnAssistedOrdersResponse>;
