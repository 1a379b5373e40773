import { describe, expect, it } from 'vitest';
import { parseOrderLines } from '@b2b/contract/order-lines';
import {
  applyOutcomes,
  emptyRow,
  pasteIntoRows,
  type QuickOrderRow,
  withTrailingBlankRow,
} from './quick-order-rows.ts';

function idCounter() {
  let next = 0;
  return () => `r${++next}`;
}

function row(id: string, itemNumber: string, quantity = '1'): QuickOrderRow {
  return { ...emptyRow(id), itemNumber, quantity };
}

const summary = (rows: QuickOrderRow[]) => rows.map((entry) => [entry.itemNumber, entry.quantity, entry.problem]);

describe('pasteIntoRows', () => {
  it('fills the rows from the pasted-into one and keeps one blank row at the end', () => {
    const rows = pasteIntoRows([emptyRow('a')], 0, parseOrderLines('10001-01; 5\n99999; 2\n10002-01\t3'), idCounter());
    expect(summary(rows)).toEqual([
      ['10001-01', '5', null],
      ['99999', '2', null],
      ['10002-01', '3', null],
      ['', '1', null],
    ]);
  });

  it('keeps rows typed before and after the paste', () => {
    const rows = pasteIntoRows(
      [row('a', '10005-01'), emptyRow('b'), row('c', '10007-02', '4')],
      1,
      parseOrderLines('10001-01; 5\n10002-01; 6'),
      idCounter(),
    );
    expect(summary(rows).map(([itemNumber]) => itemNumber)).toEqual([
      '10005-01',
      '10001-01',
      '10002-01',
      '10007-02',
      '',
    ]);
  });
});

describe('applyOutcomes', () => {
  it('removes added rows and keeps the others with their reason', () => {
    const rows = [row('a', '10001-01', '5'), row('b', '99999', '2'), row('c', '10002-01', '3'), emptyRow('d')];
    const next = applyOutcomes(
      rows,
      ['a', 'b', 'c'],
      [
        { itemNumber: '10001-01', status: 'added', quantity: 5, name: 'Helmet' },
        { itemNumber: '99999', status: 'not-added', message: 'Unknown item number 99999' },
        { itemNumber: '10002-01', status: 'added', quantity: 3, name: 'Board' },
      ],
      idCounter(),
    );
    expect(summary(next)).toEqual([
      ['99999', '2', 'Unknown item number 99999'],
      ['', '1', null],
    ]);
  });
});

describe('withTrailingBlankRow', () => {
  it('adds a blank row when the last is filled and drops extra blank ones', () => {
    expect(withTrailingBlankRow([row('a', 'x')], idCounter()).length).toBe(2);
    expect(withTrailingBlankRow([row('a', 'x'), emptyRow('b'), emptyRow('c')], idCounter()).length).toBe(2);
    expect(withTrailingBlankRow([], idCounter()).length).toBe(1);
  });
});
