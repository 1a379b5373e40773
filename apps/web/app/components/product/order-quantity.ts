import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { formatCount } from '~/lib/format.ts';

/**
 * What a buyer typed into a quantity box, read before anything is sent: empty (not ordered), a quantity, not a whole
 * number, or more than the API accepts on one line (MAX_LINE_QUANTITY, refused with the limit).
 */
export type TypedQuantity =
  | { kind: 'empty' }
  | { kind: 'quantity'; quantity: number }
  | { kind: 'invalid'; message: string }
  | { kind: 'too-large'; message: string };

export const QUANTITY_MESSAGES = {
  invalid: 'Enter a whole number',
  tooLarge: `At most ${formatCount(MAX_LINE_QUANTITY)}`,
} as const;

/** Blank and 0 mean "not ordered" (a matrix has many empty cells); digits only, spaces around allowed. */
export function readTypedQuantity(text: string): TypedQuantity {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d+$/.test(trimmed)) return { kind: 'invalid', message: QUANTITY_MESSAGES.invalid };
  const quantity = Number(trimmed);
  if (quantity === 0) return { kind: 'empty' };
  if (quantity > MAX_LINE_QUANTITY) return { kind: 'too-large', message: QUANTITY_MESSAGES.tooLarge };
  return { kind: 'quantity', quantity };
}

/**
 * The backorder note shown before adding (B2B orders beyond stock are fine, so it informs and never blocks):
 * "60 in stock, 40 will be backordered"; null when the stock covers the quantity.
 */
export function backorderNote(quantity: number, stockLevel: number): string | null {
  const inStock = Number.isFinite(stockLevel) ? Math.max(0, Math.floor(stockLevel)) : 0;
  if (quantity <= inStock) return null;
  const backordered = formatCount(quantity - inStock);
  if (inStock === 0) return `None in stock, ${backordered} will be backordered`;
  return `${formatCount(inStock)} in stock, ${backordered} will be backordered`;
}
