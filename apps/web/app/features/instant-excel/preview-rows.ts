/**
 * Which preview rows the page lists, and how each row's outcome is named. Browser-safe (types from the contract only).
 */
import type { UploadRow, UploadRowStatus, UploadSummary } from '@b2b/contract/instant-excel';
import { formatCount } from '~/lib/format.ts';

/**
 * Most rows the preview lists. A sheet may hold 10,000; a page of that many rows is megabytes of HTML a phone
 * struggles with. Rows not added are always listed, whatever their number: those are the ones the buyer must see.
 */
export const MAX_PREVIEW_ROWS_SHOWN = 500;

/** Statuses of rows that go into the cart or leave it as it is; every other status is a reason for not adding. */
const ACCEPTED_STATUSES: ReadonlySet<UploadRowStatus> = new Set(['added', 'increased', 'unchanged', 'backorder']);

export function isRefusedRow(row: Pick<UploadRow, 'status'>): boolean {
  return !ACCEPTED_STATUSES.has(row.status);
}

/**
 * The rows to list, in sheet order: every refused row, then accepted rows in order while room is left under
 * `limit`; `hiddenCount` says how many accepted rows are not listed.
 */
export function selectPreviewRows<Row extends Pick<UploadRow, 'status' | 'rowNumber'>>(
  rows: readonly Row[],
  limit = MAX_PREVIEW_ROWS_SHOWN,
): { shown: Row[]; hiddenCount: number } {
  if (rows.length <= limit) return { shown: [...rows], hiddenCount: 0 };
  const refusedCount = rows.filter(isRefusedRow).length;
  let room = Math.max(0, limit - refusedCount);
  const shown = rows.filter((row) => {
    if (isRefusedRow(row)) return true;
    if (room === 0) return false;
    room -= 1;
    return true;
  });
  return { shown, hiddenCount: rows.length - shown.length };
}

/** The outcome's name in the preview's Result column (the API's message says the detail beside it). */
export const ROW_STATUS_LABELS: Record<UploadRowStatus, string> = {
  added: 'Added',
  increased: 'Increased',
  unchanged: 'Unchanged',
  backorder: 'Backorder',
  unknownItem: 'Unknown item',
  needsVariant: 'Needs a variant',
  discontinued: 'Discontinued',
  notSoldInCurrency: 'Not sold in your currency',
  invalidQuantity: 'Invalid quantity',
};

export type RowTone = 'added' | 'neutral' | 'warning' | 'refused';

export function rowTone(status: UploadRowStatus): RowTone {
  if (status === 'added' || status === 'increased') return 'added';
  if (status === 'unchanged') return 'neutral';
  if (status === 'backorder') return 'warning';
  return 'refused';
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * The preview's summary line: "3 rows: 2 to add (1 as backorder), 1 not added." Rows as the API counts them (those
 * with a quantity; a downloaded sheet's untouched rows are said apart). Backorder rows are among those to add.
 */
export function summaryText(summary: UploadSummary): string {
  const toAdd = summary.addedCount + summary.increasedCount;
  const backorder = summary.backorderCount > 0 ? ` (${formatCount(summary.backorderCount)} as backorder)` : '';
  const parts = [`${formatCount(toAdd)} to add${backorder}`];
  if (summary.unchangedCount > 0) parts.push(`${formatCount(summary.unchangedCount)} unchanged`);
  parts.push(`${formatCount(summary.rejectedCount)} not added`);
  const skipped =
    summary.skippedRowCount > 0
      ? ` ${plural(summary.skippedRowCount, 'row', 'rows')} without a quantity left out.`
      : '';
  return `${plural(summary.rowCount, 'row', 'rows')}: ${parts.join(', ')}.${skipped}`;
}
