/** Drizzle queries of the mail outbox. */
import type { Executor } from '@b2b/db';
import { mailOutbox } from '@b2b/db/schema';
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
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail not stored in the outbox');
  return row;
}
