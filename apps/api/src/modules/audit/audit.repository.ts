/** Drizzle queries of the audit log (issue 28). */
import type { Executor } from '@b2b/db';
import { auditEntries } from '@b2b/db/schema';

export type NewAuditEntry = typeof auditEntries.$inferInsert;

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditEntries).values(entry);
}
