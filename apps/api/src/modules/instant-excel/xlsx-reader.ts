/**
 * Reads an .xlsx's rows with exceljs's streaming reader (rows as they are unpacked, not a whole workbook in memory:
 * issue 26's peak RSS bound), values only: a formula cell is handed on as a formula and never evaluated, nor is its
 * cached result used. The first worksheet with a Quantity header is read; the package was checked before
 * (upload-file-checks.ts: a real workbook, no bomb).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { QuantityCell } from './quantity-parser.ts';
import { MissingQuantityColumn, SheetRowReader, type TableRow } from './table-rows.ts';
import { SAVE_AS_XLSX, UploadRefusal } from './upload-file-checks.ts';

/** A cell's value as exceljs reads it → a cell of ours. */
export function toCell(value: ExcelJS.CellValue): QuantityCell {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'string') return value.trim() === '' ? { kind: 'empty' } : { kind: 'text', value };
  if (typeof value === 'boolean') return { kind: 'text', value: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return { kind: 'text', value: value.toISOString().slice(0, 10) };
  if ('formula' in value && typeof value.formula === 'string') return { kind: 'formula', formula: value.formula };
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') {
    return { kind: 'formula', formula: value.sharedFormula };
  }
  if ('richText' in value) {
    const text = value.richText.map((part) => part.text).join('');
    return text.trim() === '' ? { kind: 'empty' } : { kind: 'text', value: text };
  }
  if ('text' in value && typeof value.text === 'string') return { kind: 'text', value: value.text };
  if ('error' in value) return { kind: 'text', value: String(value.error) };
  return { kind: 'text', value: String(value) };
}

/**
 * The order rows of the workbook: those of the first worksheet that has a Quantity column (a sheet without one, or
 * a workbook without any, is refused as SheetRowReader refuses it).
 */
export async function readXlsxRows(bytes: Buffer): Promise<SheetRowReader> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let firstRefusal: UploadRefusal | null = null;
  try {
    for await (const worksheet of workbook) {
      const reader = new SheetRowReader();
      let refusal: UploadRefusal | null = null;
      // every row is iterated, even after a refusal, as the streaming reader needs each worksheet drained
      for await (const row of worksheet) {
        if (refusal) continue;
        const cells: QuantityCell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          cells[column - 1] = toCell(cell.value);
        });
        for (let index = 0; index < cells.length; index++) cells[index] ??= { kind: 'empty' };
        refusal = addRow(reader, { rowNumber: row.number, cells });
      }
      refusal ??= addRow(reader, null);
      if (refusal === null) return reader;
      // a worksheet without a Quantity column: the next one may have it; any other refusal stands
      if (!(refusal instanceof MissingQuantityColumn)) throw refusal;
      firstRefusal ??= refusal;
    }
  } catch (error) {
    if (error instanceof UploadRefusal) throw error;
    throw new UploadRefusal(`The workbook is damaged and cannot be read: ${SAVE_AS_XLSX} again.`);
  }
  throw firstRefusal ?? new UploadRefusal('The workbook has no worksheet.');
}

/** Adds a row (null: finishes the table); the refusal it raised, if any. */
function addRow(reader: SheetRowReader, row: TableRow | null): UploadRefusal | null {
  try {
    if (row) reader.add(row);
    else reader.finish();
    return null;
  } catch (error) {
    if (error instanceof UploadRefusal) return error;
    throw error;
  }
}
