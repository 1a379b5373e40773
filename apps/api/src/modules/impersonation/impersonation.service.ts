/**
 * Sales impersonation services (spec §6, §7 Sales impersonation; ADR 013): the rep's book of customers, starting a
 * session with a token bound to rep, customer and session, and ending it. The token is checked on every request by
 * plugins/auth.ts.
 */
import {
  type AreaId,
  type GetAllowedUsersToImpersonateResponse,
  IMPERSONATION_TOKEN_LIFETIME_MS,
  type ImpersonateResponse,
} from '@b2b/contract';
import { inTransaction, type RequestContext, requireUser } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toMoney } from '../price/price-calculation.ts';
import {
  type AccessTokenSigner,
  type EndedSessions,
  impersonationClaims,
  type UserTokenSession,
} from '../user/access-token.ts';
import {
  type BookCustomerRow,
  endRunningSessionsOfRep,
  endSession,
  findCustomerForRep,
  findImpersonationPrincipal,
  type ImpersonationPrincipal,
  insertSession,
  lockRep,
  recordSessionActivity,
  searchBook,
} from './impersonation.repository.ts';

export type { ImpersonationPrincipal } from './impersonation.repository.ts';

function toImpersonableCustomer(row: BookCustomerRow) {
  return {
    customerNo: row.customerNumber,
    name: row.name,
    areaId: row.areaId,
    currencyCode: row.currencyCode,
    city: row.city,
    lastOrderDate: row.lastOrderAt?.toISOString() ?? null,
    openCartValue: row.openCartNetMinor === null ? null : toMoney(row.openCartNetMinor, row.vatRateBasisPoints),
  };
}

/**
 * POST /api/User/GetAllowedUsersToImpersonate: the caller's own book (user_impersonation_customers), filtered by
 * part of the customer number or name and by area, ordered by customer number, one page of it.
 */
export async function getAllowedUsersToImpersonate(
  ctx: RequestContext,
  input: { search?: string | undefined; areaId?: AreaId | undefined; pageSize: number; pageNr: number },
): Promise<GetAllowedUsersToImpersonateResponse> {
  const rep = requireUser(ctx);
  const { rows, total } = await searchBook(
    ctx.db,
    { salesUserId: rep.id, search: input.search || undefined, areaId: input.areaId },
    { limit: input.pageSize, offset: (input.pageNr - 1) * input.pageSize },
  );
  return {
    customers: rows.map(toImpersonableCustomer),
    totalCount: total,
    pageNr: input.pageNr,
    pageSize: input.pageSize,
  };
}

/**
 * POST /api/User/Impersonate: starts a session for one of the rep's customers and returns its token. Only with the
 * rep's own token (spec §6): an impersonation token answers 403, so a session never starts another. A customer
 * outside the book answers 403, an unknown number 404, and nothing is written then. A running session of the rep
 * ends (`replaced`): a rep acts for one customer at a time.
 */
export async function impersonate(
  ctx: RequestContext,
  input: { customerNo: string; reason?: string | undefined; repToken: UserTokenSession | null },
  signer: AccessTokenSigner,
  endedSessions: EndedSessions,
): Promise<ImpersonateResponse> {
  const rep = requireUser(ctx);
  const repToken = input.repToken;
  if (ctx.impersonation || !repToken) {
    throw new AppError('ForbiddenException', "Impersonate must be called with the sales rep's own access token.");
  }
  const customer = await findCustomerForRep(ctx.db, rep.id, input.customerNo);
  if (!customer) throw new AppError('NotFoundException', `Customer ${input.customerNo} was not found.`);
  if (!customer.isInBook) {
    throw new AppError('ForbiddenException', `Customer ${input.customerNo} is not one you may act for.`);
  }

  const { session, replacedSessionIds } = await inTransaction(ctx, async (txCtx) => {
    await lockRep(txCtx.db, rep.id);
    const startedAt = new Date();
    const replaced = await endRunningSessionsOfRep(txCtx.db, rep.id, 'replaced', startedAt);
    const expiresAt = new Date(startedAt.getTime() + IMPERSONATION_TOKEN_LIFETIME_MS);
    const inserted = await insertSession(txCtx.db, {
      salesUserId: rep.id,
      customerId: customer.id,
      areaId: customer.areaId,
      reason: input.reason ?? '',
      startedAt,
      expiresAt,
    });
    return { session: { id: inserted.id, expiresAt }, replacedSessionIds: replaced };
  });
  for (const sessionId of replacedSessionIds) endedSessions.markImpersonationEnded(sessionId);

  const token = await signer.sign(
    impersonationClaims({
      repUserId: rep.id,
      roles: rep.roles,
      passwordVersion: repToken.passwordVersion,
      repSessionId: repToken.sessionId,
      customerId: customer.id,
      impersonationSessionId: session.id,
    }),
    { expiresAt: session.expiresAt },
  );
  return {
    token,
    expiresAt: session.expiresAt.toISOString(),
    sessionId: session.id,
    customer: { customerNo: customer.customerNumber, name: customer.name },
  };
}

/**
 * POST /api/User/EndImpersonation: ends the session of the presented impersonation token (`ended`); its token stops
 * at once on this instance, within the principal cache's lifetime on others. With the rep's own token nothing runs
 * to end: 204 all the same, so the storefront's "End" never fails.
 */
export async function endImpersonation(ctx: RequestContext, endedSessions: EndedSessions): Promise<void> {
  const sessionId = ctx.impersonation?.sessionId;
  if (!sessionId) return;
  await endSession(ctx.db, sessionId, 'ended', new Date());
  endedSessions.markImpersonationEnded(sessionId);
}

/**
 * Ends every running session of the rep (Logout: `logout`, ChangePassword: `password-changed`), in the caller's
 * transaction; the caller tells the principal cache once the transaction has committed.
 */
export async function endSessionsOfRep(
  ctx: RequestContext,
  repUserId: string,
  reason: 'logout' | 'password-changed',
): Promise<string[]> {
  return endRunningSessionsOfRep(ctx.db, repUserId, reason, new Date());
}

/**
 * What decides whether an impersonation token acts (plugins/auth.ts checks it on every request and caches it): the
 * rep, the rep's session, the book, the session's state and the customer acted for, in one statement. Null when the
 * session does not exist or is not this rep's.
 */
export async function loadImpersonationPrincipal(
  ctx: RequestContext,
  input: { sessionId: string; repUserId: string; repSessionId: string },
): Promise<ImpersonationPrincipal | null> {
  return findImpersonationPrincipal(ctx.db, input);
}

/** Moves the session's last activity to `at` unless it was recorded less than `minimumGapMs` before. */
export async function recordImpersonationActivity(
  ctx: RequestContext,
  input: { sessionId: string; at: Date; minimumGapMs: number },
): Promise<void> {
  await recordSessionActivity(ctx.db, input.sessionId, input.at, input.minimumGapMs);
}
