/**
 * POST /api/InstantExcel/DownloadSheet (issue 26 §2, ADR 028): the customer's personalised order sheet, written with
 * exceljs's streaming WorkbookWriter while it is sent. The scope is checked (404 for an unknown category, brand or
 * favourite list, 400 for one too large) before the first byte; then pages of products are read one after the
 * other, priced through the price module's one rule, and each row is written and let go, so a sheet of 20,000 rows
 * never sits in memory, and a reader that falls behind pauses the reading of pages.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { formatVariantKey, MAX_SHEET_ROWS, PURCHASES_SCOPE_MONTHS, type SheetScope } from '@b2b/contract';
import { SOLUTION_NAME } from '@b2b/contract/constants';
import ExcelJS from 'exceljs';
import { type RequestContext, requireCustomer } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { getFavoriteList } from '../favorite-list/favorite-list.service.ts';
import { getPrices } from '../price/price.service.ts';
import {
  countSheetRows,
  findBrandName,
  findCategoryTree,
  findCustomerTitle,
  findLastOrders,
  findSheetPage,
  type LastOrderRow,
  type SheetProductFilter,
  type SheetVariantRow,
} from './sheet-download.repository.ts';
import {
  columnLetters,
  columnNumberOf,
  FIRST_DATA_ROW,
  HEADER_ROW,
  NOTE_ROW,
  nextArrivalOf,
  quantityValidation,
  SHEET_NAME,
  type SheetRow,
  sheetColumns,
  sheetFileName,
  sheetNote,
  sheetRowValues,
  sheetTitle,
  TITLE_ROW,
} from './sheet-layout.ts';

/** The Quantity column's cells: a light yellow, where the buyer types. */
const QUANTITY_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFEF9C3' } };

/** Products read per page: a few thousand rows of the sheet, and one price query per page. */
const PRODUCTS_PER_PAGE = 500;

/** The scope as a query and the words the note row uses for it. */
type ResolvedScope = {
  label: string;
  filter: SheetProductFilter;
  /**
   * Only these variants of the filter's products (`productId|variantId` keys; a key with an empty variant stands for
   * every variant of its product); null: all of them.
   */
  variantKeys: ReadonlySet<string> | null;
  /** The customer's last orders, when resolving the scope read them already. */
  lastOrders?: readonly LastOrderRow[];
};

export type SheetDownload = { fileName: string; stream: Readable };

/** The variant key (the sheet's hidden column) as the map key of a product and variant. */
function keyOf(productId: string, variantId: string | null): string {
  return formatVariantKey({ productId, variantId });
}

/** The first day of the `purchases` scope: the same day PURCHASES_SCOPE_MONTHS months ago (UTC), `yyyy-mm-dd`. */
function purchasesSince(now: Date): string {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - PURCHASES_SCOPE_MONTHS);
  return since.toISOString().slice(0, 10);
}

async function resolveScope(
  ctx: RequestContext,
  scope: SheetScope,
  context: { customerId: string; now: Date },
): Promise<ResolvedScope> {
  switch (scope.type) {
    case 'category': {
      const tree = await findCategoryTree(ctx.db, scope.categoryId);
      if (!tree) throw new AppError('NotFoundException', `There is no category ${scope.categoryId}.`);
      return { label: `Category ${tree.name}`, filter: { categoryIds: tree.categoryIds }, variantKeys: null };
    }
    case 'brand': {
      const name = await findBrandName(ctx.db, scope.brandId);
      if (name === null) throw new AppError('NotFoundException', `There is no brand ${scope.brandId}.`);
      return { label: `Brand ${name}`, filter: { brandId: scope.brandId }, variantKeys: null };
    }
    case 'purchases': {
      // The variants ordered within the months, with their latest order (the last-ordered columns) in one read.
      const purchased = await findLastOrders(ctx.db, {
        customerId: context.customerId,
        filter: {},
        since: purchasesSince(context.now),
      });
      return {
        label: `Your purchases of the last ${PURCHASES_SCOPE_MONTHS} months`,
        filter: { productIds: [...new Set(purchased.map((key) => key.productId))] },
        variantKeys: new Set(purchased.map((key) => keyOf(key.productId, key.variantId))),
        lastOrders: purchased,
      };
    }
    case 'assortment':
      return { label: 'The whole assortment', filter: {}, variantKeys: null };
    case 'favoriteList': {
      // The favourite list module's rules (the customer's list, else 404) and reading, through its service.
      const list = await getFavoriteList(ctx, { listId: scope.listId });
      return {
        label: `Favourite list ${list.listName}`,
        filter: { productIds: [...new Set(list.products.map((product) => product.productId))] },
        variantKeys: new Set(list.products.map((product) => keyOf(product.productId, product.variantId))),
      };
    }
  }
}

function isRowInScope(scope: ResolvedScope, productId: string, variantId: string | null): boolean {
  if (!scope.variantKeys) return true;
  return scope.variantKeys.has(keyOf(productId, variantId)) || scope.variantKeys.has(keyOf(productId, null));
}

/**
 * The sheet of `scope` for the caller's customer. Resolves before anything is written: a 404 or 400 is an ordinary
 * error answer. The stream then carries the workbook; a failure while writing it destroys the stream, so the
 * download breaks off instead of ending in a sheet that looks whole.
 */
export async function downloadSheet(
  ctx: RequestContext,
  input: { scope: SheetScope },
  now: Date = new Date(),
): Promise<SheetDownload> {
  const customer = requireCustomer(ctx);
  const scope = await resolveScope(ctx, input.scope, { customerId: customer.id, now });
  const rowLimit = await countSheetRows(ctx.db, scope.filter);
  if (rowLimit > MAX_SHEET_ROWS) {
    throw validationError(
      'scope',
      `holds ${rowLimit.toLocaleString('en-GB')} variants; a sheet holds at most ` +
        `${MAX_SHEET_ROWS.toLocaleString('en-GB')}: choose a category or a brand`,
    );
  }
  const title = await findCustomerTitle(ctx.db, customer.id);
  const lastOrders =
    scope.lastOrders ?? (await findLastOrders(ctx.db, { customerId: customer.id, filter: scope.filter }));
  const today = now.toISOString().slice(0, 10);
  const stream = new PassThrough();
  const work = writeSheet(ctx, stream, {
    scope,
    isEmpty: rowLimit === 0,
    currencyCode: customer.currencyCode,
    lastOrderOf: new Map(lastOrders.map((order) => [keyOf(order.productId, order.variantId), order])),
    title: sheetTitle({
      customerName: title?.name ?? customer.customerNumber,
      customerNumber: customer.customerNumber,
      today,
    }),
    today,
    now,
  });
  work.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return { fileName: sheetFileName(customer.customerNumber, today), stream };
}

/**
 * exceljs's worksheets take a validation for a range (`L4:L20003`) through `dataValidations`, which its typings leave
 * out; a validation per cell (`cell.dataValidation`) would keep an entry per row until the sheet is committed.
 */
type RangeValidations = { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } };

/** Resolves when the reader took what was written (or went away), so no more is read than it can take. */
async function waitForReader(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  const abort = new AbortController();
  await Promise.race([
    once(stream, 'drain', { signal: abort.signal }),
    once(stream, 'close', { signal: abort.signal }),
  ]).finally(() => abort.abort());
}

/**
 * The filter's products page by page (PRODUCTS_PER_PAGE products, their variants as rows), in item number order: a
 * list of ids is read in slices of it, anything else by keyset paging on the item number.
 */
async function* pagesOf(ctx: RequestContext, filter: SheetProductFilter): AsyncGenerator<SheetVariantRow[]> {
  if (filter.productIds) {
    const productIds = [...filter.productIds].sort();
    for (let start = 0; start < productIds.length; start += PRODUCTS_PER_PAGE) {
      const slice = productIds.slice(start, start + PRODUCTS_PER_PAGE);
      const page = await findSheetPage(ctx.db, {
        filter: { ...filter, productIds: slice },
        afterProductId: '',
        productLimit: PRODUCTS_PER_PAGE,
      });
      if (page.length > 0) yield page;
    }
    return;
  }
  let afterProductId = '';
  for (;;) {
    const page = await findSheetPage(ctx.db, { filter, afterProductId, productLimit: PRODUCTS_PER_PAGE });
    if (page.length === 0) return;
    yield page;
    const lastProductId = page[page.length - 1]?.productId ?? afterProductId;
    const productCount = new Set(page.map((row) => row.productId)).size;
    if (productCount < PRODUCTS_PER_PAGE) return;
    afterProductId = lastProductId;
  }
}

async function writeSheet(
  ctx: RequestContext,
  stream: PassThrough,
  input: {
    scope: ResolvedScope;
    isEmpty: boolean;
    currencyCode: string;
    lastOrderOf: ReadonlyMap<string, LastOrderRow>;
    title: string;
    today: string;
    now: Date;
  },
): Promise<void> {
  const columns = sheetColumns(input.currencyCode);
  const lastColumn = columnLetters(columns.length);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = SOLUTION_NAME;
  workbook.created = input.now;
  const sheet = workbook.addWorksheet(SHEET_NAME, {
    views: [
      { state: 'frozen', ySplit: HEADER_ROW, topLeftCell: `A${FIRST_DATA_ROW}`, activeCell: `A${FIRST_DATA_ROW}` },
    ],
  });
  // One style object per column, given to each of its cells: exceljs looks a style up by the object's identity, so
  // a shared one costs nothing per cell, where a cell's own copy was serialised and matched again (half the time of
  // writing a sheet).
  const cellStyles: Array<Partial<ExcelJS.Style>> = columns.map((column) => ({
    ...(column.numberFormat ? { numFmt: column.numberFormat } : {}),
    ...(column.key === 'quantity' ? { fill: QUANTITY_FILL } : {}),
  }));
  sheet.columns = columns.map((column, index) => ({
    key: column.key,
    width: column.width,
    hidden: column.hidden ?? false,
    // Also the style of the column's empty cells, in the rows the buyer adds.
    style: cellStyles[index] ?? {},
  }));
  sheet.autoFilter = `A${HEADER_ROW}:${lastColumn}${HEADER_ROW}`;

  const titleRow = sheet.getRow(TITLE_ROW);
  titleRow.getCell(1).value = input.title;
  titleRow.getCell(1).font = { bold: true, size: 14 };
  titleRow.commit();
  const noteRow = sheet.getRow(NOTE_ROW);
  noteRow.getCell(1).value = sheetNote({
    scopeLabel: input.scope.label,
    currencyCode: input.currencyCode,
    isEmpty: input.isEmpty,
  });
  noteRow.getCell(1).font = { italic: true };
  noteRow.commit();
  const headerRow = sheet.getRow(HEADER_ROW);
  headerRow.values = columns.map((column) => column.header);
  headerRow.font = { bold: true };
  headerRow.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  headerRow.commit();

  const quantityColumn = columnNumberOf('quantity');
  const quantityIndex = quantityColumn - 1;
  let nextRow = FIRST_DATA_ROW;
  for await (const page of pagesOf(ctx, input.scope.filter)) {
    if (stream.destroyed) return; // the reader went away: stop reading the catalogue
    const productIds = [...new Set(page.map((row) => row.productId))];
    const prices = await getPrices(ctx, {
      currencyCode: input.currencyCode,
      products: productIds.map((productId) => ({ productId })),
    });
    const netPriceOf = new Map(prices.prices.map((price) => [price.productId, price.netUnitPrice.priceWithoutVat]));
    for (const variant of page) {
      const netUnitPrice = netPriceOf.get(variant.productId);
      // Not priced in the customer's currency: not for sale to it, so not on its order sheet.
      if (netUnitPrice === undefined) continue;
      if (!isRowInScope(input.scope, variant.productId, variant.variantId)) continue;
      const lastOrder = input.lastOrderOf.get(keyOf(variant.productId, variant.variantId));
      const row: SheetRow = {
        productId: variant.productId,
        variantId: variant.variantId,
        name: variant.name,
        brand: variant.brand,
        size: variant.size,
        colour: variant.colour,
        netUnitPrice,
        availableQuantity: variant.availableQuantity,
        nextArrivalOn: nextArrivalOf(variant.newStockDate, input.today),
        lastOrderedOn: lastOrder?.orderedOn ?? null,
        lastOrderedQuantity: lastOrder?.quantity ?? null,
      };
      const sheetRow = sheet.getRow(nextRow);
      const values = sheetRowValues(row);
      for (const [index, value] of values.entries()) {
        // Empty cells stay unwritten, but for Quantity, whose fill shows where to type.
        if (value === null && index !== quantityIndex) continue;
        const cell = sheetRow.getCell(index + 1);
        if (value !== null) cell.value = value;
        cell.style = cellStyles[index] ?? {};
      }
      sheetRow.commit();
      nextRow += 1;
    }
    await waitForReader(stream);
  }

  const quantityLetters = columnLetters(quantityColumn);
  // The written rows only, as one range: readers (exceljs among them) expand a validation's range cell by cell.
  if (nextRow > FIRST_DATA_ROW) {
    (sheet as unknown as RangeValidations).dataValidations.add(
      `${quantityLetters}${FIRST_DATA_ROW}:${quantityLetters}${nextRow - 1}`,
      quantityValidation(),
    );
  }
  sheet.commit();
  await workbook.commit();
}
