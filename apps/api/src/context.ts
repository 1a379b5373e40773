/**
 * The request context every service function takes first (conventions §2): who is calling, for which customer, in
 * which area, and the database to use. Built once per request by plugins/auth.ts; services never read HTTP objects.
 */
import type { AreaId, AreaInfo, Role } from '@b2b/contract';
import type { Executor, Transaction } from '@b2b/db';
import { AppError } from './errors.ts';

/** The logged-in user behind the request (the real user, also while impersonating). */
export type ContextUser = {
  id: string;
  username: string;
  roles: Role[];
};

/**
 * The customer the request acts for: the user's own customer, or, once impersonation lands, the customer a sales
 * person acts for. `currencyCode` is already the effective currency (spec §1: the customer's own currency
 * overrides the area's).
 */
export type ContextCustomer = {
  id: string;
  customerNumber: string;
  currencyCode: string;
  priceGroupId: string | null;
  areaId: AreaId;
  /** The country the customer is registered in and its VAT number: with the area's seller they decide its VAT. */
  countryCode: string;
  vatNumber: string | null;
};

export type RequestContext = {
  db: Executor;
  requestId: string;
  /** The session's area as given at Login / GenerateNotLoggedInToken; null without a token. */
  area: AreaInfo | null;
  /** The logged-in user; null for anonymous callers (no token or a not-logged-in token). */
  user: ContextUser | null;
  /** The customer acted for; null when anonymous or when the user has no customer (e.g. back-office staff). */
  customer: ContextCustomer | null;
  /**
   * The impersonation session the request belongs to: set when a sales rep's impersonation token acts for
   * `customer` (spec §6; `user` is then the rep, the acting user). Writes made under it are recorded as actions of
   * the session (modules/impersonation), so the customer and the back office see who did what.
   */
  impersonation: { sessionId: string } | null;
  /** The kind of the presented access token; null without one. */
  tokenKind: 'user' | 'anonymous' | null;
  /** The read replica (lib/read-replica.ts, ADR 042), set when DATABASE_READ_URL is; absent: reads use `db`. */
  replica?: ReplicaReads | undefined;
};

export type ReplicaReadOptions<T> = {
  /** An answer the replica may give only because it has not replayed the latest writes: asked again of the primary. */
  isMissing?: (result: T) => boolean;
};

/** What a request needs of the read replica (ADR 042); implemented by lib/read-replica.ts. */
export type ReplicaReads = {
  /** Runs `read` on the replica when this caller may read there now, else (or when that fails) on the primary. */
  read<T>(
    ctx: RequestContext,
    read: (readCtx: RequestContext) => Promise<T>,
    options?: ReplicaReadOptions<T>,
  ): Promise<T>;
  /** The caller committed a write: their reads go to the primary until the replica has certainly replayed it. */
  noteWrite(ctx: RequestContext): void;
};

/**
 * A read that may be answered by the read replica (ADR 042): a product or document read whose answer may lag the
 * primary by a moment. `read` gets a context on the replica, or the caller's own when it must read the primary: staff,
 * a caller who wrote in the last seconds, a replica that is down or behind. A NotFoundException (or an answer
 * `options.isMissing` calls missing) or a database error on the replica is retried on the primary. Without
 * DATABASE_READ_URL this is `read(ctx)`.
 */
export function readFromReplica<T>(
  ctx: RequestContext,
  read: (readCtx: RequestContext) => Promise<T>,
  options?: ReplicaReadOptions<T>,
): Promise<T> {
  return ctx.replica === undefined ? read(ctx) : ctx.replica.read(ctx, read, options);
}

/** A context for work outside a request (scripts, tests): anonymous, no area. */
export function createAnonymousContext(db: Executor, requestId = 'internal'): RequestContext {
  return { db, requestId, area: null, user: null, customer: null, impersonation: null, tokenKind: null };
}

/** A context for a transaction: the same caller, another executor; what it reads, it reads there (no replica). */
export function withExecutor(ctx: RequestContext, db: Executor): RequestContext {
  return { ...ctx, db, replica: undefined };
}

/**
 * The one transaction idiom of the services: `inTransaction(ctx, async (txCtx) => …)`. `work` gets the same caller
 * on a transaction; the transaction commits when `work` resolves and rolls back when it throws (AppError included,
 * so a 4xx leaves nothing half-written). Inside, use `txCtx` (and pass `txCtx.db` to repositories), never the outer
 * `ctx`: its `db` is the pool, so a query on it would run outside the transaction, on another connection.
 *
 * A context that already is on a transaction joins it (no savepoint): a service that needs one can be called from a
 * route and from another service's transaction alike, and everything commits or rolls back together.
 */
export async function inTransaction<T>(ctx: RequestContext, work: (txCtx: RequestContext) => Promise<T>): Promise<T> {
  if (isTransaction(ctx.db)) return work(ctx);
  const result = await ctx.db.transaction((tx) => work(withExecutor(ctx, tx)));
  ctx.replica?.noteWrite(ctx);
  return result;
}

/** Drizzle's transaction handle is a database with `rollback()`; the pool has none. */
function isTransaction(db: Executor): db is Transaction {
  return 'rollback' in db;
}

/**
 * The logged-in user behind the request. Routes with a user policy never reach a service without one; this check is
 * for the type and for services called from elsewhere (scripts, other services): anonymous callers get 401.
 */
export function requireUser(ctx: RequestContext): ContextUser {
  if (!ctx.user) throw new AppError('UnauthorizedException', 'You must be logged in.');
  return ctx.user;
}

/**
 * The customer the request acts for. Customer-scoped calls take it from the context, never from the request body
 * (ADR 005), so no other customer's data is reachable. A user without a customer (back-office staff) gets 403.
 */
export function requireCustomer(ctx: RequestContext): ContextCustomer {
  if (!ctx.customer) throw new AppError('ForbiddenException', 'This call is for customers only; this user has none.');
  return ctx.customer;
}
