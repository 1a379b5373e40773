/** The storefront's content side (spec §2, §7 Content): for now the redirects of old URLs. */

import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { createdAt } from './columns.ts';

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
  },
  (table) => [
    uniqueIndex('redirects_area_from_path_idx').on(table.areaId, table.fromPath),
    check('redirects_status_check', sql`${table.status} in (301, 302)`),
  ],
);
