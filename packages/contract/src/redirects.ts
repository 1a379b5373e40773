/**
 * Redirects in the back office (issue 28, spec §7 Redirects): the table's search, one redirect created or changed,
 * the CSV import with its per-row report, the CSV export and the deletions. The storefront reads them through
 * GetRedirectByUrl (content.ts).
 */
import { z } from 'zod';
import { areaIdSchema, sortDirectionSchema } from './common.ts';
import {
  DELETE_ALL_REDIRECTS_CONFIRMATION,
  MAX_REDIRECTS_PAGE_SIZE,
  REDIRECT_CSV_COLUMNS,
  REDIRECT_STATUSES,
} from './constants.ts';
import { MAX_CONTENT_URL_LENGTH } from './content.ts';

const timestampSchema = z.iso.datetime({ offset: true });

/** Largest CSV text UpdateRedirectsByCsv takes: 100,000 rows of long paths fit. */
export const MAX_REDIRECT_CSV_LENGTH = 32 * 1024 * 1024;

const fromPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_CONTENT_URL_LENGTH)
  .describe(
    'The old path, e.g. `/old-catalogue/decks`. Stored as the storefront looks it up: the language prefix, the query ' +
      'string and a trailing slash are dropped.',
  );
const toUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_CONTENT_URL_LENGTH)
  .describe('The target: a path of the shop (`/skate/decks`, a query allowed) or an absolute http(s) URL.');
const redirectStatusSchema = z
  .union([z.literal(REDIRECT_STATUSES[0]), z.literal(REDIRECT_STATUSES[1])])
  .describe('301 (moved for good) or 302 (temporary).');

export const redirectSchema = z.object({
  id: z.uuid(),
  area: areaIdSchema,
  fromPath: z.string(),
  toUrl: z.string(),
  status: redirectStatusSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema.describe('Send it back as `expectedUpdatedAt` when changing the redirect.'),
});
export type Redirect = z.infer<typeof redirectSchema>;

export const REDIRECT_SORT_FIELDS = ['fromPath', 'toUrl', 'status', 'updatedAt'] as const;

/** POST /backoffice/api/Redirects/GetBySearch: the workspace's table. */
export const getRedirectsBySearchBody = z
  .object({
    area: areaIdSchema,
    text: z.string().trim().max(200).optional().describe('Part of the from-path or the target, any case.'),
    status: redirectStatusSchema.optional(),
    page: z.number().int().min(1).max(100_000).default(1).describe('1 is the first page.'),
    pageSize: z.number().int().min(1).max(MAX_REDIRECTS_PAGE_SIZE).default(50),
    sort: z.enum(REDIRECT_SORT_FIELDS).default('fromPath'),
    direction: sortDirectionSchema.default('Ascending'),
  })
  .strict();
export type GetRedirectsBySearchBody = z.input<typeof getRedirectsBySearchBody>;
export const getRedirectsBySearchResponse = z.object({
  items: z.array(redirectSchema),
  totalCount: z.number().int().describe('Redirects matching the filters, on all pages.'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GetRedirectsBySearchResponse = z.infer<typeof getRedirectsBySearchResponse>;

/** POST /backoffice/api/Redirects/UpdateRedirect: one redirect created (no id) or changed (id + expectedUpdatedAt). */
export const updateRedirectBody = z
  .object({
    area: areaIdSchema,
    id: z.uuid().optional().describe('The redirect to change; without it a new one is created.'),
    expectedUpdatedAt: timestampSchema
      .optional()
      .describe('The `updatedAt` the editor read; required with `id`. Another save since then answers 409.'),
    fromPath: fromPathSchema,
    toUrl: toUrlSchema,
    status: redirectStatusSchema,
  })
  .strict()
  .superRefine((body, context) => {
    if (body.id !== undefined && body.expectedUpdatedAt === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['expectedUpdatedAt'],
        message: 'must be given with id (the updatedAt the change is based on)',
      });
    }
  });
export type UpdateRedirectBody = z.infer<typeof updateRedirectBody>;
export const updateRedirectResponse = z.object({
  redirect: redirectSchema,
  created: z.boolean().describe('True when the call made a new redirect.'),
});
export type UpdateRedirectResponse = z.infer<typeof updateRedirectResponse>;

/** POST /backoffice/api/Redirects/UpdateRedirectsByCsv: the import, all or nothing, or its dry run. */
export const updateRedirectsByCsvBody = z
  .object({
    area: areaIdSchema,
    csv: z
      .string()
      .min(1)
      .max(MAX_REDIRECT_CSV_LENGTH)
      .describe(
        `The file's text: a header row \`${REDIRECT_CSV_COLUMNS.join(',')}\` (any order), then one redirect a row; ` +
          '`,` or `;` between fields, quotes around fields that hold them, CRLF or LF, a UTF-8 BOM allowed.',
      ),
    dryRun: z.boolean().describe('True: check and count only, nothing is written.'),
  })
  .strict();
export type UpdateRedirectsByCsvBody = z.infer<typeof updateRedirectsByCsvBody>;

export const redirectCsvProblemSchema = z.object({
  row: z.number().int().describe('The row as a spreadsheet numbers it: the header is row 1.'),
  fromPath: z.string().describe('The row’s from-path as written (empty when the row has none).'),
  problem: z.string().describe('What is wrong, in words for the editor.'),
});
export type RedirectCsvProblem = z.infer<typeof redirectCsvProblemSchema>;

export const updateRedirectsByCsvResponse = z.object({
  ok: z.boolean().describe('False when any row has a problem: then nothing was written, dry run or not.'),
  dryRun: z.boolean(),
  applied: z.boolean().describe('True when the redirects were written (ok and not a dry run).'),
  rowCount: z.number().int().describe('Redirect rows in the file (the header not counted).'),
  created: z.number().int().describe('Rows for from-paths without a redirect so far.'),
  changed: z.number().int().describe('Rows that give a stored redirect a new target or status.'),
  unchanged: z.number().int().describe('Rows equal to the stored redirect.'),
  problemCount: z.number().int(),
  problems: z.array(redirectCsvProblemSchema).describe('The first 500 problems, by row.'),
});
export type UpdateRedirectsByCsvResponse = z.infer<typeof updateRedirectsByCsvResponse>;

/** POST /backoffice/api/Redirects/GetAllRedirectsAsCsv: the area's redirects as a CSV file. */
export const getAllRedirectsAsCsvBody = z.object({ area: areaIdSchema }).strict();
export const redirectsCsvFile = z
  .string()
  .describe('A CSV file (UTF-8 with BOM, CRLF): the header row, then the rows.');

/** POST /backoffice/api/Redirects/DeleteRedirects: some redirects by id or by from-path. */
export const deleteRedirectsBody = z
  .object({
    area: areaIdSchema,
    ids: z.array(z.uuid()).max(1000).default([]),
    fromPaths: z.array(fromPathSchema).max(1000).default([]),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.ids.length === 0 && body.fromPaths.length === 0) {
      context.addIssue({ code: 'custom', path: ['ids'], message: 'name at least one redirect in ids or fromPaths' });
    }
  });
export type DeleteRedirectsBody = z.input<typeof deleteRedirectsBody>;
export const deleteRedirectsResponse = z.object({
  deleted: z.array(redirectSchema).describe('The redirects deleted, as they were.'),
  notFound: z.array(z.string()).describe('Ids and from-paths that named no redirect of the area.'),
});

/** POST /backoffice/api/Redirects/DeleteAllRedirects: every redirect of an area, only with the confirmation. */
export const deleteAllRedirectsBody = z
  .object({
    area: areaIdSchema,
    confirm: z
      .literal(DELETE_ALL_REDIRECTS_CONFIRMATION)
      .describe(`Must be exactly "${DELETE_ALL_REDIRECTS_CONFIRMATION}".`),
  })
  .strict();
export const deleteAllRedirectsResponse = z.object({ deleted: z.number().int() });
