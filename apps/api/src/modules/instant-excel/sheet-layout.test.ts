import { formatVariantKey, parseVariantKey, SHEET_COLUMN_HEADERS } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  columnNumberOf,
  currencyNumberFormat,
  nextArrivalOf,
  quantityValidation,
  sheetColumns,
  sheetFileName,
  sheetNote,
  sheetRowValues,
  sheetTitle,
} from './sheet-layout.ts';

describe('the order sheet’s layout (ADR 028)', () => {
  it('has the issue’s columns in order, the ones an upload reads named as ValidateUpload reads them', () => {
    expect(sheetColumns('EUR').map((column) => column.header)).toEqual([
      SHEET_COLUMN_HEADERS.itemNumber,
      SHEET_COLUMN_HEADERS.variantNumber,
      'Name',
      'Brand',
      'Size',
      'Colour',
      'Net unit price (EUR)',
      'Available',
      'Next arrival',
      'Last ordered',
      'Last ordered quantity',
      SHEET_COLUMN_HEADERS.quantity,
      SHEET_COLUMN_HEADERS.variantKey,
    ]);
    expect(
      sheetColumns('EUR')
        .filter((column) => column.hidden)
        .map((column) => column.key),
    ).toEqual(['variantKey']);
    expect(columnNumberOf('quantity')).toBe(12);
    expect(columnNumberOf('variantKey')).toBe(13);
  });

  it.each([
    [1, 'A'],
    [12, 'L'],
    [13, 'M'],
    [26, 'Z'],
    [27, 'AA'],
    [52, 'AZ'],
    [53, 'BA'],
  ])('column %i is %s', (columnNumber, letters) => {
    expect(columnLetters(columnNumber)).toBe(letters);
  });

  it.each([
    ['EUR', '"€"#,##0.00', 'Net unit price (EUR)'],
    ['USD', '"US$"#,##0.00', 'Net unit price (USD)'],
    ['XNOK', '"NOK "#,##0.00', 'Net unit price (NOK)'],
    ['ABCD', '"ABCD "#,##0.00', 'Net unit price (ABCD)'],
  ])('prices in %s are numbers formatted %s (spec §1 display currency)', (currencyCode, format, header) => {
    expect(currencyNumberFormat(currencyCode)).toBe(format);
    const price = sheetColumns(currencyCode).find((column) => column.key === 'netUnitPrice');
    expect(price?.numberFormat).toBe(format);
    expect(price?.header).toBe(header);
  });

  it('takes whole quantities from 0 to 100,000 and says so', () => {
    expect(quantityValidation()).toMatchObject({
      type: 'whole',
      operator: 'between',
      allowBlank: true,
      formulae: [0, 100_000],
      showErrorMessage: true,
      error: 'Enter a whole number from 0 to 100,000.',
    });
  });

  it('writes a row’s values in column order, dates as days, the key the upload parses back', () => {
    const values = sheetRowValues({
      productId: '100123',
      variantId: '100123-03',
      name: 'Ridge Jacket',
      brand: 'Northline',
      size: 'M',
      colour: 'Navy',
      netUnitPrice: 154.31,
      availableQuantity: 12,
      nextArrivalOn: '2026-12-24',
      lastOrderedOn: null,
      lastOrderedQuantity: null,
    });
    expect(values).toEqual([
      '100123',
      '100123-03',
      'Ridge Jacket',
      'Northline',
      'M',
      'Navy',
      154.31,
      12,
      new Date('2026-12-24T00:00:00.000Z'),
      null,
      null,
      null,
      '100123|100123-03',
    ]);
    expect(parseVariantKey(String(values[12]))).toEqual({ productId: '100123', variantId: '100123-03' });
    expect(formatVariantKey({ productId: '100200', variantId: null })).toBe('100200|');
  });

  it.each([
    ['2026-12-24', '2026-11-27', '2026-12-24'],
    ['2026-11-27', '2026-11-27', '2026-11-27'],
    ['2026-11-26', '2026-11-27', null],
    [null, '2026-11-27', null],
  ])('a new-stock date %s is the next arrival on %s: %s', (newStockDate, today, expected) => {
    expect(nextArrivalOf(newStockDate, today)).toBe(expected);
  });

  it('names the customer and the day in the title, the scope and terms in the note, the file after both', () => {
    expect(sheetTitle({ customerName: 'Alpine Boardshop GmbH', customerNumber: '10001', today: '2026-11-27' })).toBe(
      'Alpine Boardshop GmbH (customer 10001) · Order sheet of 27 November 2026',
    );
    expect(sheetNote({ scopeLabel: 'Brand Northline', currencyCode: 'XNOK', isEmpty: false })).toMatch(
      /^Brand Northline\. Your net prices in NOK, excluding VAT/,
    );
    expect(sheetNote({ scopeLabel: 'Favourite list Spring', currencyCode: 'EUR', isEmpty: true })).toMatch(
      /^Favourite list Spring: nothing you can order\./,
    );
    expect(sheetFileName('10001', '2026-11-27')).toBe('instant-excel-10001-2026-11-27.xlsx');
    expect(sheetFileName('C/00"01', '2026-11-27')).toBe('instant-excel-C0001-2026-11-27.xlsx');
  });
});
