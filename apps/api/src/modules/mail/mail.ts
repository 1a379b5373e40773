/**
 * Outgoing mail. Services call `sendMail(db, message)` with the executor of their own transaction: the default
 * transport is the transactional outbox (`mail_outbox`), so a mail is written if and only if what it reports is
 * committed (an order confirmation never goes out for an order that rolled back, and is never lost for one that
 * did not). Delivery is a separate step: with SMTP_URL set, mail-delivery.plugin.ts sends due rows through SMTP and
 * records the outcome (ADR 009).
 */
import type { Executor } from '@b2b/db';
import { insertOutboxMail } from './mail.repository.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. `order-confirmation`. */
  kind: string;
  /** The order the mail reports, if any. */
  orderId?: string;
  /** The user who asked for this mail (a back-office copy); left out for mail the shop sends by itself. */
  requestedByUserId?: string;
};

/** A transport puts a message on its way; the outbox transport stores it in the caller's transaction. */
export interface MailTransport {
  sendMail(db: Executor, message: MailMessage): Promise<{ id: string }>;
}

export const outboxMailTransport: MailTransport = {
  sendMail: (db, message) => insertOutboxMail(db, message),
};

/** Sends a mail through the default transport (the outbox). */
export function sendMail(db: Executor, message: MailMessage): Promise<{ id: string }> {
  return outboxMailTransport.sendMail(db, message);
}
