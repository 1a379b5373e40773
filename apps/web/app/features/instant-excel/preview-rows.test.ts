import { UPLOAD_ROW_STATUSES, type UploadRowStatus, type UploadSummary } from '@b2b/contract/instant-excel';
import { describe, expect, it } from 'vitest';
import { isRefusedRow, ROW_STATUS_LABELS, rowTone, selectPreviewRows, summaryText } from './preview-rows.ts';

function rows(statuses: UploadRowStatus[]) {
  return statuses.map((status, index) => ({ rowNumber: index + 2, status }));
}

describe('the preview’s rows', () => {
  it('lists every row of a sheet that fits', () => {
    const sheet = rows(['added', 'unknownItem', 'increased']);
    expect(selectPreviewRows(sheet, 3)).toEqual({ shown: sheet, hiddenCount: 0 });
  });

  it('lists every refused row of a long sheet, and accepted rows in sheet order while room is left', () => {
    const sheet = rows(['added', 'added', 'invalidQuantity', 'added', 'added', 'needsVariant', 'added']);
    const { shown, hiddenCount } = selectPreviewRows(sheet, 4);
    expect(shown.map((row) => row.rowNumber)).toEqual([2, 3, 4, 7]);
    expect(hiddenCount).toBe(3);
  });

  it('lists all refused rows even when they alone are more than the limit', () => {
    const sheet = rows(['unknownItem', 'added', 'discontinued', 'notSoldInCurrency']);
    const { shown, hiddenCount } = selectPreviewRows(sheet, 2);
    expect(shown.map((row) => row.status)).toEqual(['unknownItem', 'discontinued', 'notSoldInCurrency']);
    expect(hiddenCount).toBe(1);
  });

  it('names every status the API answers, and refuses exactly the reasons for not adding', () => {
    for (const status of UPLOAD_ROW_STATUSES) expect(ROW_STATUS_LABELS[status]).not.toBe('');
    expect(UPLOAD_ROW_STATUSES.filter((status) => isRefusedRow({ status }))).toEqual([
      'unknownItem',
      'needsVariant',
      'discontinued',
      'notSoldInCurrency',
      'invalidQuantity',
    ]);
    expect(rowTone('backorder')).toBe('warning');
    expect(rowTone('unchanged')).toBe('neutral');
    expect(rowTone('increased')).toBe('added');
    expect(rowTone('unknownItem')).toBe('refused');
  });
});

describe('the preview’s summary line', () => {
  const summary: UploadSummary = {
    rowCount: 3,
    skippedRowCount: 0,
    addedCount: 2,
    increasedCount: 0,
    unchangedCount: 0,
    backorderCount: 0,
    rejectedCount: 1,
    lineCount: 2,
    netTotal: 120.5,
  };

  it('counts what is added and what is not', () => {
    expect(summaryText(summary)).toBe('3 rows: 2 to add, 1 not added.');
  });

  it('says the backorders and the unchanged rows, with thousands separators', () => {
    expect(
      summaryText({
        ...summary,
        rowCount: 1203,
        addedCount: 1000,
        increasedCount: 200,
        backorderCount: 4,
        unchangedCount: 2,
        rejectedCount: 1,
      }),
    ).toBe('1,203 rows: 1,200 to add (4 as backorder), 2 unchanged, 1 not added.');
  });

  it('says the rows of a downloaded sheet left without a quantity apart', () => {
    expect(summaryText({ ...summary, skippedRowCount: 1 })).toBe(
      '3 rows: 2 to add, 1 not added. 1 row without a quantity left out.',
    );
    expect(summaryText({ ...summary, skippedRowCount: 2480 })).toBe(
      '3 rows: 2 to add, 1 not added. 2,480 rows without a quantity left out.',
    );
  });
});
