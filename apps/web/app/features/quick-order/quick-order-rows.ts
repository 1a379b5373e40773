import type { PastedOrderLine } from '@b2b/contract/order-lines';
import type { QuickOrderRowOutcome } from './quick-order-types.ts';

/** One row of the quick order as the buyer sees it. */
export type QuickOrderRow = {
  id: string;
  itemNumber: string;
  quantity: string;
  /** What the chosen suggestion named ("Helmet Pro, M Black"). */
  description: string | null;
  /** Why the row was not added (unknown number, …); cleared when the row is edited. */
  problem: string | null;
};

export function emptyRow(id: string): QuickOrderRow {
  return { id, itemNumber: '', quantity: '1', description: null, problem: null };
}

function isBlank(row: QuickOrderRow): boolean {
  return row.itemNumber.trim() === '';
}

/** Keeps exactly one blank row at the end, where the next item is typed. */
export function withTrailingBlankRow(rows: readonly QuickOrderRow[], newId: () => string): QuickOrderRow[] {
  const kept = [...rows];
  while (
    kept.length > 1 &&
    isBlank(kept[kept.length - 1] as QuickOrderRow) &&
    isBlank(kept[kept.length - 2] as QuickOrderRow)
  ) {
    kept.pop();
  }
  const last = kept[kept.length - 1];
  return last && isBlank(last) ? kept : [...kept, emptyRow(newId())];
}

/**
 * Pasted lines go into the rows from `atIndex` on: the pasted-into row and the blank rows after it are filled first,
 * rows that already hold an item are kept and the lines go in before them.
 */
export function pasteIntoRows(
  rows: readonly QuickOrderRow[],
  atIndex: number,
  lines: readonly PastedOrderLine[],
  newId: () => string,
): QuickOrderRow[] {
  const before = rows.slice(0, atIndex);
  const after = rows.slice(atIndex).filter((row, index) => index > 0 && !isBlank(row));
  const pasted = lines.map((line) => ({ ...emptyRow(newId()), itemNumber: line.itemNumber, quantity: line.quantity }));
  return withTrailingBlankRow([...before, ...pasted, ...after], newId);
}

/**
 * After "Add all to cart": added rows leave, the others stay with the reason (nothing typed is lost). `sentIds` are
 * the rows sent, in the order of `outcomes`.
 */
export function applyOutcomes(
  rows: readonly QuickOrderRow[],
  sentIds: readonly string[],
  outcomes: readonly QuickOrderRowOutcome[],
  newId: () => string,
): QuickOrderRow[] {
  const outcomeById = new Map(sentIds.map((id, index) => [id, outcomes[index]]));
  const kept = rows.flatMap((row) => {
    const outcome = outcomeById.get(row.id);
    if (!outcome) return [row];
    return outcome.status === 'added' ? [] : [{ ...row, problem: outcome.message }];
  });
  return withTrailingBlankRow(kept, newId);
}
