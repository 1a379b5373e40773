/**
 * The sheet reader on workbooks written by a spreadsheet library (exceljs): every kind of cell as the order table
 * sees it, the workbook's sheet order, and damaged parts.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { UploadRefusal } from './upload-file-checks.ts';
import { readXlsxRows } from './xlsx-reader.ts';

async function workbookBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('readXlsxRows', () => {
  it('reads each kind of cell as the order table sees it', async () => {
    const bytes = await workbookBytes((workbook) => {
      const sheet = workbook.addWorksheet('Order');
      sheet.addRow(['Item number', 'Quantity']);
      sheet.addRow(['A-1 & <B>', 3]);
      sheet.addRow([{ richText: [{ text: 'RICH-' }, { text: '2', font: { bold: true } }] }, '4']);
      sheet.addRow(['BOOL', true]);
      sheet.addRow(['FORMULA', { formula: 'B2*2', result: 6 }]);
      sheet.addRow(['ERROR', { error: '#N/A' }]);
      sheet.addRow(['DATE', new Date('2026-11-27T00:00:00Z')]);
      sheet.addRow(['DECIMAL', 2.5]);
      sheet.getCell('A10').value = 'GAP';
      sheet.getCell('B10').value = 7;
    });
    const reader = await readXlsxRows(bytes);
    expect(reader.rows.map(({ rowNumber, itemNumber, quantity }) => ({ rowNumber, itemNumber, quantity }))).toEqual([
      { rowNumber: 2, itemNumber: 'A-1 & <B>', quantity: { kind: 'number', value: 3 } },
      { rowNumber: 3, itemNumber: 'RICH-2', quantity: { kind: 'text', value: '4' } },
      { rowNumber: 4, itemNumber: 'BOOL', quantity: { kind: 'text', value: 'TRUE' } },
      { rowNumber: 5, itemNumber: 'FORMULA', quantity: { kind: 'formula', formula: 'B2*2' } },
      { rowNumber: 6, itemNumber: 'ERROR', quantity: { kind: 'text', value: '#N/A' } },
      // a date is a number in the sheet (days since 1900), which no quantity should be
      { rowNumber: 7, itemNumber: 'DATE', quantity: { kind: 'number', value: 46353 } },
      { rowNumber: 8, itemNumber: 'DECIMAL', quantity: { kind: 'number', value: 2.5 } },
      { rowNumber: 10, itemNumber: 'GAP', quantity: { kind: 'number', value: 7 } },
    ]);
  });

  it('reads the first worksheet, in the workbook’s order, that has a Quantity column', async () => {
    const bytes = await workbookBytes((workbook) => {
      workbook.addWorksheet('Notes').addRow(['Read me first']);
      const order = workbook.addWorksheet('Order');
      order.addRow(['Item number', 'Quantity']);
      order.addRow(['X-1', 2]);
      workbook.addWorksheet('Later').addRows([
        ['Item number', 'Quantity'],
        ['Y-1', 9],
      ]);
    });
    const reader = await readXlsxRows(bytes);
    expect(reader.rows.map((row) => row.itemNumber)).toEqual(['X-1']);
  });

  it('refuses a workbook without a Quantity column, and one whose sheet is cut short', async () => {
    const withoutQuantity = await workbookBytes((workbook) => {
      workbook.addWorksheet('Notes').addRows([
        ['Item number', 'Amount'],
        ['X-1', 2],
      ]);
    });
    await expect(readXlsxRows(withoutQuantity)).rejects.toThrow(/no "Quantity" column/);
    const whole = await workbookBytes((workbook) => {
      workbook.addWorksheet('Order').addRows([
        ['Item number', 'Quantity'],
        ['X-1', 2],
      ]);
    });
    await expect(readXlsxRows(whole.subarray(0, whole.length - 200))).rejects.toThrow(UploadRefusal);
    await expect(readXlsxRows(whole.subarray(0, whole.length - 200))).rejects.toThrow(/damaged/);
  });
});
