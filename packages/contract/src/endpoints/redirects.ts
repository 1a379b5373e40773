/**
 * The back office's redirect calls (spec §7 Redirects, issue 28): what the content editors use to keep old URLs
 * leading somewhere. All under /backoffice/api/Redirects/, role `backoffice`; every write is in the audit log.
 */

import { defineEndpoint } from '../endpoint.ts';
import {
  deleteAllRedirectsBody,
  deleteAllRedirectsResponse,
  deleteRedirectsBody,
  deleteRedirectsResponse,
  getAllRedirectsAsCsvBody,
  getRedirectsBySearchBody,
  getRedirectsBySearchResponse,
  MAX_REDIRECT_CSV_LENGTH,
  redirectsCsvFile,
  updateRedirectBody,
  updateRedirectResponse,
  updateRedirectsByCsvBody,
  updateRedirectsByCsvResponse,
} from '../redirects.ts';

export const REDIRECTS_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Rules a new redirect must keep, shared by UpdateRedirect and the import's rows. */
const REDIRECT_RULES =
  'A from-path must start with `/` and must not be a live product’s or category’s URL (the storefront shows that ' +
  'page and never asks for the redirect). The target is a path of the shop or an absolute http(s) URL; it must not ' +
  'lead back to its own from-path (a loop) nor to a path that redirects again (a chain longer than one hop), and no ' +
  'stored redirect may lead to the new from-path.';

export const redirectsEndpoints = {
  getBySearch: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Redirects/GetBySearch',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "An area's redirects, filtered by text and status, sorted and paged",
    body: getRedirectsBySearchBody,
    response: getRedirectsBySearchResponse,
  }),
  getAllRedirectsAsCsv: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Redirects/GetAllRedirectsAsCsv',
    policy: 'backoffice',
    tag: 'Back office',
    summary: "An area's redirects as a CSV file (fromPath,toUrl,status), sorted by from-path",
    description:
      'A download (Content-Disposition: attachment, `redirects-<area>-<date>.csv`) that UpdateRedirectsByCsv takes back ' +
      'unchanged: UTF-8 with a BOM (spreadsheets read it as UTF-8), comma-separated, CRLF, quoted where needed.',
    body: getAllRedirectsAsCsvBody,
    response: redirectsCsvFile,
    responseContentType: REDIRECTS_CSV_CONTENT_TYPE,
  }),
  getRedirectsHeaderAsCsv: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Redirects/GetRedirectsHeaderAsCsv',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'The CSV header row alone (fromPath,toUrl,status): the template to fill in for an import',
    response: redirectsCsvFile,
    responseContentType: REDIRECTS_CSV_CONTENT_TYPE,
  }),
  updateRedirect: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Redirects/UpdateRedirect',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Creates one redirect (no id) or changes one (id and the updatedAt it was read with)',
    description:
      `${REDIRECT_RULES} A rule broken answers 400 naming the field. Creating a from-path that already has a redirect, ` +
      'or changing one that another save has changed since `expectedUpdatedAt`, answers 409 and changes nothing; an ' +
      'unknown id 404. The storefront follows the change within 5 s.',
    body: updateRedirectBody,
    response: updateRedirectResponse,
    errors: [404, 409],
  }),
  updateRedirectsByCsv: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Redirects/UpdateRedirectsByCsv',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Imports redirects from CSV, all or nothing, with a per-row report; `dryRun` checks without writing',
    description:
      'Each row creates the redirect of its from-path or changes the stored one; redirects not in the file stay. ' +
      `${REDIRECT_RULES} A from-path twice in the file is a problem too. The answer is 200 with the report in either ` +
      'case: `ok` false and the problems by row when any row is bad (nothing is written, dry run or not), else the ' +
      'counts (created, changed, unchanged) and, unless `dryRun`, the rows are written in one transaction. A file ' +
      'without the header row, or with more than 100,000 rows, answers 400 on `csv`.',
    body: updateRedirectsByCsvBody,
    response: updateRedirectsByCsvResponse,
    bodyLimit: MAX_REDIRECT_CSV_LENGTH + 1024 * 1024,
  }),
  deleteRedirects: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Redirects/DeleteRedirects',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Deletes redirects of an area by id or from-path; answers those deleted and the names that matched none',
    body: deleteRedirectsBody,
    response: deleteRedirectsResponse,
  }),
  deleteAllRedirects: defineEndpoint({
    method: 'POST',
    path: '/backoffice/api/Redirects/DeleteAllRedirects',
    policy: 'backoffice',
    tag: 'Back office',
    summary: 'Deletes every redirect of an area; `confirm` must say "DELETE ALL" (else 400)',
    body: deleteAllRedirectsBody,
    response: deleteAllRedirectsResponse,
  }),
};
