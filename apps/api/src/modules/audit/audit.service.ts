/**
 * The back office's audit log (issue 28): every write staff make records who, when, what and the values before and
 * after, in the transaction of the write: `recordAuditEntry(txCtx, …)` inside `inTransaction`, so the change and its
 * entry commit or roll back together.
 */
import type { RequestContext } from '../../context.ts';
import { requireUser } from '../../context.ts';
import { insertAuditEntry } from './audit.repository.ts';

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
