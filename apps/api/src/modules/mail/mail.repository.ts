/** Queries of the mail outbox: writing mails (in the caller's transaction) and the delivery worker's claims. */
import { type Executor, queryRows } from '@b2b/db';
import { mailOutbox } from '@b2b/db/schema';
import { sql } from 'drizzle-orm';
import type { MailMessage } from './mail.ts';

export async function insertOutboxMail(db: Executor, message: MailMessage): Promise<{ id: string }> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      kind: message.kind,
      orderId: message.orderId ?? null,
      requestedByUserId: message.requestedByUserId ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail not stored in the outbox');
  return row;
}

export type ClaimedMail = {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** Attempts including this one. */
  attempts: number;
};

/**
 * Claims up to `limit` due mails in one statement: counts the attempt and moves `next_attempt_at` a lease ahead, so
 * no other API instance claims them meanwhile (`FOR UPDATE SKIP LOCKED` on PostgreSQL). A mail whose sender dies
 * before reporting is claimed again when the lease runs out: delivery is at least once.
 */
export async function claimDueMails(db: Executor, options: { limit: number; leaseMs: number }): Promise<ClaimedMail[]> {
  return queryRows<ClaimedMail>(
    db,
    sql`
      with due as (
        select id from ${mailOutbox}
         where sent_at is null and failed_at is null and next_attempt_at <= now()
         order by next_attempt_at
         limit ${options.limit}
         for update skip locked)
      update ${mailOutbox} m
         set attempts = m.attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${options.leaseMs / 1000})
        from due
       where m.id = due.id
      returning m.id, m.to_address as "toAddress", m.subject, m.text_body as "textBody", m.html_body as "htmlBody",
                m.attempts`,
  );
}

export async function markMailSent(db: Executor, id: string): Promise<void> {
  await db.execute(sql`update ${mailOutbox} set sent_at = now(), last_error = null where id = ${id}`);
}

/** A failed attempt: tried again after `retryInMs`, or given up (`failed_at`) when `retryInMs` is null. */
export async function markMailAttemptFailed(
  db: Executor,
  id: string,
  failure: { error: string; retryInMs: number | null },
): Promise<void> {
  const error = failure.error.slice(0, 1000);
  await db.execute(
    failure.retryInMs === null
      ? sql`update ${mailOutbox} set failed_at = now(), last_error = ${error} where id = ${id}`
      : sql`update ${mailOutbox}
               set last_error = ${error}, next_attempt_at = now() + make_interval(secs => ${failure.retryInMs / 1000})
             where id = ${id}`,
  );
}
