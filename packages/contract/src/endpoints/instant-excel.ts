/** Instant Excel calls (issue 26 §2, ADR 027): order lines from item numbers, sheets, CSV files and pasted lines. */
import { defineEndpoint } from '../endpoint.ts';
import {
  applyUploadBody,
  applyUploadResponse,
  downloadSheetBody,
  downloadSheetResponse,
  MAX_SHEET_ROWS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ROWS,
  PURCHASES_SCOPE_MONTHS,
  resolveOrderLinesBody,
  resolveOrderLinesResponse,
  SHEET_CONTENT_TYPE,
  uploadPreviewSchema,
  validateUploadBody,
} from '../instant-excel.ts';

/** A JSON body carrying MAX_UPLOAD_BYTES as base64 (4 characters per 3 bytes), with room for the rest of the body. */
const UPLOAD_BODY_LIMIT_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

export const instantExcelEndpoints = {
  resolveOrderLines: defineEndpoint({
    method: 'POST',
    path: '/api/InstantExcel/ResolveOrderLines',
    policy: 'customer',
    tag: 'InstantExcel',
    summary: 'Item or variant numbers (with quantities) → orderable lines, for any number of rows in one call',
    description:
      `At most ${MAX_UPLOAD_ROWS} rows. Each row answers orderable (the cart's product key, name, the customer's net ` +
      'price, stock, line limit, and whether the quantity would be backordered) or why not: unknownItem, ' +
      'needsVariant, discontinued, notSoldInCurrency. A product number of a product sold in one variant orders ' +
      'that variant. Nothing changes.',
    body: resolveOrderLinesBody,
    response: resolveOrderLinesResponse,
  }),
  validateUpload: defineEndpoint({
    method: 'POST',
    path: '/api/InstantExcel/ValidateUpload',
    policy: 'customer',
    tag: 'InstantExcel',
    summary: 'A sheet, a CSV file or pasted lines → a stored preview, row by row (the cart does not change)',
    description:
      'The file goes base64-encoded in `file.contentBase64`: an .xlsx (the sheet of DownloadSheet, or any sheet with ' +
      'a Quantity column and an Item number or Variant number column) or a CSV (comma or semicolon, UTF-8 with or ' +
      'without BOM, or Windows-1252). Or `pastedText`: lines "item number; quantity". Cells are read as values; a ' +
      `formula is never evaluated (invalid quantity). At most ${MAX_UPLOAD_ROWS} rows and ` +
      `${MAX_UPLOAD_BYTES / 1024 / 1024} MB. A file that is not such a sheet (an .xls, .numbers, encrypted, corrupt ` +
      'or zip-bomb file) or has no Quantity column answers 400 on `file` with the reason, and nothing is stored. ' +
      'The preview is kept for 24 hours; ApplyUpload applies exactly its rows. A body far beyond 10 MB of base64 is ' +
      'refused before it is read (413).',
    body: validateUploadBody,
    bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
    response: uploadPreviewSchema,
    errors: [413],
  }),
  applyUpload: defineEndpoint({
    method: 'POST',
    path: '/api/InstantExcel/ApplyUpload',
    policy: 'customer',
    tag: 'InstantExcel',
    summary: "Adds a preview's valid rows to the caller's open cart in one transaction → the cart's difference",
    description:
      'Rows of one item become one line; quantities are added to what the cart holds. Applying one uploadId ' +
      'again (a double click, a retry, at the same time) changes the cart once and answers the first result with ' +
      'isFirstApply false. An uploadId of another customer, or expired, answers 404. A line above its line limit ' +
      'by now, or a cart that would hold too many lines, answers 400 and changes nothing.',
    body: applyUploadBody,
    response: applyUploadResponse,
    errors: [404, 409],
  }),
  downloadSheet: defineEndpoint({
    method: 'POST',
    path: '/api/InstantExcel/DownloadSheet',
    policy: 'customer',
    tag: 'InstantExcel',
    summary:
      "The customer's personalised order sheet (.xlsx) of a category, a brand, a favourite list, recent purchases or the assortment",
    description:
      'One row per variant of the products in the scope that are still sold and priced in the customer’s currency: ' +
      'item number, variant number, name, brand, size, colour, the customer’s net unit price (a number in the ' +
      'currency’s format, without VAT), available stock, next arrival date, last ordered date and quantity, and an ' +
      'empty Quantity column that takes whole numbers 0–100,000. A hidden Variant key column lets ValidateUpload ' +
      'resolve renamed or re-sorted rows. Streamed as it is written (Content-Disposition: attachment). ' +
      `\`purchases\` covers the last ${PURCHASES_SCOPE_MONTHS} months. A scope of more than ${MAX_SHEET_ROWS} ` +
      'variants answers 400 on `scope`; an unknown category or brand, or a favourite list that is not the ' +
      'customer’s, 404.',
    body: downloadSheetBody,
    response: downloadSheetResponse,
    responseContentType: SHEET_CONTENT_TYPE,
    errors: [404],
  }),
};
