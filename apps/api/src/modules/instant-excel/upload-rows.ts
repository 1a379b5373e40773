/**
 * The row validator of ValidateUpload (issue 26 §2): each read row, with what its item resolved to, becomes a preview
 * row with its status and reason; then the summary. Pure, so every reason is a table test. Rows are planned in
 * sheet order against what the cart holds, so a second row of one item "increases" what the first "added", and a
 * line limit counts the cart and the earlier rows.
 */
import type { InvalidQuantityReason, OrderableLine, UploadRow, UploadRowStatus, UploadSummary } from '@b2b/contract';
import { MINOR_UNITS_PER_MAJOR } from '../price/price-calculation.ts';
import type { ResolvedItem } from './order-line-resolution.ts';
import { parseQuantity, type QuantityCell, quantityTextOf } from './quantity-parser.ts';

export type ResolvedSheetRow = {
  rowNumber: number;
  /** The number the row names the item by, as read (variant number, else item number). */
  itemNumber: string;
  quantity: QuantityCell;
  item: ResolvedItem;
};

/** The cart's key of a line: product, variant and unit. */
export function lineKeyOf(key: { productId: string; variantId: string | null; unitOfMeasure: string }): string {
  return `${key.productId}|${key.variantId ?? ''}|${key.unitOfMeasure}`;
}

function describeLine(line: OrderableLine): string {
  return line.variantLabel ? `${line.name}, ${line.variantLabel}` : line.name;
}

const INVALID_QUANTITY_MESSAGES: Record<Exclude<InvalidQuantityReason, 'aboveLineLimit'>, (text: string) => string> = {
  text: (text) => `Quantity "${text}" is not a number`,
  negative: (text) => `Quantity ${text} is below 0`,
  decimal: (text) => `Quantity ${text} is not a whole number`,
  formula: (text) => `Quantity is a formula (${text}): enter the number itself`,
};

function itemProblem(row: ResolvedSheetRow, currencyCode: string): string {
  const { item } = row;
  if (item.status === 'orderable') return '';
  const name = item.name ?? row.itemNumber;
  switch (item.status) {
    case 'unknownItem':
      return row.itemNumber === '' ? 'No item number' : `Unknown item number ${row.itemNumber}`;
    case 'needsVariant':
      return item.exampleVariantId
        ? `${name} is sold in variants: enter a variant number, e.g. ${item.exampleVariantId}`
        : `${name} is sold in variants: enter a variant number`;
    case 'discontinued':
      return `${name} is no longer sold`;
    case 'notSoldInCurrency':
      return `${name} is not sold in ${currencyCode}`;
  }
}

/**
 * Preview rows and summary. `cartQuantities`: what the cart holds per line key (lineKeyOf). A row whose Quantity is
 * empty is skipped (a downloaded sheet lists the whole assortment; the buyer fills a few rows).
 */
export function validateUploadRows(input: {
  rows: readonly ResolvedSheetRow[];
  cartQuantities: ReadonlyMap<string, number>;
  currencyCode: string;
  /** Rows the reader left out already (an empty Quantity cell). */
  skippedRowCount?: number;
}): { rows: UploadRow[]; summary: UploadSummary } {
  const planned = new Map(input.cartQuantities);
  const touchedKeys = new Set<string>();
  const result: UploadRow[] = [];
  let skippedRowCount = input.skippedRowCount ?? 0;
  let netTotalMinor = 0;

  for (const row of input.rows) {
    const parsed = parseQuantity(row.quantity);
    if (parsed.kind === 'empty') {
      skippedRowCount++;
      continue;
    }
    const quantityText = quantityTextOf(row.quantity);
    const base = { rowNumber: row.rowNumber, itemNumber: row.itemNumber, quantityText };
    const { item } = row;
    if (item.status !== 'orderable') {
      result.push({
        ...base,
        status: item.status,
        invalidQuantityReason: null,
        quantity: null,
        line: null,
        quantityInCart: 0,
        message: itemProblem(row, input.currencyCode),
      });
      continue;
    }
    const { line } = item;
    const key = lineKeyOf(line.productKey);
    const inCart = planned.get(key) ?? 0;
    const refuse = (reason: InvalidQuantityReason, message: string): UploadRow => ({
      ...base,
      status: 'invalidQuantity',
      invalidQuantityReason: reason,
      quantity: null,
      line,
      quantityInCart: inCart,
      message,
    });
    if (parsed.kind === 'invalid') {
      result.push(refuse(parsed.reason, INVALID_QUANTITY_MESSAGES[parsed.reason](quantityText)));
      continue;
    }
    const { quantity } = parsed;
    if (quantity === 0) {
      result.push({
        ...base,
        status: 'unchanged',
        invalidQuantityReason: null,
        quantity: 0,
        line,
        quantityInCart: inCart,
        message: `Quantity 0: ${describeLine(line)} stays as it is`,
      });
      continue;
    }
    if (inCart + quantity > line.maxLineQuantity) {
      const held = inCart > 0 ? ` (${inCart} in the cart or in rows above)` : '';
      result.push(refuse('aboveLineLimit', `At most ${line.maxLineQuantity} per line of ${describeLine(line)}${held}`));
      continue;
    }
    const after = inCart + quantity;
    planned.set(key, after);
    touchedKeys.add(key);
    netTotalMinor += Math.round(line.netUnitPrice * MINOR_UNITS_PER_MAJOR) * quantity;
    const isBackorder = after > line.availableQuantity;
    const status: UploadRowStatus = isBackorder ? 'backorder' : inCart === 0 ? 'added' : 'increased';
    const change =
      inCart === 0
        ? `Adds ${quantity} × ${describeLine(line)}`
        : `Raises ${describeLine(line)} from ${inCart} to ${after}`;
    const backorderNote = isBackorder
      ? `: ${line.availableQuantity} in stock, ${after - Math.max(line.availableQuantity, 0)} added as backorder`
      : '';
    result.push({
      ...base,
      status,
      invalidQuantityReason: null,
      quantity,
      line,
      quantityInCart: inCart,
      message: `${change}${backorderNote}`,
    });
  }

  const count = (...statuses: UploadRowStatus[]) => result.filter((row) => statuses.includes(row.status)).length;
  return {
    rows: result,
    summary: {
      rowCount: result.length,
      skippedRowCount,
      addedCount: result.filter(
        (row) => row.status === 'added' || (row.status === 'backorder' && row.quantityInCart === 0),
      ).length,
      increasedCount: result.filter(
        (row) => row.status === 'increased' || (row.status === 'backorder' && row.quantityInCart > 0),
      ).length,
      unchangedCount: count('unchanged'),
      backorderCount: count('backorder'),
      rejectedCount: count('unknownItem', 'needsVariant', 'discontinued', 'notSoldInCurrency', 'invalidQuantity'),
      lineCount: touchedKeys.size,
      netTotal: netTotalMinor / MINOR_UNITS_PER_MAJOR,
    },
  };
}
