/** Instant Excel's stored upload previews (issue 26 §2, ADR 027). */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * One validated upload (a sheet, a CSV file or pasted lines): the preview's rows exactly as the buyer saw them, so
 * ApplyUpload applies what was shown and not a re-read of a file. `appliedAt` is set once, by a guarded update in the
 * transaction that changes the cart (`… where applied_at is null`), so a second apply of one upload changes nothing;
 * `appliedResult` is the cart difference that apply answered, answered again to a retry.
 */
export const instantExcelUploads = pgTable(
  'instant_excel_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code').notNull(),
    /** 'xlsx' | 'csv' | 'paste' */
    source: text('source').notNull(),
    fileName: text('file_name'),
    /** The preview's rows (contract UploadRow[]). */
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    /** The preview's summary (contract UploadSummary). */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** What the apply answered (contract ApplyUploadResponse), for a retry. */
    appliedResult: jsonb('applied_result').$type<Record<string, unknown>>(),
  },
  (table) => [index('instant_excel_uploads_customer_id_created_at_idx').on(table.customerId, table.createdAt)],
);
