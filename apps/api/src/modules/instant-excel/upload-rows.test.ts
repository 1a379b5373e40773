import type { OrderableLine } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import type { ResolvedItem } from './order-line-resolution.ts';
import type { QuantityCell } from './quantity-parser.ts';
import { lineKeyOf, type ResolvedSheetRow, validateUploadRows } from './upload-rows.ts';

const HELMET: OrderableLine = {
  productKey: { productId: '10001', variantId: '10001-02', unitOfMeasure: 'STK' },
  name: 'Helmet',
  variantLabel: 'M Black',
  netUnitPrice: 19.99,
  availableQuantity: 10,
  newStockDate: null,
  maxLineQuantity: 200,
};
const orderable: ResolvedItem = { status: 'orderable', line: HELMET };
const text = (value: string): QuantityCell => ({ kind: 'text', value });

function row(quantity: QuantityCell, item: ResolvedItem = orderable, rowNumber = 2): ResolvedSheetRow {
  return { rowNumber, itemNumber: '10001-02', quantity, item };
}

function validateOne(sheetRow: ResolvedSheetRow, inCart = 0) {
  const cartQuantities = new Map(inCart > 0 ? [[lineKeyOf(HELMET.productKey), inCart]] : []);
  const result = validateUploadRows({ rows: [sheetRow], cartQuantities, currencyCode: 'EUR' });
  return result.rows[0];
}

describe('validateUploadRows: every status and reason', () => {
  it.each([
    ['added', row(text('3')), 0, 'Adds 3 × Helmet, M Black'],
    ['increased', row(text('3')), 2, 'Raises Helmet, M Black from 2 to 5'],
    ['unchanged', row(text('0')), 0, 'Quantity 0: Helmet, M Black stays as it is'],
    ['backorder', row(text('12')), 0, 'Adds 12 × Helmet, M Black: 10 in stock, 2 added as backorder'],
    ['backorder', row(text('4')), 8, 'Raises Helmet, M Black from 8 to 12: 10 in stock, 2 added as backorder'],
    [
      'unknownItem',
      row(text('1'), { status: 'unknownItem', name: null, exampleVariantId: null }),
      0,
      'Unknown item number 10001-02',
    ],
    [
      'needsVariant',
      row(text('1'), { status: 'needsVariant', name: 'Deck', exampleVariantId: '10002-01' }),
      0,
      'Deck is sold in variants: enter a variant number, e.g. 10002-01',
    ],
    [
      'discontinued',
      row(text('1'), { status: 'discontinued', name: 'Old deck', exampleVariantId: null }),
      0,
      'Old deck is no longer sold',
    ],
    [
      'notSoldInCurrency',
      row(text('1'), { status: 'notSoldInCurrency', name: 'Wax', exampleVariantId: null }),
      0,
      'Wax is not sold in EUR',
    ],
  ])('%s: %j with %i in the cart', (status, sheetRow, inCart, message) => {
    const result = validateOne(sheetRow, inCart);
    expect(result?.status).toBe(status);
    expect(result?.message).toBe(message);
    expect(result?.rowNumber).toBe(2);
  });

  it.each([
    [text('ten'), 'text', 'Quantity "ten" is not a number'],
    [text('-2'), 'negative', 'Quantity -2 is below 0'],
    [text('2.5'), 'decimal', 'Quantity 2.5 is not a whole number'],
    [
      { kind: 'formula', formula: 'B2*2' } as QuantityCell,
      'formula',
      'Quantity is a formula (=B2*2): enter the number itself',
    ],
    [text('201'), 'aboveLineLimit', 'At most 200 per line of Helmet, M Black'],
  ])('invalidQuantity %j → %s', (quantity, reason, message) => {
    const result = validateOne(row(quantity));
    expect(result).toMatchObject({ status: 'invalidQuantity', invalidQuantityReason: reason, quantity: null, message });
  });

  it('counts the cart against the line limit', () => {
    expect(validateOne(row(text('150')), 60)).toMatchObject({
      status: 'invalidQuantity',
      invalidQuantityReason: 'aboveLineLimit',
      message: 'At most 200 per line of Helmet, M Black (60 in the cart or in rows above)',
    });
  });

  it('names a row without an item number', () => {
    const sheetRow = {
      ...row(text('1'), { status: 'unknownItem', name: null, exampleVariantId: null }),
      itemNumber: '',
    };
    expect(validateOne(sheetRow)?.message).toBe('No item number');
  });
});

describe('validateUploadRows: rows together', () => {
  it('skips empty quantities, plans rows of one item as one line, and sums the summary exactly', () => {
    const { rows, summary } = validateUploadRows({
      rows: [
        row({ kind: 'empty' }, orderable, 2),
        row(text('4'), orderable, 3),
        row({ kind: 'number', value: 3 }, orderable, 4),
        row(text('x'), orderable, 5),
        row(text('1'), { status: 'unknownItem', name: null, exampleVariantId: null }, 6),
        row(text('5'), orderable, 7),
      ],
      cartQuantities: new Map(),
      currencyCode: 'EUR',
    });
    expect(rows.map((sheetRow) => [sheetRow.rowNumber, sheetRow.status])).toEqual([
      [3, 'added'],
      [4, 'increased'],
      [5, 'invalidQuantity'],
      [6, 'unknownItem'],
      [7, 'backorder'],
    ]);
    expect(summary).toEqual({
      rowCount: 5,
      skippedRowCount: 1,
      addedCount: 1,
      increasedCount: 2,
      unchangedCount: 0,
      backorderCount: 1,
      rejectedCount: 2,
      lineCount: 1,
      netTotal: 239.88,
    });
  });
});
