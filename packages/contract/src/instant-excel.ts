/**
 * Instant Excel (issue 26 §2, ADR 027): order lines from item numbers, sheets, CSV files and pasted lines.
 *
 * - ResolveOrderLines: item or variant numbers (+ quantities) → orderable lines, any number of rows in one call.
 *   Quick order, paste and upload all resolve through it.
 * - ValidateUpload: a file (.xlsx or CSV) or pasted lines → a stored preview, row by row, with an `uploadId`.
 *   Nothing in the cart changes.
 * - ApplyUpload: the preview's valid rows into the cart in one transaction → the cart's difference. Applying one
 *   `uploadId` twice changes the cart once.
 *
 * Quantities in a sheet are values only: a formula is never evaluated (its row is an invalid quantity).
 */
import { z } from 'zod';
import { cartIdSchema } from './cart.ts';
import { areaInfoSchema, currencyCodeSchema, productIdSchema } from './common.ts';
import { MAX_LINE_QUANTITY } from './constants.ts';
import { favoriteListIdSchema } from './favorite-list.ts';

// ---------------------------------------------------------------------------------------------------------------
// Limits and the sheet's layout (shared by DownloadSheet, which writes the sheet, and ValidateUpload, which reads it)

/** Most rows one upload (sheet, CSV or paste) may hold; the header row not counted. */
export const MAX_UPLOAD_ROWS = 10_000;
/** Largest file one upload may be, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Most bytes an .xlsx may unpack to (its parts together), checked against both the zip's declared sizes and the bytes
 * actually inflated, before any parsing: a zip bomb is refused without being unpacked.
 */
export const MAX_UPLOAD_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Most rows one ResolveOrderLines call takes (as many as an upload holds). */
export const MAX_RESOLVE_ROWS = 10_000;
/** Longest text one paste may be (10,000 lines of "item number; quantity"). */
export const MAX_PASTE_TEXT_LENGTH = 1_000_000;
/** Longest item number read from a row; longer text is an unknown item (no catalogue number comes near). */
export const MAX_UPLOAD_ITEM_NUMBER_LENGTH = 200;
/** How long a stored preview can be applied (ApplyUpload answers 404 afterwards). */
export const UPLOAD_PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The header texts of the sheet's columns that an upload reads (case and surrounding spaces ignored). Quantity is
 * required; the variant key wins over the numbers when present; else the variant number, else the item number.
 */
export const SHEET_COLUMN_HEADERS = {
  itemNumber: 'Item number',
  variantNumber: 'Variant number',
  quantity: 'Quantity',
  /** The hidden column DownloadSheet writes, so renamed or re-sorted rows still resolve. */
  variantKey: 'Variant key',
} as const;

/** A row's variant key as the hidden column holds it: `productId|variantId` (`productId|` without variants). */
export function formatVariantKey(key: { productId: string; variantId: string | null }): string {
  return `${key.productId}|${key.variantId ?? ''}`;
}

/** The product key a variant key names, or null when the text is not one. */
export function parseVariantKey(text: string): { productId: string; variantId: string | null } | null {
  const parts = text.trim().split('|');
  if (parts.length !== 2) return null;
  const [productId = '', variantId = ''] = parts;
  if (!productIdSchema.safeParse(productId).success) return null;
  if (variantId !== '' && !productIdSchema.safeParse(variantId).success) return null;
  return { productId, variantId: variantId === '' ? null : variantId };
}

// ---------------------------------------------------------------------------------------------------------------
// ResolveOrderLines

/** Why an item number orders nothing on its own. */
export const RESOLVE_FAILURES = ['unknownItem', 'needsVariant', 'discontinued', 'notSoldInCurrency'] as const;
export const resolveFailureSchema = z
  .enum(RESOLVE_FAILURES)
  .describe(
    'unknownItem: no product or variant has the number. needsVariant: a product sold in several variants (name one). ' +
      'discontinued: no longer sold. notSoldInCurrency: no price in the customer’s currency.',
  );
export type ResolveFailure = z.infer<typeof resolveFailureSchema>;

const orderLineKeySchema = z.object({
  productId: productIdSchema,
  variantId: productIdSchema.nullable(),
  unitOfMeasure: z.string().describe("The product's unit of measure (what the cart takes)."),
});

/** What an item number resolves to: a line the cart takes, with what the buyer needs to decide. */
export const orderableLineSchema = z.object({
  productKey: orderLineKeySchema,
  name: z.string().describe('Product name.'),
  variantLabel: z.string().nullable().describe('Size and colour of the variant, e.g. "M Black"; null without.'),
  netUnitPrice: z.number().describe("The customer's net unit price without VAT, in the currency (major units)."),
  availableQuantity: z.number().int().describe('Available to the customer now (on hand − reserved, never below 0).'),
  newStockDate: z.iso.date().nullable().describe('When more stock arrives (yyyy-mm-dd), if known.'),
  maxLineQuantity: z.number().int().describe('Most units one cart line of it may hold (ADR 019).'),
});
export type OrderableLine = z.infer<typeof orderableLineSchema>;

export const resolveOrderLinesRowSchema = z
  .object({
    itemNumber: z
      .string()
      .max(MAX_UPLOAD_ITEM_NUMBER_LENGTH)
      .describe('A product or variant item number as typed (trimmed, case ignored).'),
    quantity: z
      .number()
      .int('must be a whole number')
      .min(0)
      .max(MAX_LINE_QUANTITY)
      .optional()
      .describe('The wanted quantity; with it the answer says whether it would be backordered.'),
  })
  .strict();

/** POST ResolveOrderLines */
export const resolveOrderLinesBody = z
  .object({
    area: areaInfoSchema,
    rows: z.array(resolveOrderLinesRowSchema).min(1, 'must hold at least one row').max(MAX_RESOLVE_ROWS),
  })
  .strict();

export const resolvedOrderLineSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('orderable'),
    itemNumber: z.string().describe('As sent.'),
    quantity: z.number().int().nullable().describe('As sent; null without.'),
    isBackorder: z.boolean().describe('The quantity is more than is available: the rest is backordered.'),
    line: orderableLineSchema,
  }),
  z.object({
    status: resolveFailureSchema,
    itemNumber: z.string().describe('As sent.'),
    quantity: z.number().int().nullable(),
    name: z.string().nullable().describe('The product named, when known (needsVariant, discontinued, not sold).'),
    exampleVariantId: productIdSchema.nullable().describe('needsVariant: one of its variant numbers.'),
  }),
]);
export type ResolvedOrderLine = z.infer<typeof resolvedOrderLineSchema>;

export const resolveOrderLinesResponse = z.object({
  rows: z.array(resolvedOrderLineSchema).describe('One per requested row, in the same order.'),
  currencyCode: currencyCodeSchema,
});
export type ResolveOrderLinesResponse = z.infer<typeof resolveOrderLinesResponse>;

// ---------------------------------------------------------------------------------------------------------------
// ValidateUpload

/**
 * What became of a row, in the preview and after applying: added (a new cart line), increased (a line the cart holds
 * already), unchanged (quantity 0), backorder (added or increased, but more than is in stock: the rest is
 * backordered), or the reason it is not added.
 */
export const UPLOAD_ROW_STATUSES = [
  'added',
  'increased',
  'unchanged',
  'backorder',
  'unknownItem',
  'needsVariant',
  'discontinued',
  'notSoldInCurrency',
  'invalidQuantity',
] as const;
export const uploadRowStatusSchema = z.enum(UPLOAD_ROW_STATUSES);
export type UploadRowStatus = z.infer<typeof uploadRowStatusSchema>;

/** The statuses of rows that go into the cart. */
export const APPLIED_ROW_STATUSES = ['added', 'increased', 'backorder'] as const satisfies readonly UploadRowStatus[];

/** Why a quantity cell is refused. */
export const INVALID_QUANTITY_REASONS = ['text', 'negative', 'decimal', 'formula', 'aboveLineLimit'] as const;
export const invalidQuantityReasonSchema = z
  .enum(INVALID_QUANTITY_REASONS)
  .describe(
    'text: not a number. negative: below 0. decimal: not a whole number. formula: a formula (never evaluated). ' +
      "aboveLineLimit: more than the product's line limit (with what the cart holds).",
  );
export type InvalidQuantityReason = z.infer<typeof invalidQuantityReasonSchema>;

export const uploadRowSchema = z.object({
  rowNumber: z.number().int().min(1).describe("The sheet's row number (the CSV's line, the pasted line)."),
  itemNumber: z.string().describe('The item (or variant) number as read; empty when only the variant key named it.'),
  quantityText: z.string().describe('The quantity cell as read (a formula as "=…").'),
  status: uploadRowStatusSchema,
  invalidQuantityReason: invalidQuantityReasonSchema.nullable().describe('Set when status is invalidQuantity.'),
  quantity: z.number().int().nullable().describe('The quantity the row adds; null when it adds nothing.'),
  line: orderableLineSchema.nullable().describe('The resolved line; null when the item is not orderable.'),
  quantityInCart: z.number().int().describe('What the cart held of the line at validation (0 for a new line).'),
  message: z.string().describe('The row’s outcome in words, as the preview shows it.'),
});
export type UploadRow = z.infer<typeof uploadRowSchema>;

export const uploadSummarySchema = z.object({
  rowCount: z.number().int().describe('Rows with an item or a quantity (empty Quantity cells are skipped).'),
  skippedRowCount: z.number().int().describe('Rows left out because their Quantity cell was empty.'),
  addedCount: z.number().int().describe('Rows that add a new cart line.'),
  increasedCount: z.number().int().describe('Rows that raise a line the cart holds.'),
  unchangedCount: z.number().int(),
  backorderCount: z.number().int().describe('Rows added or increased beyond the stock (backordered).'),
  rejectedCount: z.number().int().describe('Rows not added (unknown, needs a variant, discontinued, …).'),
  lineCount: z.number().int().describe('Cart lines the upload adds to or creates (rows of one item are one line).'),
  netTotal: z.number().describe("Net value (without VAT) of what the valid rows add, at the customer's prices."),
});
export type UploadSummary = z.infer<typeof uploadSummarySchema>;

export const UPLOAD_SOURCE_KINDS = ['xlsx', 'csv', 'paste'] as const;

/** The file as sent: base64 in JSON, so scripts and the storefront send it the same way (ADR 027). */
export const uploadFileSchema = z
  .object({
    fileName: z.string().min(1).max(255).describe('The file name, e.g. "order.xlsx" or "order.csv".'),
    contentBase64: z
      .string()
      .min(1, 'must not be empty')
      // base64 of MAX_UPLOAD_BYTES; the size is checked again on the decoded bytes
      .max(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4, `must be a file of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`)
      .describe('The file’s bytes, base64-encoded. .xlsx, or CSV (comma or semicolon, UTF-8 or Windows-1252).'),
  })
  .strict();

/** POST ValidateUpload: either a file or pasted lines. */
export const validateUploadBody = z
  .object({
    area: areaInfoSchema,
    file: uploadFileSchema.optional(),
    pastedText: z
      .string()
      .max(MAX_PASTE_TEXT_LENGTH)
      .optional()
      .describe('Lines "item number; quantity" (semicolon, tab or comma), as the quick order takes them.'),
  })
  .strict()
  .refine((body) => (body.file === undefined) !== (body.pastedText === undefined), {
    path: ['file'],
    message: 'send either file or pastedText',
  });

export const uploadPreviewSchema = z.object({
  uploadId: z.uuid().describe('Send it to ApplyUpload to apply exactly these rows.'),
  source: z.enum(UPLOAD_SOURCE_KINDS),
  fileName: z.string().nullable(),
  currencyCode: currencyCodeSchema,
  createdAt: z.iso.datetime({ offset: true }),
  appliedAt: z.iso.datetime({ offset: true }).nullable().describe('When it was applied; null until then.'),
  rows: z.array(uploadRowSchema).describe('Rows in sheet order; rows with an empty Quantity cell are left out.'),
  summary: uploadSummarySchema,
});
export type UploadPreview = z.infer<typeof uploadPreviewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// ApplyUpload

/** POST ApplyUpload */
export const applyUploadBody = z
  .object({
    area: areaInfoSchema,
    uploadId: z.uuid().describe('The uploadId ValidateUpload answered.'),
  })
  .strict();

export const cartDifferenceLineSchema = z.object({
  productKey: orderLineKeySchema,
  name: z.string(),
  quantityBefore: z.number().int().describe('0 for a new line.'),
  quantityAfter: z.number().int(),
  netLinePrice: z.number().describe('Net line value after the change, without VAT.'),
  isBackorder: z.boolean(),
});

export const applyUploadResponse = z.object({
  uploadId: z.uuid(),
  cartId: cartIdSchema,
  isFirstApply: z
    .boolean()
    .describe('False when the upload had been applied before: the cart was not changed again (a retry).'),
  appliedAt: z.iso.datetime({ offset: true }),
  newLines: z.array(cartDifferenceLineSchema).describe('Lines the upload created.'),
  changedLines: z.array(cartDifferenceLineSchema).describe('Lines it raised.'),
  totalNetBefore: z.number().describe("The calculated cart's total without VAT before the upload (CalculateCart)."),
  totalNetAfter: z.number().describe("The calculated cart's total without VAT after it."),
  currencyCode: currencyCodeSchema,
});
export type ApplyUploadResponse = z.infer<typeof applyUploadResponse>;

// ---------------------------------------------------------------------------------------------------------------
// DownloadSheet (ADR 028): the personalised order sheet

/** The `purchases` scope: the variants the customer ordered within this many months (issue 26 §2: 12). */
export const PURCHASES_SCOPE_MONTHS = 12;
/**
 * Most rows one sheet may hold. The sheet is streamed, so its size is bounded by time rather than memory; a larger
 * scope answers 400 on `scope` and asks for a narrower one.
 */
export const MAX_SHEET_ROWS = 50_000;
/** The sheet's content type (Office Open XML workbook). */
export const SHEET_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const catalogueIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be an id (letters, digits, dot, dash, underscore)');

/**
 * What a sheet holds: a category (with its subcategories), a brand, one of the customer's favourite lists, what the
 * customer bought in the last PURCHASES_SCOPE_MONTHS months, or the whole assortment. Always products still sold
 * and priced in the customer's currency, one row per variant.
 */
export const sheetScopeSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('category'),
        categoryId: catalogueIdSchema.describe('A category id; subcategories included.'),
      })
      .strict(),
    z.object({ type: z.literal('brand'), brandId: catalogueIdSchema.describe('A brand id.') }).strict(),
    z
      .object({
        type: z.literal('favoriteList'),
        listId: favoriteListIdSchema.describe("One of the customer's favourite lists."),
      })
      .strict(),
    z.object({ type: z.literal('purchases') }).strict(),
    z.object({ type: z.literal('assortment') }).strict(),
  ])
  .describe(
    'What the sheet holds: `category` (categoryId, with its subcategories), `brand` (brandId), `favoriteList` ' +
      `(listId), \`purchases\` (what the customer ordered in the last ${PURCHASES_SCOPE_MONTHS} months) or ` +
      '`assortment` (everything the customer can order).',
  );
export type SheetScope = z.infer<typeof sheetScopeSchema>;

/** POST DownloadSheet */
export const downloadSheetBody = z
  .object({
    area: areaInfoSchema,
    scope: sheetScopeSchema,
  })
  .strict();

/** The sheet: bytes of an .xlsx, described for OpenAPI as a binary string. */
export const downloadSheetResponse = z
  .string()
  .meta({ format: 'binary' })
  .describe('The order sheet (.xlsx), streamed; Content-Disposition names it instant-excel-<customer>-<date>.xlsx.');
