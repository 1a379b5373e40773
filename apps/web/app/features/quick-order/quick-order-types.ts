import type { TrackingEvent } from '~/lib/tracking/tracking-events.ts';

/** What the quick order's resource route (/resources/quick-order) answers; browser-safe types only. */

/** One suggestion while typing an item number: a variant (or a product sold without variants). */
export type QuickOrderSuggestion = {
  itemNumber: string;
  name: string;
  /** "M Black", or null for a product without variants. */
  variantLabel: string | null;
  stockLevel: number;
};

/** What became of one row after "Add all to cart". */
export type QuickOrderRowOutcome =
  | { itemNumber: string; status: 'added'; quantity: number; name: string }
  | { itemNumber: string; status: 'not-added'; message: string };

export type QuickOrderResult =
  | { key: string; ok: true; message: string; rows: QuickOrderRowOutcome[]; tracking: TrackingEvent[] }
  | { key: string; ok: false; message: string; rows: QuickOrderRowOutcome[] };

/** The request body's field: a JSON array of `{ itemNumber, quantity }` as typed (quantity a string). */
export const QUICK_ORDER_ROWS_FIELD = 'rows';
