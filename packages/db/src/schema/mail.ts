/** The mail outbox (ADR 009). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Outgoing mail (transactional outbox): written in the same transaction as what it reports (e.g. the order), sent
 * later through SMTP by the API's delivery worker, which sets `sentAt` (or `failedAt` when it gives up; ADR 009).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the mail is about, e.g. 'order-confirmation'. */
    kind: text('kind').notNull().default('generic'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The back-office user who asked for the mail (SendReceiptCopy); null for mail the shop sends by itself. */
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the delivery worker may try (again); pushed back after a failed attempt. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when delivery was given up (rejected for good, or too many attempts): never tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
