/**
 * Who acted for a customer, and what they did (ADR 013): the customer's own "Assisted sessions" in the customer
 * center, and every session for the back office. Both read the same rows, so both sides see the same account.
 */
import type {
  GetAssistedSessionsResponse,
  GetImpersonationSessionsResponse,
  ImpersonationSession,
} from '@b2b/contract';
import { type RequestContext, requireCustomer } from '../../context.ts';
import {
  findSessionActions,
  type SessionActionRow,
  type SessionFilter,
  type SessionRow,
  searchSessions,
} from './impersonation-sessions.repository.ts';

type Page = { pageSize: number; pageNr: number };

/**
 * A session as both sides see it. One that was never ended but is past its expiry reads as `expired`, ended at its
 * expiry: its token stopped working then, whatever the rep did afterwards.
 */
function toSession(row: SessionRow, actions: SessionActionRow[], now: Date): ImpersonationSession {
  const hasExpired = row.endedAt === null && row.expiresAt <= now;
  const endedAt = hasExpired ? row.expiresAt : row.endedAt;
  return {
    sessionId: row.id,
    salesPerson: { name: row.salesPersonName, username: row.salesUsername },
    customer: { customerNo: row.customerNumber, name: row.customerName },
    reason: row.reason,
    startedAt: row.startedAt.toISOString(),
    endedAt: endedAt?.toISOString() ?? null,
    endReason: hasExpired ? 'expired' : row.endReason,
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
