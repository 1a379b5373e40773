/**
 * From a table (a worksheet's rows, a CSV file's records) to the rows an upload orders: finds the header row, the
 * columns by their header text (SHEET_COLUMN_HEADERS, a few common synonyms), and reads each row's numbers and
 * Quantity cell. Refuses a table without a Quantity column or with more than MAX_UPLOAD_ROWS rows.
 */
import { MAX_UPLOAD_ITEM_NUMBER_LENGTH, MAX_UPLOAD_ROWS, SHEET_COLUMN_HEADERS } from '@b2b/contract';
import type { QuantityCell } from './quantity-parser.ts';
import { UploadRefusal } from './upload-file-checks.ts';

/** One row of a table: its number in the file (the sheet's row, the CSV's line) and its cells, first column first. */
export type TableRow = { rowNumber: number; cells: readonly QuantityCell[] };

/** A row of an upload as read: the numbers that may name the item, and the Quantity cell. */
export type SheetRow = {
  rowNumber: number;
  itemNumber: string;
  variantNumber: string;
  variantKey: string;
  quantity: QuantityCell;
};

/** The header row is looked for among the first rows (a downloaded sheet has a title row above it). */
const HEADER_SEARCH_ROWS = 20;
/**
 * Most rows read in all, filled or not: a downloaded sheet of a large assortment has many rows with an empty Quantity
 * (skipped, not counted against MAX_UPLOAD_ROWS), but not without end.
 */
const MAX_READ_ROWS = 10 * MAX_UPLOAD_ROWS;

const HEADER_SYNONYMS = {
  quantity: [SHEET_COLUMN_HEADERS.quantity, 'qty', 'order quantity'],
  itemNumber: [
    SHEET_COLUMN_HEADERS.itemNumber,
    'item no',
    'item no.',
    'item',
    'sku',
    'product number',
    'article number',
  ],
  variantNumber: [SHEET_COLUMN_HEADERS.variantNumber, 'variant no', 'variant no.', 'variant'],
  variantKey: [SHEET_COLUMN_HEADERS.variantKey],
} as const;
type Column = keyof typeof HEADER_SYNONYMS;

function normaliseHeader(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A cell's text: numbers as written (an item number typed as a number), a formula's text, nothing as ''. */
export function cellText(cell: QuantityCell | undefined): string {
  if (!cell) return '';
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'number':
      return String(cell.value);
    case 'text':
      return cell.value.trim();
    case 'formula':
      return `=${cell.formula.replace(/^=/, '')}`;
  }
}

function findColumns(row: TableRow): Partial<Record<Column, number>> | null {
  const columns: Partial<Record<Column, number>> = {};
  row.cells.forEach((cell, index) => {
    const header = normaliseHeader(cellText(cell));
    for (const [column, synonyms] of Object.entries(HEADER_SYNONYMS) as Array<[Column, readonly string[]]>) {
      if (columns[column] === undefined && synonyms.some((synonym) => synonym.toLowerCase() === header)) {
        columns[column] = index;
      }
    }
  });
  return columns.quantity === undefined ? null : columns;
}

/** Reads rows as they come (a worksheet streams them): `add` each, then `finish`. */
export class SheetRowReader {
  private columns: Partial<Record<Column, number>> | null = null;
  private rowsSeen = 0;
  readonly rows: SheetRow[] = [];
  /** Rows naming an item with an empty Quantity cell: left out of the preview, counted in its summary. */
  skippedRowCount = 0;

  add(row: TableRow): void {
    this.rowsSeen++;
    if (this.rowsSeen > MAX_READ_ROWS) {
      throw new UploadRefusal(
        `The file has more than ${MAX_READ_ROWS.toLocaleString('en-GB')} rows: split it into smaller files.`,
      );
    }
    if (this.columns === null) {
      this.columns = findColumns(row);
      if (this.columns === null && this.rowsSeen >= HEADER_SEARCH_ROWS) throw noQuantityColumn();
      return;
    }
    const { columns } = this;
    const read = (column: Column) =>
      columns[column] === undefined ? '' : cellText(row.cells[columns[column]]).slice(0, MAX_UPLOAD_ITEM_NUMBER_LENGTH);
    const quantity = row.cells[columns.quantity ?? -1] ?? { kind: 'empty' };
    const sheetRow = {
      rowNumber: row.rowNumber,
      itemNumber: read('itemNumber'),
      variantNumber: read('variantNumber'),
      variantKey: read('variantKey'),
      quantity,
    };
    const isBlank =
      sheetRow.itemNumber === '' &&
      sheetRow.variantNumber === '' &&
      sheetRow.variantKey === '' &&
      cellText(quantity) === '';
    if (isBlank) return;
    if (cellText(quantity) === '') {
      this.skippedRowCount++;
      return;
    }
    if (this.rows.length >= MAX_UPLOAD_ROWS) {
      throw new UploadRefusal(
        `The file has more than ${MAX_UPLOAD_ROWS.toLocaleString('en-GB')} rows with a quantity: split it into smaller files.`,
      );
    }
    this.rows.push(sheetRow);
  }

  finish(): SheetRow[] {
    if (this.columns === null) throw noQuantityColumn();
    if (
      this.columns.itemNumber === undefined &&
      this.columns.variantNumber === undefined &&
      this.columns.variantKey === undefined
    ) {
      throw new UploadRefusal(
        `The file has no "${SHEET_COLUMN_HEADERS.itemNumber}" or "${SHEET_COLUMN_HEADERS.variantNumber}" column: add one with the item numbers.`,
      );
    }
    return this.rows;
  }
}

/** A table without a Quantity header (a workbook's next worksheet may have one). */
export class MissingQuantityColumn extends UploadRefusal {
  override name = 'MissingQuantityColumn';
}

function noQuantityColumn(): UploadRefusal {
  return new MissingQuantityColumn(
    `The file has no "${SHEET_COLUMN_HEADERS.quantity}" column: add a header row with "${SHEET_COLUMN_HEADERS.itemNumber}" and "${SHEET_COLUMN_HEADERS.quantity}".`,
  );
}
