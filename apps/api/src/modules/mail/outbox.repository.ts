/** The back office's queries of the mail outbox (issue 28): search, one mail, and putting a given-up mail back. */
import type { MailOutboxState, OutboxSortField } from '@b2b/contract';
import type { Executor } from '@b2b/db';
import { mailOutbox, orders, users } from '@b2b/db/schema';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';

export type OutboxSearch = {
  state?: MailOutboxState | undefined;
  kind?: string | undefined;
  recipient?: string | undefined;
  /** Written at or after. */
  createdFrom?: Date | undefined;
  /** Written before. */
  createdBefore?: Date | undefined;
  sortBy: OutboxSortField;
  sortDirection: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const SORT_COLUMNS = {
  createdAt: mailOutbox.createdAt,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  attempts: mailOutbox.attempts,
} as const;

const STATE_CONDITIONS: Record<MailOutboxState, SQL | undefined> = {
  pending: and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)),
  sent: isNotNull(mailOutbox.sentAt),
  failed: isNotNull(mailOutbox.failedAt),
};

/** `%`, `_` and `\` typed by staff are matched as themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const summaryColumns = {
  id: mailOutbox.id,
  createdAt: mailOutbox.createdAt,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  sentAt: mailOutbox.sentAt,
  failedAt: mailOutbox.failedAt,
  orderNumber: orders.orderNumber,
};

export async function searchOutboxMails(db: Executor, search: OutboxSearch) {
  const where = and(
    search.state ? STATE_CONDITIONS[search.state] : undefined,
    search.kind ? eq(mailOutbox.kind, search.kind) : undefined,
    search.recipient ? ilike(mailOutbox.toAddress, containsPattern(search.recipient)) : undefined,
    search.createdFrom ? gte(mailOutbox.createdAt, search.createdFrom) : undefined,
    search.createdBefore ? lt(mailOutbox.createdAt, search.createdBefore) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(mailOutbox)
      .leftJoin(orders, eq(orders.id, mailOutbox.orderId))
      .where(where)
      .orderBy(
        (search.sortDirection === 'asc' ? asc : desc)(SORT_COLUMNS[search.sortBy]),
        // Ties (same recipient, same kind) newest first, then by id: a stable order across pages.
        desc(mailOutbox.createdAt),
        desc(mailOutbox.id),
      )
      .limit(search.limit)
      .offset(search.offset),
    db.select({ count: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, totalCount: total?.count ?? 0 };
}

export type OutboxMailRow = Awaited<ReturnType<typeof searchOutboxMails>>['rows'][number] & {
  textBody: string;
  htmlBody: string | null;
  requestedBy: string | null;
};

/** One mail with its text; `forUpdate` locks it until the transaction ends (a retry reads, checks, writes). */
export async function findOutboxMail(
  db: Executor,
  mailId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OutboxMailRow | null> {
  const query = db
    .select({
      ...summaryColumns,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      requestedBy: users.username,
    })
    .from(mailOutbox)
    .leftJoin(orders, eq(orders.id, mailOutbox.orderId))
    .leftJoin(users, eq(users.id, mailOutbox.requestedByUserId))
    .where(eq(mailOutbox.id, mailId));
  const [row] = options.forUpdate ? await query.for('update', { of: mailOutbox }) : await query;
  return row ?? null;
}

/**
 * A given-up mail back in line: due now, its attempts counted from 0 again (delivery gives up after 8 more). Its
 * last error stays until the next attempt replaces or clears it. Only a failed mail matches.
 */
export async function requeueFailedMail(db: Executor, mailId: string): Promise<boolean> {
  const updated = await db
    .update(mailOutbox)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, mailId), isNotNull(mailOutbox.failedAt), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return updated.length > 0;
}
