import { describe, expect, it } from 'vitest';
import type { QuantityCell } from './quantity-parser.ts';
import { MissingQuantityColumn, SheetRowReader, type TableRow } from './table-rows.ts';
import { UploadRefusal } from './upload-file-checks.ts';

const text = (value: string): QuantityCell => (value === '' ? { kind: 'empty' } : { kind: 'text', value });
const row = (rowNumber: number, ...cells: string[]): TableRow => ({ rowNumber, cells: cells.map(text) });

function read(rows: TableRow[]) {
  const reader = new SheetRowReader();
  for (const tableRow of rows) reader.add(tableRow);
  return { rows: reader.finish(), skippedRowCount: reader.skippedRowCount };
}

describe('SheetRowReader', () => {
  it('finds the header below a title row, reads the columns by name, skips rows without a quantity', () => {
    const result = read([
      row(1, 'Alpine Boardshop GmbH, 27 Nov 2026'),
      row(2, 'Item number', 'Variant number', 'Name', ' QUANTITY ', 'Variant key'),
      row(3, '10001', '10001-01', 'Helmet', '2', '10001|10001-01'),
      row(4, '10001', '10001-02', 'Helmet', '', '10001|10001-02'),
      row(5, '', '', '', '', ''),
      row(6, '10002', '', 'Wax', 'x', ''),
    ]);
    expect(result.rows).toEqual([
      {
        rowNumber: 3,
        itemNumber: '10001',
        variantNumber: '10001-01',
        variantKey: '10001|10001-01',
        quantity: text('2'),
      },
      { rowNumber: 6, itemNumber: '10002', variantNumber: '', variantKey: '', quantity: text('x') },
    ]);
    expect(result.skippedRowCount).toBe(1);
  });

  it.each([
    ['sku', 'qty'],
    ['Item no.', 'Order quantity'],
    ['Variant', 'Quantity'],
  ])('reads the synonyms %j and %j', (itemHeader, quantityHeader) => {
    expect(read([row(1, itemHeader, quantityHeader), row(2, 'A-1', '3')]).rows).toHaveLength(1);
  });

  it('refuses a table without a Quantity column, and one without an item column', () => {
    expect(() => read([row(1, 'Item number', 'Amount'), row(2, 'A-1', '3')])).toThrow(MissingQuantityColumn);
    expect(() => read([row(1, 'Name', 'Quantity'), row(2, 'Helmet', '3')])).toThrow(
      /no "Item number" or "Variant number"/,
    );
  });

  it('stops looking for the header after 20 rows', () => {
    const rows = Array.from({ length: 20 }, (_, index) => row(index + 1, 'notes'));
    expect(() => read([...rows, row(21, 'Item number', 'Quantity')])).toThrow(MissingQuantityColumn);
  });

  it('refuses the 10,001st row with a quantity, but not rows without one', () => {
    const reader = new SheetRowReader();
    reader.add(row(1, 'Item number', 'Quantity'));
    for (let index = 0; index < 10_000; index++) reader.add(row(index + 2, 'A-1', '1'));
    for (let index = 0; index < 500; index++) reader.add(row(index + 10_002, 'A-1', ''));
    expect(() => reader.add(row(20_000, 'A-1', '1'))).toThrow(UploadRefusal);
    expect(reader.skippedRowCount).toBe(500);
  });
});
