/**
 * The back office's audit log (issue 28): every write staff make records who, when, what and the values before and
 * after, in the transaction of the write: `recordAuditEntry(txCtx, …)` inside `inTransaction`, so the change and its
 * entry commit or roll back together. The log's search also lists the sales reps' impersonation sessions (ADR 013).
 */

import {
  type AuditEntry,
  type GetAuditEntriesBySearchBody,
  type GetAuditEntriesBySearchResponse,
  IMPERSONATION_SESSION_ACTION,
  IMPERSONATION_SESSION_OBJECT_TYPE,
  type ImpersonationSession,
} from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { requireUser } from '../../context.ts';
import { validationError } from '../../errors.ts';
import { findImpersonationSessionsForAuditLog } from '../impersonation/impersonation-sessions.service.ts';
import { type AuditEntryRow, insertAuditEntry, searchAuditEntries } from './audit.repository.ts';

/** What the log calls the objects staff change; the audit search filters by these. */
export const AUDIT_OBJECT_TYPES = [
  'document',
  'redirect',
  'order',
  'invoice',
  'campaign',
  'discount-code',
  'menu',
  'mail-template',
  'mail',
  'cache',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** The object types a search may name: the changes', and the sessions' (kept in their own table). */
const SEARCHABLE_OBJECT_TYPES: readonly string[] = [...AUDIT_OBJECT_TYPES, IMPERSONATION_SESSION_OBJECT_TYPE];

export type AuditChange = {
  objectType: AuditObjectType;
  /** The object's own key as staff know it: an order number, a redirect's from-path, a document's id. */
  objectId: string;
  /** What was done: `create`, `update`, `delete`, `restore`, `import`, `state-change`, `retry` … */
  action: string;
  /** One readable line for the log's table, e.g. "Order 100123: Placed → Shipped". */
  summary: string;
  /** The values before and after the change (JSON); null for a creation or a deletion. */
  before?: unknown;
  after?: unknown;
};

/** Records a change by the calling user. Call it with the context of the write's transaction. */
export async function recordAuditEntry(ctx: RequestContext, change: AuditChange): Promise<void> {
  const user = requireUser(ctx);
  await insertAuditEntry(ctx.db, {
    actorUserId: user.id,
    actorUsername: user.username,
    objectType: change.objectType,
    objectId: change.objectId,
    action: change.action,
    summary: change.summary,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

function toEntry(row: AuditEntryRow): AuditEntry {
  return {
    entryId: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorUsername: row.actorUsername,
    objectType: row.objectType,
    objectId: row.objectId,
    action: row.action,
    summary: row.summary,
    before: row.before,
    after: row.after,
  };
}

/** How a session ended, in the log's summary line. */
const SESSION_END_TEXTS: Record<NonNullable<ImpersonationSession['endReason']>, string> = {
  ended: 'ended by the rep',
  logout: 'ended when the rep logged out',
  'password-changed': "ended when the rep's password changed",
  replaced: 'ended when the rep acted for another customer',
  expired: 'expired after 8 hours',
};

/** A session as an entry of the log: at its start, by the rep, with what the customer's "Assisted sessions" show. */
function toSessionEntry(session: ImpersonationSession): AuditEntry {
  const { customer, reason, startedAt, endedAt, endReason, actions } = session;
  const state = endReason === null ? 'still running' : SESSION_END_TEXTS[endReason];
  const actionCount = actions.length === 1 ? '1 action' : `${actions.length} actions`;
  return {
    entryId: session.sessionId,
    occurredAt: startedAt,
    actorUsername: session.salesPerson.username,
    objectType: IMPERSONATION_SESSION_OBJECT_TYPE,
    objectId: session.sessionId,
    action: IMPERSONATION_SESSION_ACTION,
    summary:
      `${session.salesPerson.name} acted for customer ${customer.customerNo} ${customer.name}` +
      `${reason ? ` (${reason})` : ''}: ${actionCount}, ${state}`,
    before: null,
    after: { customer, reason, startedAt, endedAt, endReason, actions },
  };
}

/**
 * POST /backoffice/api/Audit/GetBySearch (issue 28): the log's entries and the impersonation sessions matching the
 * filters, newest first, one page. The two lists are merged by time: for page n, the newest n pages of each are
 * read and the merged list cut (pages are capped at 500, so this stays bounded).
 */
export async function getAuditEntriesBySearch(
  ctx: RequestContext,
  search: GetAuditEntriesBySearchBody,
): Promise<GetAuditEntriesBySearchResponse> {
  const { objectType, action, pageSize, pageNr } = search;
  if (objectType !== undefined && !SEARCHABLE_OBJECT_TYPES.includes(objectType)) {
    throw validationError('objectType', `must be one of ${SEARCHABLE_OBJECT_TYPES.join(', ')}`);
  }
  const from = search.from === undefined ? undefined : new Date(search.from);
  const before = search.to === undefined ? undefined : new Date(search.to);
  if (from && before && before <= from) throw validationError('to', 'must be later than from');

  const listsEntries = objectType !== IMPERSONATION_SESSION_OBJECT_TYPE;
  const listsSessions =
    (objectType === undefined || objectType === IMPERSONATION_SESSION_OBJECT_TYPE) &&
    (action === undefined || action === IMPERSONATION_SESSION_ACTION);
  const offset = (pageNr - 1) * pageSize;
  // Either list alone is paged by the database; merged, both are read from the newest on.
  const merged = listsEntries && listsSessions;
  const entryPage = merged ? { limit: offset + pageSize, offset: 0 } : { limit: pageSize, offset };
  const sessionPage = merged ? { pageSize: offset + pageSize, pageNr: 1 } : { pageSize, pageNr };

  const [entries, sessions] = await Promise.all([
    listsEntries
      ? searchAuditEntries(
          ctx.db,
          {
            actorUsername: search.actorUsername,
            objectType,
            objectId: search.objectId,
            action,
            from,
            before,
            text: search.text,
          },
          entryPage,
        )
      : { rows: [], total: 0 },
    listsSessions
      ? findImpersonationSessionsForAuditLog(
          ctx,
          {
            salesUsername: search.actorUsername,
            sessionId: search.objectId,
            startedFrom: from,
            startedBefore: before,
            text: search.text,
          },
          sessionPage,
        )
      : { sessions: [], totalCount: 0 },
  ]);
  const all = [...entries.rows.map(toEntry), ...sessions.sessions.map(toSessionEntry)];
  // ISO timestamps in UTC sort as text; the id breaks a tie so a page boundary never repeats or skips an entry
  all.sort((a, b) => b.occurredAt.localeCompare(a.occurredAt) || b.entryId.localeCompare(a.entryId));
  return {
    entries: merged ? all.slice(offset, offset + pageSize) : all,
    totalCount: entries.total + sessions.totalCount,
    pageNr,
    pageSize,
    objectTypes: [...SEARCHABLE_OBJECT_TYPES],
  };
}
