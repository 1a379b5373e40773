import type { TrackingEvent } from '~/lib/tracking/tracking-events.ts';

/** What the quick order's resource route (/resources/quick-order) answers; browser-safe types only. */

/** One suggestion while typing an item number: a variant (or a product sold without variants). */
export type QuickOrderSuggestion = {
  itemNumber: string;
  name: string;
  /** "M Black", or null for a product without variants. */
  variantLabel: string | null;
  stockLevel: number;
  /** yyyy-mm-dd; the stock badge shows it while the item is short and the date is ahead. */
  newStockDate: string | null;
};

/** The stock of an item number a row holds (`?items=` answers these), for the backorder note before adding. */
export type QuickOrderItemStock = { stockLevel: number; newStockDate: string | null };

/** `?items=`: each asked number with its stock, or null when it names nothing orderable on its own (unknown, a
 * product that needs a variant). */
export type QuickOrderStockAnswer = { stock: Record<string, QuickOrderItemStock | null> };

/** The most item numbers one `?items=` look-up takes (a pasted order is cut into such chunks). */
export const MAX_STOCK_LOOKUP_ITEMS = 50;

/** What became of one row after "Add all to cart". */
export type QuickOrderRowOutcome =
  | { itemNumber: string; status: 'added'; quantity: number; name: string }
  | { itemNumber: string; status: 'not-added'; message: string };

export type QuickOrderResult =
  | { key: string; ok: true; message: string; rows: QuickOrderRowOutcome[]; tracking: TrackingEvent[] }
  | { key: string; ok: false; message: string; rows: QuickOrderRowOutcome[] };

/** The request body's field: a JSON array of `{ itemNumber, quantity }` as typed (quantity a string). */
export const QUICK_ORDER_ROWS_FIELD = 'rows';
