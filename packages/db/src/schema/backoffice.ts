/**
 * The back office's own tables (issue 28): the audit log every staff write records in its transaction, the earlier
 * versions of content documents (history and restore), the mail templates staff edit, and the cache bookkeeping
 * that lets one request reach every API and storefront instance (invalidations) and show what each holds (reports).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { users } from './users.ts';

/**
 * One row per change staff made through the back office (and per order-state move, credit, payment, receipt copy):
 * who (`actor_user_id`, and the username as it was), when, what (`object_type` such as `document`, `redirect`,
 * `order`; `object_id` the object's own key) and the values before and after (null for a creation or a deletion).
 * Written in the transaction of the change, so a change without its entry cannot be committed.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    actorUsername: text('actor_username').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** What was done, e.g. `update`, `delete`, `restore`, `import`, `state-change`. */
    action: text('action').notNull(),
    /** One readable line for the log's table, e.g. "Redirect /old → /new (301)". */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_entries_occurred_at_idx').on(table.occurredAt),
    index('audit_entries_object_idx').on(table.objectType, table.objectId, table.occurredAt),
    index('audit_entries_actor_idx').on(table.actorUserId, table.occurredAt),
  ],
);

/**
 * Every earlier version of a content document: written when an update or delete replaces it, so history shows each
 * version and restore writes one back. The document's scope is copied so a deleted document's history stays
 * readable (no foreign key to content_documents).
 */
export const contentDocumentVersions = pgTable(
  'content_document_versions',
  {
    documentId: uuid('document_id').notNull(),
    version: integer('version').notNull(),
    areaId: text('area_id').notNull(),
    languageCode: text('language_code').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    url: text('url'),
    title: text('title').notNull(),
    body: jsonb('body').notNull(),
    /** When this version was written (the document's updated_at then) and by whom (null for the seed). */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    savedByUserId: uuid('saved_by_user_id').references(() => users.id),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.version] })],
);

/**
 * The mails' texts as staff edited them (order confirmation, receipt copy, password recovery), per area and
 * language. No row: the shop's built-in text applies. `version` guards against two editors overwriting each other.
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    kind: text('kind').notNull(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    languageCode: text('language_code').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id),
  },
  (table) => [primaryKey({ columns: [table.kind, table.areaId, table.languageCode] })],
);

/**
 * Requests to empty one type of cache (Debug/InvalidateCacheByType). Every API and storefront instance reads the
 * rows after the id it last saw, every few seconds, and empties its cache of that type: one table reaches them all
 * on PGlite and PostgreSQL alike.
 */
export const cacheInvalidations = pgTable('cache_invalidations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  cacheType: text('cache_type').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  requestedByUserId: uuid('requested_by_user_id').references(() => users.id),
});

/**
 * What each running instance holds in its caches (Debug/GetCacheUsage), reported by the instance itself every few
 * seconds: `caches` is a list of { type, entries, bytes, hits, misses, oldestEntryAt }. Rows of instances that
 * stopped reporting are left out of the answer and deleted after a while.
 */
export const cacheUsageReports = pgTable(
  'cache_usage_reports',
  {
    instanceId: text('instance_id').primaryKey(),
    /** `api` or `web`. */
    app: text('app').notNull(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    caches: jsonb('caches').notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [index('cache_usage_reports_reported_at_idx').on(table.reportedAt)],
);
