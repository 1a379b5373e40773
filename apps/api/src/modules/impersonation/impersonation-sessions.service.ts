/**
 * Who acted for a customer, and what they did (ADR 013): the customer's own "Assisted sessions" in the customer
 * center, every session for the back office, and a sales rep's own sessions and orders across their customers. All
 * read the same rows, so every side sees the same account.
 */
import type {
  GetAssistedSessionsResponse,
  GetImpersonationSessionsResponse,
  GetOwnAssistedOrdersResponse,
  GetOwnImpersonationSessionsResponse,
  ImpersonationSession,
} from '@b2b/contract';
import { type RequestContext, requireCustomer, requireUser } from '../../context.ts';
import { toOrderStatus } from '../order/order-states.ts';
import { minorToMajor } from '../price/price-calculation.ts';
import {
  findSessionActions,
  findSessionOfPayment,
  type SessionActionRow,
  type SessionFilter,
  type SessionRow,
  searchOrdersOfSalesRep,
  searchSessions,
  searchSessionsOfSalesRep,
} from './impersonation-sessions.repository.ts';

type Page = { pageSize: number; pageNr: number };

/**
 * A session as both sides see it. One that was never ended but is past its expiry reads as `expired`, ended at its
 * expiry: its token stopped working then, whatever the rep did afterwards.
 */
function sessionEnd(row: Pick<SessionRow, 'endedAt' | 'endReason' | 'expiresAt'>, now: Date) {
  const hasExpired = row.endedAt === null && row.expiresAt <= now;
  const endedAt = hasExpired ? row.expiresAt : row.endedAt;
  return { endedAt: endedAt?.toISOString() ?? null, endReason: hasExpired ? ('expired' as const) : row.endReason };
}

function toSession(row: SessionRow, actions: SessionActionRow[], now: Date): ImpersonationSession {
  return {
    sessionId: row.id,
    salesPerson: { name: row.salesPersonName, username: row.salesUsername },
    customer: { customerNo: row.customerNumber, name: row.customerName },
    reason: row.reason,
    startedAt: row.startedAt.toISOString(),
    ...sessionEnd(row, now),
    lastActivityAt: row.lastActivityAt.toISOString(),
    actions: actions.map((action) => ({
      at: action.createdAt.toISOString(),
      kind: action.kind,
      summary: action.summary,
    })),
  };
}

async function listSessions(ctx: RequestContext, filter: SessionFilter, page: Page) {
  const { rows, total } = await searchSessions(ctx.db, filter, {
    limit: page.pageSize,
    offset: (page.pageNr - 1) * page.pageSize,
  });
  const actions = await findSessionActions(
    ctx.db,
    rows.map((row) => row.id),
  );
  const now = new Date();
  return {
    sessions: rows.map((row) =>
      toSession(
        row,
        actions.filter((action) => action.sessionId === row.id),
        now,
      ),
    ),
    totalCount: total,
    pageNr: page.pageNr,
    pageSize: page.pageSize,
  };
}

/**
 * POST /api/CustomerCenter/GetAssistedSessions: the sessions in which a sales rep acted for the caller's customer,
 * newest first, each with its actions oldest first. Scoped to the customer of the context (ADR 005): never another.
 */
export async function getAssistedSessions(ctx: RequestContext, page: Page): Promise<GetAssistedSessionsResponse> {
  const customer = requireCustomer(ctx);
  return listSessions(ctx, { customerId: customer.id }, page);
}

/** GET /backoffice/api/Impersonation/GetSessions: every session, filtered by customer number and/or rep's username. */
export async function getImpersonationSessions(
  ctx: RequestContext,
  query: { customerNo?: string | undefined; salesUsername?: string | undefined } & Page,
): Promise<GetImpersonationSessionsResponse> {
  return listSessions(ctx, { customerNumber: query.customerNo, salesUsername: query.salesUsername }, query);
}

/**
 * One page of the sessions matching the audit log's filters (POST /backoffice/api/Audit/GetBySearch, issue 28),
 * newest first, each with its actions, and how many match in all. The log merges them with its entries by time.
 */
export async function findImpersonationSessionsForAuditLog(
  ctx: RequestContext,
  filter: Pick<SessionFilter, 'salesUsername' | 'sessionId' | 'startedFrom' | 'startedBefore' | 'text'>,
  page: Page,
): Promise<{ sessions: ImpersonationSession[]; totalCount: number }> {
  const { sessions, totalCount } = await listSessions(ctx, filter, page);
  return { sessions, totalCount };
}

/**
 * POST /api/User/GetOwnImpersonationSessions: the calling rep's sessions across their customers, newest first, each
 * with how many actions and orders it holds. Scoped to the caller (the rep also under an impersonation token).
 */
export async function getOwnImpersonationSessions(
  ctx: RequestContext,
  page: Page,
): Promise<GetOwnImpersonationSessionsResponse> {
  const rep = requireUser(ctx);
  const { rows, total } = await searchSessionsOfSalesRep(ctx.db, rep.id, {
    limit: page.pageSize,
    offset: (page.pageNr - 1) * page.pageSize,
  });
  const now = new Date();
  return {
    sessions: rows.map((row) => ({
      sessionId: row.id,
      customer: { customerNo: row.customerNumber, name: row.customerName },
      reason: row.reason,
      startedAt: row.startedAt.toISOString(),
      ...sessionEnd(row, now),
      actionCount: row.actionCount,
      orderCount: row.orderCount,
    })),
    totalCount: total,
    pageNr: page.pageNr,
    pageSize: page.pageSize,
  };
}

/** POST /api/User/GetOwnAssistedOrders: the orders the calling rep placed while acting for customers, newest first. */
export async function getOwnAssistedOrders(ctx: RequestContext, page: Page): Promise<GetOwnAssistedOrdersResponse> {
  const rep = requireUser(ctx);
  const { rows, total } = await searchOrdersOfSalesRep(ctx.db, rep.id, {
    limit: page.pageSize,
    offset: (page.pageNr - 1) * page.pageSize,
  });
  return {
    orders: rows.map((row) => ({
      orderId: row.id,
      orderNumber: row.orderNumber,
      sessionId: row.sessionId,
      customer: { customerNo: row.customerNumber, name: row.customerName },
      placedAt: row.createdAt.toISOString(),
      status: toOrderStatus(row.status),
      reference: row.reference,
      currencyCode: row.currencyCode,
      totalNetPrice: minorToMajor(row.totalNetMinor),
    })),
    totalCount: total,
    pageNr: page.pageNr,
    pageSize: page.pageSize,
  };
}

/**
 * The impersonation session in which a card payment was started (its `Payment.CreatePaymentIntent` action), with the
 * rep and the customer acted for; null for a payment the customer started. Read when the provider sends a rep's
 * browser back, to place the paid order in that session.
 */
export async function findSessionOfCardPayment(ctx: RequestContext, input: { paymentId: string }) {
  return findSessionOfPayment(ctx.db, input.paymentId);
}
