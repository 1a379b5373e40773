/**
 * The storefront's content side (spec §2, §7 Content): content documents (pages, elements, forms, modals),
 * translations, form submissions and the redirects of old URLs.
 */

import type { ContentDocumentBody } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { createdAt } from './columns.ts';
import { mailOutbox } from './mail.ts';
import { users } from './users.ts';

/**
 * Content documents per area and language (issue 10): `kind` page, element, form or modal; `key` is the document's
 * stable id (`about`, `free-freight-banner`, `contact`); a page also has its content `url` (the path GetContentByUrl
 * compares, `/` for the home page). `body` holds the typed blocks or fields (@b2b/contract ContentDocumentBody),
 * validated by the contract's schema when written and when read.
 */
export const contentDocuments = pgTable(
  'content_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    languageCode: text('language_code').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    url: text('url'),
    title: text('title').notNull(),
    body: jsonb('body').$type<ContentDocumentBody>().notNull(),
    /** Counts the document's saves: an update names the version it edited, and a stale one is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who saved the current version through the back office (issue 28); null for the seed's and older documents. */
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id),
  },
  (table) => [
    uniqueIndex('content_documents_key_idx').on(table.areaId, table.languageCode, table.kind, table.key),
    uniqueIndex('content_documents_url_idx')
      .on(table.areaId, table.languageCode, table.url)
      .where(sql`${table.url} is not null`),
    check('content_documents_kind_check', sql`${table.kind} in ('page', 'element', 'form', 'modal')`),
    check('content_documents_page_url_check', sql`(${table.kind} = 'page') = (${table.url} is not null)`),
  ],
);

/** The storefront's texts per area and language (GetTranslationsByAreaId), e.g. `Exceptions.NotFoundException`. */
export const translations = pgTable(
  'translations',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    languageCode: text('language_code').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.areaId, table.languageCode, table.key] })],
);

/**
 * Forms sent through SendForm: the values as checked against the form's fields, the client address (the rate limit
 * counts rows per address in its window) and the outbox mail that carried it to the form's recipient. The
 * Idempotency-Key, when the caller sent one, is unique: a resent form is stored and mailed once, even when the resend
 * comes from another address (a phone changing networks, a browser switching between IPv4 and IPv6).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    formKey: text('form_key').notNull(),
    data: jsonb('data').$type<Record<string, string | boolean>>().notNull(),
    clientAddress: text('client_address').notNull(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('form_submissions_client_address_idx').on(table.clientAddress, table.createdAt),
    uniqueIndex('form_submissions_idempotency_key_idx').on(table.idempotencyKey),
  ],
);

/**
 * Redirects of URLs that no longer exist (GetRedirectByUrl, spec §2): `fromPath` is stored as the content path
 * GetContentByUrl compares (language prefix, query string and trailing slash stripped; see the API's
 * content-path.ts), so a look-up is one equality on the unique index. `toUrl` is a path (an in-app redirect) or an
 * absolute http(s) URL (a full page load). 301 for moves that stay, 302 for temporary ones (a campaign that ends).
 */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    fromPath: text('from_path').notNull(),
    toUrl: text('to_url').notNull(),
    status: smallint('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('redirects_area_from_path_idx').on(table.areaId, table.fromPath),
    check('redirects_status_check', sql`${table.status} in (301, 302)`),
  ],
);
