/**
 * Instant Excel (issue 26 §2, ADR 027): resolving item numbers to order lines, validating an upload into a stored
 * preview, and applying a preview to the cart once.
 */
import {
  APPLIED_ROW_STATUSES,
  type ApplyUploadResponse,
  type AreaInfo,
  type CalculatedCartLine,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ROWS,
  type OrderableLine,
  parseVariantKey,
  type ResolveOrderLinesResponse,
  UPLOAD_PREVIEW_LIFETIME_MS,
  type UploadPreview,
  type UploadRow,
  type UploadSummary,
} from '@b2b/contract';
import { parseOrderLine } from '@b2b/contract/order-lines';
import {
  type ContextCustomer,
  inTransaction,
  type RequestContext,
  requireCustomer,
  requireUser,
} from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { addOrUpdateLines } from '../cart/cart-lines.service.ts';
import { calculateCart } from '../cart/cart-pricing.service.ts';
import { getOrCreateCart } from '../cart/cart-queries.service.ts';
import { decodeCsvBytes, parseCsv } from './csv-reader.ts';
import {
  deleteExpiredUploads,
  findOrderLineMatches,
  findUpload,
  insertUpload,
  markUploadApplied,
  saveAppliedResult,
  type UploadRecord,
} from './instant-excel.repository.ts';
import {
  groupMatches,
  lookupFormsOf,
  type ResolvedItem,
  resolveItemNumber,
  resolveVariantKey,
} from './order-line-resolution.ts';
import { type SheetRow, SheetRowReader } from './table-rows.ts';
import { detectUploadFileKind, UploadRefusal } from './upload-file-checks.ts';
import { lineKeyOf, type ResolvedSheetRow, validateUploadRows } from './upload-rows.ts';
import { readXlsxRows } from './xlsx-reader.ts';

/** The caller's customer, working in its own currency (as GetPrices demands: prices are the customer's). */
function requireCustomerInArea(ctx: RequestContext, area: AreaInfo): ContextCustomer {
  const customer = requireCustomer(ctx);
  if (area.currencyCode !== customer.currencyCode) {
    throw validationError('area.currencyCode', `must be the customer's currency ${customer.currencyCode}`);
  }
  return customer;
}

/** Every match of the numbers (each in its lookup forms), in ONE query, grouped by the number found. */
async function findMatches(ctx: RequestContext, customer: ContextCustomer, numbers: Iterable<string>) {
  const forms = new Set<string>();
  for (const number of numbers) for (const form of lookupFormsOf(number)) forms.add(form);
  const matches = await findOrderLineMatches(ctx.db, {
    numbers: [...forms],
    currencyCode: customer.currencyCode,
    priceGroupId: customer.priceGroupId,
  });
  return groupMatches(matches);
}

/**
 * POST ResolveOrderLines: what each item or variant number orders, for any number of rows in one query (quick order,
 * paste and upload resolve through it). Nothing changes.
 */
export async function resolveOrderLines(
  ctx: RequestContext,
  input: { area: AreaInfo; rows: Array<{ itemNumber: string; quantity?: number | undefined }> },
): Promise<ResolveOrderLinesResponse> {
  const customer = requireCustomerInArea(ctx, input.area);
  const matches = await findMatches(
    ctx,
    customer,
    input.rows.map((row) => row.itemNumber),
  );
  const rows = input.rows.map((row): ResolveOrderLinesResponse['rows'][number] => {
    const item = resolveItemNumber(row.itemNumber, matches);
    const quantity = row.quantity ?? null;
    if (item.status === 'orderable') {
      const isBackorder = quantity !== null && quantity > item.line.availableQuantity;
      return { status: 'orderable', itemNumber: row.itemNumber, quantity, isBackorder, line: item.line };
    }
    const { status, name, exampleVariantId } = item;
    return { status, itemNumber: row.itemNumber, quantity, name, exampleVariantId };
  });
  return { rows, currencyCode: customer.currencyCode };
}

/** Pasted lines "item; quantity" as rows (a line without a quantity orders one unit, as in the quick order). */
function readPastedRows(text: string): SheetRow[] {
  const rows: SheetRow[] = [];
  for (const [index, line] of text.split(/\r\n|\r|\n/).entries()) {
    const parsed = parseOrderLine(line);
    if (!parsed) continue;
    if (rows.length >= MAX_UPLOAD_ROWS) {
      throw validationError('pastedText', `must hold at most ${MAX_UPLOAD_ROWS} lines`);
    }
    rows.push({
      rowNumber: index + 1,
      itemNumber: parsed.itemNumber,
      variantNumber: '',
      variantKey: '',
      quantity: { kind: 'text', value: parsed.quantity },
    });
  }
  if (rows.length === 0) throw validationError('pastedText', 'must hold at least one line "item number; quantity"');
  return rows;
}

/** A file's order rows (and the rows it skipped), or a 400 on `file` saying why the file is refused. */
async function readFileRows(file: { fileName: string; contentBase64: string }) {
  try {
    const bytes = Buffer.from(file.contentBase64, 'base64');
    if (bytes.length > MAX_UPLOAD_BYTES) {
      throw new UploadRefusal(`The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    }
    const kind = detectUploadFileKind(bytes);
    if (kind === 'xlsx') {
      const reader = await readXlsxRows(bytes);
      return { kind, rows: reader.rows, skippedRowCount: reader.skippedRowCount };
    }
    const reader = new SheetRowReader();
    for (const row of parseCsv(decodeCsvBytes(bytes))) reader.add(row);
    return { kind, rows: reader.finish(), skippedRowCount: reader.skippedRowCount };
  } catch (error) {
    if (error instanceof UploadRefusal) throw validationError('file', error.message);
    throw error;
  }
}

/** The number a row shows its item by: the variant number, else the item number, else the variant key's. */
function displayNumberOf(row: SheetRow): string {
  if (row.variantNumber !== '') return row.variantNumber;
  if (row.itemNumber !== '') return row.itemNumber;
  const key = parseVariantKey(row.variantKey);
  return key ? (key.variantId ?? key.productId) : '';
}

/**
 * What a row orders: the hidden variant key first (renamed or re-sorted rows still resolve), else the variant number,
 * else the item number.
 */
function resolveSheetRow(row: SheetRow, matches: ReturnType<typeof groupMatches>): ResolvedItem {
  const key = row.variantKey === '' ? null : parseVariantKey(row.variantKey);
  const byKey = key ? resolveVariantKey(key, matches) : null;
  if (byKey) return byKey;
  if (row.variantNumber !== '') {
    const byVariant = resolveItemNumber(row.variantNumber, matches);
    if (byVariant.status !== 'unknownItem' || row.itemNumber === '') return byVariant;
  }
  return resolveItemNumber(row.itemNumber, matches);
}

function toPreview(record: UploadRecord): UploadPreview {
  return {
    uploadId: record.id,
    source: record.source as UploadPreview['source'],
    fileName: record.fileName,
    currencyCode: record.currencyCode,
    createdAt: record.createdAt.toISOString(),
    appliedAt: record.appliedAt?.toISOString() ?? null,
    rows: record.rows as UploadRow[],
    summary: record.summary as UploadSummary,
  };
}

/**
 * POST ValidateUpload: a sheet, a CSV file or pasted lines → the preview, row by row, stored so that ApplyUpload
 * applies exactly it. The cart is read (what it holds decides added or increased) and not changed. A refused file
 * answers 400 on `file` with the reason, and nothing is stored.
 */
export async function validateUpload(
  ctx: RequestContext,
  input: {
    area: AreaInfo;
    file?: { fileName: string; contentBase64: string } | undefined;
    pastedText?: string | undefined;
  },
): Promise<UploadPreview> {
  const customer = requireCustomerInArea(ctx, input.area);
  const read = input.file
    ? await readFileRows(input.file)
    : { kind: 'paste' as const, rows: readPastedRows(input.pastedText ?? ''), skippedRowCount: 0 };

  // The hidden variant key names the line of most rows of a downloaded sheet: those are looked up by it alone, and
  // the numbers of a row only when it has no key, or (a second query, rarely needed) when its key names nothing now.
  const keys = read.rows.map((row) => (row.variantKey === '' ? null : parseVariantKey(row.variantKey)));
  const numbersOf = (row: SheetRow) => [row.variantNumber, row.itemNumber].filter((number) => number !== '');
  const matches = await findMatches(
    ctx,
    customer,
    read.rows.flatMap((row, index) => {
      const key = keys[index];
      return key ? [key.variantId ?? key.productId] : numbersOf(row);
    }),
  );
  const unresolvedKeyRows = read.rows.filter((_row, index) => {
    const key = keys[index];
    return key && resolveVariantKey(key, matches) === null;
  });
  if (unresolvedKeyRows.length > 0) {
    const more = await findMatches(ctx, customer, unresolvedKeyRows.flatMap(numbersOf));
    for (const [number, found] of more) matches.set(number, found);
  }
  const resolvedRows = read.rows.map(
    (row): ResolvedSheetRow => ({
      rowNumber: row.rowNumber,
      itemNumber: displayNumberOf(row),
      quantity: row.quantity,
      item: resolveSheetRow(row, matches),
    }),
  );

  const { cart } = await getOrCreateCart(ctx);
  const cartQuantities = new Map<string, number>();
  for (const line of cart.lines) {
    if (line.parentId === null && line.type === 'Product') {
      const { productId, variantId, unitOfMeasure } = line.productKey;
      cartQuantities.set(lineKeyOf({ productId, variantId: variantId ?? null, unitOfMeasure }), line.quantity);
    }
  }
  const { rows, summary } = validateUploadRows({
    rows: resolvedRows,
    cartQuantities,
    currencyCode: customer.currencyCode,
    skippedRowCount: read.skippedRowCount,
  });
  const values = {
    customerId: customer.id,
    userId: requireUser(ctx).id,
    currencyCode: customer.currencyCode,
    source: read.kind,
    fileName: input.file?.fileName ?? null,
    rows,
    summary,
  };
  const stored = await insertUpload(ctx.db, values);
  await deleteExpiredUploads(ctx.db, {
    customerId: customer.id,
    createdBefore: new Date(Date.now() - UPLOAD_PREVIEW_LIFETIME_MS),
  });
  const record: UploadRecord = { ...values, ...stored, appliedAt: null, appliedResult: null };
  return toPreview(record);
}

function uploadNotFound(): AppError {
  return new AppError('NotFoundException', 'Upload not found (or older than 24 hours): upload the file again.');
}

/** Top-level product lines of a calculated cart by line key. */
function productLinesByKey(lines: readonly CalculatedCartLine[]): Map<string, CalculatedCartLine> {
  const byKey = new Map<string, CalculatedCartLine>();
  for (const line of lines) {
    if (line.parentId !== null || line.type !== 'Product') continue;
    const { productId, variantId, unitOfMeasure } = line.productKey;
    byKey.set(lineKeyOf({ productId, variantId: variantId ?? null, unitOfMeasure }), line);
  }
  return byKey;
}

/**
 * POST ApplyUpload: the preview's rows that add something (added, increased, backorder), one line per item, into the
 * caller's open cart through the cart's own AddOrUpdateLines, in ONE transaction with the guarded update that marks
 * the upload applied: a second apply (a double click, a retry, one running at the same moment) finds it applied and
 * answers the first apply's result, changing nothing. A foreign, unknown or expired uploadId: 404.
 */
export async function applyUpload(
  ctx: RequestContext,
  input: { area: AreaInfo; uploadId: string },
): Promise<ApplyUploadResponse> {
  const customer = requireCustomerInArea(ctx, input.area);
  const scope = { uploadId: input.uploadId, customerId: customer.id };
  const createdAfter = new Date(Date.now() - UPLOAD_PREVIEW_LIFETIME_MS);
  const upload = await findUpload(ctx.db, { ...scope, createdAfter });
  if (!upload) throw uploadNotFound();
  if (upload.appliedResult) return { ...(upload.appliedResult as ApplyUploadResponse), isFirstApply: false };

  return inTransaction(ctx, async (txCtx) => {
    const appliedAt = await markUploadApplied(txCtx.db, scope);
    if (!appliedAt) {
      // applied by a call that committed while this one waited for the row's lock
      const applied = await findUpload(txCtx.db, { ...scope, createdAfter });
      if (!applied?.appliedResult) throw uploadNotFound();
      return { ...(applied.appliedResult as ApplyUploadResponse), isFirstApply: false };
    }
    const quantities = new Map<string, { productKey: OrderableLine['productKey']; quantity: number }>();
    for (const row of upload.rows as UploadRow[]) {
      if (!row.line || row.quantity === null) continue;
      if (!(APPLIED_ROW_STATUSES as readonly string[]).includes(row.status)) continue;
      const key = lineKeyOf(row.line.productKey);
      const entry = quantities.get(key);
      if (entry) entry.quantity += row.quantity;
      else quantities.set(key, { productKey: row.line.productKey, quantity: row.quantity });
    }
    if (quantities.size === 0) throw validationError('uploadId', 'names an upload without a row to add');

    const { cart } = await getOrCreateCart(txCtx);
    const before = await calculateCart(txCtx, { cartId: cart.cartId });
    await addOrUpdateLines(txCtx, {
      cartId: cart.cartId,
      lines: [...quantities.values()],
      overrideExistingQuantity: false,
    });
    const after = await calculateCart(txCtx, { cartId: cart.cartId });

    const linesBefore = productLinesByKey(before.cart.lines);
    const linesAfter = productLinesByKey(after.cart.lines);
    const newLines: ApplyUploadResponse['newLines'] = [];
    const changedLines: ApplyUploadResponse['changedLines'] = [];
    for (const key of quantities.keys()) {
      const line = linesAfter.get(key);
      if (!line) continue;
      const quantityBefore = linesBefore.get(key)?.quantity ?? 0;
      const { productId, variantId, unitOfMeasure } = line.productKey;
      const difference = {
        productKey: { productId, variantId: variantId ?? null, unitOfMeasure },
        name: line.name,
        quantityBefore,
        quantityAfter: line.quantity,
        netLinePrice: line.netLinePrice.priceWithoutVat,
        isBackorder: line.isBackorder,
      };
      if (quantityBefore === 0) newLines.push(difference);
      else changedLines.push(difference);
    }
    const result: ApplyUploadResponse = {
      uploadId: upload.id,
      cartId: cart.cartId,
      isFirstApply: true,
      appliedAt: appliedAt.toISOString(),
      newLines,
      changedLines,
      totalNetBefore: before.cart.totalNetPrice,
      totalNetAfter: after.cart.totalNetPrice,
      currencyCode: customer.currencyCode,
    };
    await saveAppliedResult(txCtx.db, scope, result);
    return result;
  });
}
