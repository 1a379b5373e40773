import { describe, expect, it } from 'vitest';
import {
  buildVariantMatrix,
  groupCellsByColour,
  type MatrixVariant,
  moveInGrid,
  orderTotals,
} from './variant-matrix.ts';

const PRODUCT = { id: '10001', stockLevel: 30, newStockDate: '2026-03-01' };

function variant(id: string, size: string | null, colour: string | null, stockLevel = 5): MatrixVariant {
  return { id, size, colour, stockLevel, newStockDate: null };
}

describe('buildVariantMatrix', () => {
  it('puts sizes in rows and colours in columns, in catalogue order, with holes where a variant is not made', () => {
    const matrix = buildVariantMatrix(PRODUCT, [
      variant('10001-01', 'S', 'Black'),
      variant('10001-02', 'M', 'Black'),
      variant('10001-03', 'S', 'Red'),
      variant('10001-04', 'L', 'Black'),
    ]);
    expect(matrix.kind).toBe('grid');
    if (matrix.kind !== 'grid') return;
    expect(matrix.sizes).toEqual(['S', 'M', 'L']);
    expect(matrix.colours).toEqual(['Black', 'Red']);
    expect(matrix.cells.map((row) => row.map((cell) => cell?.variantId ?? null))).toEqual([
      ['10001-01', '10001-03'],
      ['10001-02', null],
      ['10001-04', null],
    ]);
    expect(matrix.cells[0]?.[1]?.label).toBe('S Red');
  });

  it('is a list when there is one dimension only', () => {
    const colourOnly = buildVariantMatrix(PRODUCT, [variant('a', null, 'Black'), variant('b', null, 'Red')]);
    expect(colourOnly).toMatchObject({ kind: 'list', cells: [{ label: 'Black' }, { label: 'Red' }] });
    const oneSize = buildVariantMatrix(PRODUCT, [variant('a', 'One size', 'Black'), variant('b', 'One size', 'Red')]);
    expect(oneSize.kind).toBe('list');
    const oneColour = buildVariantMatrix(PRODUCT, [variant('a', 'S', 'Black'), variant('b', 'M', 'Black')]);
    expect(oneColour.kind).toBe('list');
  });

  it('is a list when two variants would share a cell, so neither is hidden', () => {
    const matrix = buildVariantMatrix(PRODUCT, [
      variant('a', 'S', 'Black'),
      variant('b', 'S', 'Black'),
      variant('c', 'M', 'Red'),
    ]);
    expect(matrix).toMatchObject({ kind: 'list', cells: [{ key: 'a' }, { key: 'b' }, { key: 'c' }] });
  });

  it('is a list of the product itself when it has no variants', () => {
    expect(buildVariantMatrix(PRODUCT, [])).toEqual({
      kind: 'list',
      cells: [
        {
          key: '10001',
          variantId: null,
          label: '10001',
          size: null,
          colour: null,
          stockLevel: 30,
          newStockDate: '2026-03-01',
        },
      ],
    });
  });
});

describe('groupCellsByColour', () => {
  it('lists the cells of each colour together (the phone layout), variants without a colour last', () => {
    const matrix = buildVariantMatrix(PRODUCT, [
      variant('1', 'S', 'Black'),
      variant('2', 'S', 'Red'),
      variant('3', 'M', 'Black'),
      variant('4', 'M', 'Red'),
    ]);
    expect(groupCellsByColour(matrix).map(({ colour, cells }) => [colour, cells.map((cell) => cell.key)])).toEqual([
      ['Black', ['1', '3']],
      ['Red', ['2', '4']],
    ]);
    const list = buildVariantMatrix(PRODUCT, [variant('1', 'S', null), variant('2', 'M', 'Red')]);
    expect(groupCellsByColour(list).map(({ colour }) => colour)).toEqual(['Red', null]);
  });
});

describe('moveInGrid', () => {
  // 3 × 3 with a hole in the middle
  const size = { rows: 3, columns: 3 };
  const isCell = (row: number, column: number) => !(row === 1 && column === 1);

  it('moves one cell in the arrow direction', () => {
    expect(moveInGrid({ row: 0, column: 0 }, 'right', size, isCell)).toEqual({ row: 0, column: 1 });
    expect(moveInGrid({ row: 0, column: 0 }, 'down', size, isCell)).toEqual({ row: 1, column: 0 });
    expect(moveInGrid({ row: 2, column: 2 }, 'up', size, isCell)).toEqual({ row: 1, column: 2 });
    expect(moveInGrid({ row: 2, column: 2 }, 'left', size, isCell)).toEqual({ row: 2, column: 1 });
  });

  it('skips a hole and stops at the edge', () => {
    expect(moveInGrid({ row: 1, column: 0 }, 'right', size, isCell)).toEqual({ row: 1, column: 2 });
    expect(moveInGrid({ row: 0, column: 1 }, 'down', size, isCell)).toEqual({ row: 2, column: 1 });
    expect(moveInGrid({ row: 0, column: 2 }, 'right', size, isCell)).toBeNull();
    expect(moveInGrid({ row: 0, column: 0 }, 'up', size, isCell)).toBeNull();
  });
});

describe('orderTotals', () => {
  it('adds units and values in cents, so prices like 0.1 and 0.2 add up exactly', () => {
    expect(
      orderTotals([
        { quantity: 3, netPrice: 0.1 },
        { quantity: 1, netPrice: 0.2 },
        { quantity: 2, netPrice: 19.95 },
      ]),
    ).toEqual({ units: 6, valueCents: 30 + 20 + 3990, hasUnpricedUnits: false });
  });

  it('counts units without a price but says the value leaves them out', () => {
    expect(orderTotals([{ quantity: 4, netPrice: null }])).toEqual({
      units: 4,
      valueCents: 0,
      hasUnpricedUnits: true,
    });
  });
});
