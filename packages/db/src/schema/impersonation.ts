/**
 * Sales impersonation (spec §6, ADR 013): every time a sales rep acts for a customer is a session, and every write
 * made in it is an action of that session, so the customer and the back office can see who did what for whom.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** Why a session ended; null while it runs (until `expiresAt`). */
export const IMPERSONATION_END_REASONS = ['ended', 'logout', 'password-changed', 'replaced'] as const;
export type ImpersonationEndReason = (typeof IMPERSONATION_END_REASONS)[number];

/** One stretch of a sales rep acting for one customer: started by Impersonate, ended by the rep or by expiry. */
export const impersonationSessions = pgTable(
  'impersonation_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salesUserId: uuid('sales_user_id')
      .notNull()
      .references(() => users.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    /** What the rep gave as the reason ("phone order", "visit"); empty when an API client sent none. */
    reason: text('reason').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The token's end: the session cannot outlive it (8 hours, ADR 013). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<ImpersonationEndReason>(),
    /** The last request made with the session's token (updated at most once a minute). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('impersonation_sessions_customer_started_idx').on(table.customerId, table.startedAt),
    index('impersonation_sessions_sales_user_started_idx').on(table.salesUserId, table.startedAt),
  ],
);

/**
 * A write made during a session (a cart line change, a checkout field, an order placed, later favourites and
 * uploads): what the customer's "Assisted sessions" and the back office show. `kind` is the call
 * (`Cart.AddOrUpdateLines`), `summary` a sentence for people, `details` what a machine may need.
 */
export const impersonationActions = pgTable(
  'impersonation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => impersonationSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('impersonation_actions_session_created_idx').on(table.sessionId, table.createdAt)],
);
