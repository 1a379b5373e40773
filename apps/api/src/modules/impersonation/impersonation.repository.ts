/**
 * Queries of sales impersonation (ADR 013): the rep's book of customers, the impersonation sessions, and the one
 * joined read that authenticates an impersonation token. No business rules here; impersonation.service.ts and
 * plugins/auth.ts decide.
 */

import type { AreaId, Role } from '@b2b/contract';
import { type Executor, queryRows } from '@b2b/db';
import {
  areas,
  cartLines,
  carts,
  customerAddresses,
  customers,
  type ImpersonationEndReason,
  impersonationSessions,
  orders,
  priceLists,
  prices,
  refreshTokens,
  userImpersonationCustomers,
  users,
} from '@b2b/db/schema';
import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { ContextCustomer } from '../../context.ts';
import { containsPattern } from '../../lib/sql/contains-pattern.ts';
import {
  contextCustomerColumns,
  customerVatInputs,
  type RawCustomerVatInputs,
  toContextCustomer,
  toCustomerVat,
} from '../../lib/sql/customer-columns.ts';

export type BookSearch = {
  salesUserId: string;
  /** Part of a customer number or name, case-insensitive. */
  search?: string | undefined;
  areaId?: AreaId | undefined;
};

export type BookCustomerRow = {
  customerNumber: string;
  name: string;
  areaId: AreaId;
  currencyCode: string;
  city: string | null;
  lastOrderAt: Date | null;
  /** Goods value of the customer's open carts (product lines × net price), minor units; null without lines. */
  openCartNetMinor: number | null;
  /** The customer's VAT rate (ADR 018: the seller's, or 0 for reverse charge, export and the USA area). */
  vatRateBasisPoints: number;
};

function bookConditions(search: BookSearch): SQL {
  const conditions: SQL[] = [sql`b.user_id = ${search.salesUserId}`];
  if (search.search) {
    const pattern = containsPattern(search.search);
    conditions.push(sql`(c.customer_number ilike ${pattern} or c.name ilike ${pattern})`);
  }
  if (search.areaId) conditions.push(sql`c.area_id = ${search.areaId}`);
  return sql.join(conditions, sql` and `);
}

/**
 * One page of the rep's book, ordered by customer number, with what helps choose a customer, and how many match.
 * The open cart value prices the carts' product lines as the cart does (the price group's price in the customer's
 * currency, else the list price; bundle components are free); shipping and surcharges are left out, they depend on
 * the checkout. One statement per page; the count comes with the rows (a second query only for a page past the end).
 */
export async function searchBook(
  db: Executor,
  search: BookSearch,
  page: { limit: number; offset: number },
): Promise<{ rows: BookCustomerRow[]; total: number }> {
  const where = bookConditions(search);
  const rows = await queryRows<
    Omit<BookCustomerRow, 'vatRateBasisPoints'> & { vatInputs: RawCustomerVatInputs; total: number }
  >(
    db,
    sql`
      select c.customer_number as "customerNumber", c.name, c.area_id as "areaId",
             coalesce(c.currency_code, a.currency_code) as "currencyCode",
             (select ad.city from ${customerAddresses} ad
               where ad.customer_id = c.id and ad.is_default
               order by ad.name, ad.id limit 1) as city,
             (select max(o.created_at) from ${orders} o where o.customer_id = c.id) as "lastOrderAt",
             (select sum(l.quantity * coalesce(gp.unit_price_minor, lp.unit_price_minor))::float8
                from ${carts} k
                join ${cartLines} l on l.cart_id = k.id and l.parent_id is null
                left join ${priceLists} gl
                  on gl.currency_code = coalesce(c.currency_code, a.currency_code) and gl.price_group_id = c.price_group_id
                left join ${prices} gp on gp.price_list_id = gl.id and gp.product_id = l.product_id
                left join ${priceLists} ll
                  on ll.currency_code = coalesce(c.currency_code, a.currency_code) and ll.price_group_id is null
                left join ${prices} lp on lp.price_list_id = ll.id and lp.product_id = l.product_id
               where k.customer_id = c.id and k.status = 'open') as "openCartNetMinor",
             ${customerVatInputs(sql`c.area_id`, sql`c.id`)} as "vatInputs",
             count(*) over ()::int as total
        from ${userImpersonationCustomers} b
        join ${customers} c on c.id = b.customer_id
        join ${areas} a on a.id = c.area_id
       where ${where}
       order by c.customer_number
       limit ${page.limit} offset ${page.offset}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total
            from ${userImpersonationCustomers} b join ${customers} c on c.id = b.customer_id
           where ${where}`,
    );
    total = count?.total ?? 0;
  }
  return {
    rows: rows.map(({ total: _total, vatInputs, ...row }) => ({
      ...row,
      lastOrderAt: row.lastOrderAt === null ? null : new Date(row.lastOrderAt),
      openCartNetMinor: row.openCartNetMinor === null ? null : Number(row.openCartNetMinor),
      vatRateBasisPoints: toCustomerVat(vatInputs).rateBasisPoints,
    })),
    total,
  };
}

/** The customer with this number, and whether it is in the rep's book; null when no customer has the number. */
export async function findCustomerForRep(
  db: Executor,
  salesUserId: string,
  customerNumber: string,
): Promise<{ id: string; customerNumber: string; name: string; areaId: AreaId; isInBook: boolean } | null> {
  const [row] = await db
    .select({
      id: customers.id,
      customerNumber: customers.customerNumber,
      name: customers.name,
      areaId: customers.areaId,
      bookUserId: userImpersonationCustomers.userId,
    })
    .from(customers)
    .leftJoin(
      userImpersonationCustomers,
      and(eq(userImpersonationCustomers.customerId, customers.id), eq(userImpersonationCustomers.userId, salesUserId)),
    )
    .where(eq(customers.customerNumber, customerNumber))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    customerNumber: row.customerNumber,
    name: row.name,
    areaId: row.areaId as AreaId,
    isInBook: row.bookUserId !== null,
  };
}

/**
 * Locks the rep's user row until the transaction ends, so two Impersonate calls of one rep (a double click) run one
 * after the other and the second replaces the first: a rep never has two running sessions.
 */
export async function lockRep(db: Executor, salesUserId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, salesUserId)).for('update');
}

export async function insertSession(
  db: Executor,
  session: {
    salesUserId: string;
    customerId: string;
    areaId: string;
    reason: string;
    startedAt: Date;
    expiresAt: Date;
  },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(impersonationSessions)
    .values({ ...session, lastActivityAt: session.startedAt })
    .returning({ id: impersonationSessions.id });
  if (!row) throw new Error('Inserting an impersonation session returned no row.');
  return row;
}

/** Ends the rep's running sessions (not ended, not expired) with `reason`; returns their ids. */
export async function endRunningSessionsOfRep(
  db: Executor,
  salesUserId: string,
  reason: ImpersonationEndReason,
  endedAt: Date,
): Promise<string[]> {
  const ended = await db
    .update(impersonationSessions)
    .set({ endedAt, endReason: reason })
    .where(
      and(
        eq(impersonationSessions.salesUserId, salesUserId),
        isNull(impersonationSessions.endedAt),
        sql`${impersonationSessions.expiresAt} > ${endedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: impersonationSessions.id });
  return ended.map((row) => row.id);
}

/** Ends the session when it still runs; false when it had ended already. */
export async function endSession(
  db: Executor,
  sessionId: string,
  reason: ImpersonationEndReason,
  endedAt: Date,
): Promise<boolean> {
  const ended = await db
    .update(impersonationSessions)
    .set({ endedAt, endReason: reason })
    .where(and(eq(impersonationSessions.id, sessionId), isNull(impersonationSessions.endedAt)))
    .returning({ id: impersonationSessions.id });
  return ended.length === 1;
}

/** Moves the session's last activity to `at` unless it was recorded less than `minimumGapMs` before. */
export async function recordSessionActivity(
  db: Executor,
  sessionId: string,
  at: Date,
  minimumGapMs: number,
): Promise<void> {
  await db
    .update(impersonationSessions)
    .set({ lastActivityAt: at })
    .where(
      and(
        eq(impersonationSessions.id, sessionId),
        lt(impersonationSessions.lastActivityAt, new Date(at.getTime() - minimumGapMs)),
      ),
    );
}

/**
 * Everything that decides whether an impersonation token still acts, in one statement: the rep (password version,
 * roles), whether the rep's own session runs and still has the customer in the book, the session's state, and the
 * customer acted for with its effective currency. Null when the session does not exist or is not the rep's.
 */
export type ImpersonationPrincipal = {
  sessionId: string;
  rep: { userId: string; username: string; roles: Role[]; passwordChangedAt: Date };
  repSessionId: string;
  isRepSessionLive: boolean;
  isCustomerInBook: boolean;
  endedAt: Date | null;
  expiresAt: Date;
  lastActivityAt: Date;
  customer: ContextCustomer;
};

export async function findImpersonationPrincipal(
  db: Executor,
  input: { sessionId: string; repUserId: string; repSessionId: string },
): Promise<ImpersonationPrincipal | null> {
  const [row] = await db
    .select({
      sessionId: impersonationSessions.id,
      userId: users.id,
      username: users.username,
      roles: users.roles,
      passwordChangedAt: users.passwordChangedAt,
      isRepSessionLive: sql<boolean>`exists (select 1 from ${refreshTokens} rt
        where rt.family_id = ${input.repSessionId} and rt.revoked_at is null)`,
      isCustomerInBook: sql<boolean>`exists (select 1 from ${userImpersonationCustomers} b
        where b.user_id = ${users.id} and b.customer_id = ${customers.id})`,
      endedAt: impersonationSessions.endedAt,
      expiresAt: impersonationSessions.expiresAt,
      lastActivityAt: impersonationSessions.lastActivityAt,
      ...contextCustomerColumns,
    })
    .from(impersonationSessions)
    .innerJoin(users, eq(users.id, impersonationSessions.salesUserId))
    .innerJoin(customers, eq(customers.id, impersonationSessions.customerId))
    .innerJoin(areas, eq(areas.id, customers.areaId))
    .where(and(eq(impersonationSessions.id, input.sessionId), eq(impersonationSessions.salesUserId, input.repUserId)))
    .limit(1);
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    rep: { userId: row.userId, username: row.username, roles: row.roles, passwordChangedAt: row.passwordChangedAt },
    repSessionId: input.repSessionId,
    isRepSessionLive: row.isRepSessionLive,
    isCustomerInBook: row.isCustomerInBook,
    endedAt: row.endedAt,
    expiresAt: row.expiresAt,
    lastActivityAt: row.lastActivityAt,
    customer: toContextCustomer(row),
  };
}
