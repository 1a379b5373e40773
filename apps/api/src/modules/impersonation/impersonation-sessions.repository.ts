/**
 * Reading impersonation sessions and their actions (ADR 013): what the customer's "Assisted sessions" and the back
 * office list. Every read names its filter; the customer center always passes the caller's customer.
 */

import { type Executor, queryRows } from '@b2b/db';
import {
  areas,
  customers,
  type ImpersonationEndReason,
  impersonationActions,
  impersonationSessions,
  orders,
  users,
} from '@b2b/db/schema';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';
import { contextCustomerColumns, toContextCustomer } from '../../lib/sql/customer-columns.ts';

export type SessionFilter = {
  customerId?: string | undefined;
  customerNumber?: string | undefined;
  /** The rep's username (stored lower-case). */
  salesUsername?: string | undefined;
  /** The audit log's filters (issue 28): one session, a period of starts, a text in the customer or the reason. */
  sessionId?: string | undefined;
  startedFrom?: Date | undefined;
  startedBefore?: Date | undefined;
  text?: string | undefined;
};

export type SessionRow = {
  id: string;
  salesPersonName: string;
  salesUsername: string;
  customerNumber: string;
  customerName: string;
  reason: string;
  startedAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  endReason: ImpersonationEndReason | null;
  lastActivityAt: Date;
};

export type SessionActionRow = {
  sessionId: string;
  kind: string;
  summary: string;
  createdAt: Date;
};

function sessionConditions(filter: SessionFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.customerId) conditions.push(eq(impersonationSessions.customerId, filter.customerId));
  if (filter.customerNumber) conditions.push(eq(customers.customerNumber, filter.customerNumber));
  if (filter.salesUsername) conditions.push(eq(users.username, filter.salesUsername.toLowerCase()));
  // compared as text: an id that is no uuid matches nothing instead of failing the cast
  if (filter.sessionId) conditions.push(sql`${impersonationSessions.id}::text = ${filter.sessionId}`);
  if (filter.startedFrom) conditions.push(gte(impersonationSessions.startedAt, filter.startedFrom));
  if (filter.startedBefore) conditions.push(lt(impersonationSessions.startedAt, filter.startedBefore));
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    conditions.push(
      sql`(${customers.customerNumber} ilike ${pattern} or ${customers.name} ilike ${pattern} or ${impersonationSessions.reason} ilike ${pattern})`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the matching sessions, newest first, and how many match in all. */
export async function searchSessions(
  db: Executor,
  filter: SessionFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: SessionRow[]; total: number }> {
  const where = sessionConditions(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: impersonationSessions.id,
        salesPersonName: users.name,
        salesUsername: users.username,
        customerNumber: customers.customerNumber,
        customerName: customers.name,
        reason: impersonationSessions.reason,
        startedAt: impersonationSessions.startedAt,
        expiresAt: impersonationSessions.expiresAt,
        endedAt: impersonationSessions.endedAt,
        endReason: impersonationSessions.endReason,
        lastActivityAt: impersonationSessions.lastActivityAt,
      })
      .from(impersonationSessions)
      .innerJoin(users, eq(users.id, impersonationSessions.salesUserId))
      .innerJoin(customers, eq(customers.id, impersonationSessions.customerId))
      .where(where)
      .orderBy(desc(impersonationSessions.startedAt), desc(impersonationSessions.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(impersonationSessions)
      .innerJoin(users, eq(users.id, impersonationSessions.salesUserId))
      .innerJoin(customers, eq(customers.id, impersonationSessions.customerId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export type OwnSessionRow = {
  id: string;
  customerNumber: string;
  customerName: string;
  reason: string;
  startedAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  endReason: ImpersonationEndReason | null;
  actionCount: number;
  orderCount: number;
};

/**
 * One page of the sessions of one sales rep, newest first, with how many actions and orders each holds, and how many
 * sessions the rep has in all. Scoped by the rep's user id (the caller's): no filter reaches another rep's sessions.
 */
export async function searchSessionsOfSalesRep(
  db: Executor,
  salesUserId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: OwnSessionRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<OwnSessionRow>(
      db,
      sql`
        select s.id, c.customer_number as "customerNumber", c.name as "customerName", s.reason,
               s.started_at as "startedAt", s.expires_at as "expiresAt", s.ended_at as "endedAt",
               s.end_reason as "endReason",
               (select count(*)::int from ${impersonationActions} a where a.session_id = s.id) as "actionCount",
               (select count(*)::int from ${orders} o where o.impersonation_session_id = s.id) as "orderCount"
          from ${impersonationSessions} s
          join ${customers} c on c.id = s.customer_id
         where s.sales_user_id = ${salesUserId}
         order by s.started_at desc, s.id desc
         limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${impersonationSessions} s where s.sales_user_id = ${salesUserId}`,
    ),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      startedAt: new Date(row.startedAt),
      expiresAt: new Date(row.expiresAt),
      endedAt: row.endedAt === null ? null : new Date(row.endedAt),
    })),
    total: count?.total ?? 0,
  };
}

export type OwnOrderRow = {
  id: string;
  orderNumber: string;
  sessionId: string;
  customerNumber: string;
  customerName: string;
  createdAt: Date;
  status: string;
  reference: string | null;
  currencyCode: string;
  totalNetMinor: number;
};

/**
 * One page of the orders one sales rep placed in their impersonation sessions, newest first, and how many in all.
 * Found through the rep's sessions (an order keeps the session it was placed in, ADR 013), never by a customer.
 */
export async function searchOrdersOfSalesRep(
  db: Executor,
  salesUserId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: OwnOrderRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<OwnOrderRow>(
      db,
      sql`
        select o.id, o.order_number as "orderNumber", s.id as "sessionId", c.customer_number as "customerNumber",
               c.name as "customerName", o.created_at as "createdAt", o.status, o.reference,
               o.currency_code as "currencyCode", o.total_net_minor::float8 as "totalNetMinor"
          from ${impersonationSessions} s
          join ${orders} o on o.impersonation_session_id = s.id
          join ${customers} c on c.id = o.customer_id
         where s.sales_user_id = ${salesUserId}
         order by o.created_at desc, o.id desc
         limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`
        select count(*)::int as total
          from ${impersonationSessions} s
          join ${orders} o on o.impersonation_session_id = s.id
         where s.sales_user_id = ${salesUserId}`,
    ),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
    total: count?.total ?? 0,
  };
}

/** The actions of these sessions, oldest first. */
export async function findSessionActions(db: Executor, sessionIds: string[]): Promise<SessionActionRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: impersonationActions.sessionId,
      kind: impersonationActions.kind,
      summary: impersonationActions.summary,
      createdAt: impersonationActions.createdAt,
    })
    .from(impersonationActions)
    .where(inArray(impersonationActions.sessionId, sessionIds))
    .orderBy(asc(impersonationActions.createdAt), asc(impersonationActions.id));
}

/**
 * The session in which a card payment was started (its `Payment.CreatePaymentIntent` action), with the rep and the
 * customer acted for (effective currency, as the request context holds it); null for a payment started by the
 * customer. Only read when the provider sends a rep's browser back (rare), so the details are not indexed.
 */
export async function findSessionOfPayment(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      sessionId: impersonationSessions.id,
      salesUserId: impersonationSessions.salesUserId,
      ...contextCustomerColumns,
    })
    .from(impersonationActions)
    .innerJoin(impersonationSessions, eq(impersonationSessions.id, impersonationActions.sessionId))
    .innerJoin(customers, eq(customers.id, impersonationSessions.customerId))
    .innerJoin(areas, eq(areas.id, customers.areaId))
    .where(
      and(
        eq(impersonationActions.kind, 'Payment.CreatePaymentIntent'),
        sql`${impersonationActions.details}->>'paymentId' = ${paymentId}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    salesUserId: row.salesUserId,
    customer: toContextCustomer(row),
  };
}
