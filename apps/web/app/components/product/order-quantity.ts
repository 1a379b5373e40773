import { MAX_LINE_QUANTITY } from '@b2b/contract/constants';
import { formatCount } from '~/lib/format.ts';

/**
 * What a buyer typed into a quantity box, read before anything is sent: empty (not ordered), a quantity, not a whole
 * number, or more than one line of the product may hold (its `maxLineQuantity`, which the API enforces; ADR 019).
 */
export type TypedQuantity =
  | { kind: 'empty' }
  | { kind: 'quantity'; quantity: number }
  | { kind: 'invalid'; message: string }
  | { kind: 'too-large'; message: string };

export const QUANTITY_MESSAGES = {
  invalid: 'Enter a whole number',
} as const;

/** "At most 200 per line": the refusal of a quantity above the product's line limit. */
export function tooLargeMessage(maxLineQuantity: number): string {
  return `At most ${formatCount(maxLineQuantity)} per line`;
}

/** "Up to 200 per line": the limit said beside a quantity box before anything is typed. */
export function lineLimitNote(maxLineQuantity: number): string {
  return `Up to ${formatCount(maxLineQuantity)} per line`;
}

/**
 * Blank and 0 mean "not ordered" (a matrix has many empty cells); digits only, spaces around allowed. Above
 * `maxLineQuantity` (the product's line limit; without one known, the bound of any request) is refused with it.
 */
export function readTypedQuantity(text: string, maxLineQuantity = MAX_LINE_QUANTITY): TypedQuantity {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d+$/.test(trimmed)) return { kind: 'invalid', message: QUANTITY_MESSAGES.invalid };
  const quantity = Number(trimmed);
  if (quantity === 0) return { kind: 'empty' };
  if (quantity > maxLineQuantity) return { kind: 'too-large', message: tooLargeMessage(maxLineQuantity) };
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

/** What a quantity box says under itself: why the typed text is refused, else the backorder note, else nothing. */
export type QuantityNote = { kind: 'error' | 'backorder'; text: string };

/**
 * The note of a quantity box, the same in the variant matrix and the quick order: a refused text (not a whole number,
 * above the limit) names the problem; a quantity above the stock says what will be backordered. `stockLevel` is null
 * while the item's stock is not known (a quick order row whose number is still being looked up).
 */
export function quantityNote(typed: TypedQuantity | undefined, stockLevel: number | null): QuantityNote | null {
  if (typed?.kind === 'invalid' || typed?.kind === 'too-large') return { kind: 'error', text: typed.message };
  if (typed?.kind !== 'quantity' || stockLevel === null) return null;
  const note = backorderNote(typed.quantity, stockLevel);
  return note ? { kind: 'backorder', text: note } : null;
}
