/**
 * Sales impersonation (spec §6, §7 Sales impersonation; ADR 013): a sales rep acts for one of their customers with
 * a token bound to rep, customer and session; every session and what was done in it is visible to the customer
 * ("Assisted sessions") and to the back office.
 */
import { z } from 'zod';
import { areaIdSchema, areaInfoSchema, currencyCodeSchema, moneySchema, requiredQueryInteger } from './common.ts';
import {
  IMPERSONATION_TOKEN_LIFETIME_MS,
  MAX_CUSTOMER_SEARCH_LENGTH,
  MAX_IMPERSONATION_REASON_LENGTH,
} from './constants.ts';

export const customerNumberSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(32)
  .regex(/^[A-Za-z0-9-]+$/, 'must be a customer number like 10001')
  .describe('Customer number (debtor account), e.g. 10001.');

/** Paged lists name their page (spec §5: pageSize and pageNr are required; a missing one answers 400). */
const pageSizeSchema = z.number().int().min(1).max(100).describe('Entries per page, 1 to 100.');
const pageNrSchema = z.number().int().min(1).max(100_000).describe('Page number, from 1.');

/** POST /api/User/GetAllowedUsersToImpersonate: the caller's own book of customers, filtered and paged. */
export const getAllowedUsersToImpersonateBody = z
  .object({
    area: areaInfoSchema,
    search: z
      .string()
      .trim()
      .max(MAX_CUSTOMER_SEARCH_LENGTH)
      .optional()
      .describe('Part of a customer number or name; case-insensitive.'),
    areaId: areaIdSchema.optional().describe("Only customers of this sales area (default: all the rep's areas)."),
    pageSize: pageSizeSchema,
    pageNr: pageNrSchema,
  })
  .strict();

/** A customer the rep may act for, with what helps choose: where, how recently they ordered, what waits in a cart. */
export const impersonableCustomerSchema = z.object({
  customerNo: customerNumberSchema,
  name: z.string(),
  areaId: areaIdSchema,
  currencyCode: currencyCodeSchema.describe("The customer's effective currency (its own, else the area's)."),
  city: z.string().nullable().describe("City of the customer's default address."),
  lastOrderDate: z.iso.datetime({ offset: true }).nullable().describe('When the customer last placed an order.'),
  openCartValue: moneySchema
    .nullable()
    .describe("Value of the customer's open carts (all users), in the customer's currency; null when empty."),
});
export type ImpersonableCustomer = z.infer<typeof impersonableCustomerSchema>;

export const getAllowedUsersToImpersonateResponse = z.object({
  customers: z.array(impersonableCustomerSchema),
  totalCount: z.number().int(),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
});
export type GetAllowedUsersToImpersonateResponse = z.infer<typeof getAllowedUsersToImpersonateResponse>;

/** POST /api/User/Impersonate (spec §7: customerNo, area; returns token), with the reason the storefront asks for. */
export const impersonateBody = z
  .object({
    customerNo: customerNumberSchema,
    area: areaInfoSchema,
    reason: z
      .string()
      .trim()
      .max(MAX_IMPERSONATION_REASON_LENGTH)
      .optional()
      .describe('Why the rep acts for the customer ("phone order", "visit"); shown to the customer.'),
  })
  .strict();

export const impersonateResponse = z.object({
  token: z
    .string()
    .describe(
      `Access token that acts for the customer (JWT, ${IMPERSONATION_TOKEN_LIFETIME_MS / 3_600_000} hours at most); ` +
        'send it as `Authorization: Bearer` for every call but Impersonate.',
    ),
  expiresAt: z.iso.datetime({ offset: true }),
  sessionId: z.uuid().describe('The impersonation session the token belongs to.'),
  customer: z.object({ customerNo: customerNumberSchema, name: z.string() }),
});
export type ImpersonateResponse = z.infer<typeof impersonateResponse>;

/** POST /api/User/EndImpersonation: ends the session of the presented impersonation token (its token stops). */
export const endImpersonationBody = z.object({}).strict();

/** A write made for the customer during a session. */
export const impersonationActionSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  kind: z.string().describe('The call that wrote, e.g. `Cart.AddOrUpdateLines`, `Order.CreateOrderByCartId`.'),
  summary: z.string().describe('What changed, for people, e.g. "Added 2 × 100078-S".'),
});

/** How a session ended; null while it runs. `expired`: its 8 hours ran out before anything ended it. */
export const impersonationEndReasonSchema = z
  .enum(['ended', 'logout', 'password-changed', 'replaced', 'expired'])
  .nullable();
export type ImpersonationEndReason = NonNullable<z.infer<typeof impersonationEndReasonSchema>>;

/** The customer a session acted for. */
export const sessionCustomerSchema = z.object({ customerNo: customerNumberSchema, name: z.string() });

/** One session as the customer sees it ("Assisted sessions") and the back office (with the customer). */
export const impersonationSessionSchema = z.object({
  sessionId: z.uuid(),
  salesPerson: z.object({ name: z.string(), username: z.string() }),
  customer: sessionCustomerSchema,
  reason: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).nullable().describe('Null while the session runs.'),
  endReason: impersonationEndReasonSchema,
  lastActivityAt: z.iso.datetime({ offset: true }),
  actions: z.array(impersonationActionSchema).describe('Oldest first.'),
});
export type ImpersonationSession = z.infer<typeof impersonationSessionSchema>;

const sessionListResponse = z.object({
  sessions: z.array(impersonationSessionSchema).describe('Newest first.'),
  totalCount: z.number().int(),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * One page of a list of the caller's: the body of GetAssistedSessions (the customer's sessions) and of the sales
 * rep's own GetOwnImpersonationSessions and GetOwnAssistedOrders.
 */
export const listPageBody = z.object({ area: areaInfoSchema, pageSize: pageSizeSchema, pageNr: pageNrSchema }).strict();

/** POST /api/CustomerCenter/GetAssistedSessions: the sessions in which a sales rep acted for the caller's customer. */
export const getAssistedSessionsResponse = sessionListResponse;
export type GetAssistedSessionsResponse = z.infer<typeof getAssistedSessionsResponse>;

/** GET /backoffice/api/Impersonation/GetSessions: every session, filtered by customer or sales rep. */
export const getImpersonationSessionsQuery = z
  .object({
    customerNo: customerNumberSchema.optional(),
    salesUsername: z.string().trim().min(1).max(100).optional(),
    pageSize: requiredQueryInteger(1, 100).describe('Entries per page, 1 to 100.'),
    pageNr: requiredQueryInteger(1, 100_000).describe('Page number, from 1.'),
  })
  .strict();
export const getImpersonationSessionsResponse = sessionListResponse;
export type GetImpersonationSessionsResponse = z.infer<typeof getImpersonationSessionsResponse>;

/** On an order: the sales rep who placed it for the customer, when one did. */
export const orderAssistanceSchema = z
  .object({
    salesPersonName: z.string(),
    sessionId: z.uuid(),
  })
  .describe('Set when a sales rep placed the order for the customer (impersonation).');
