import type { RowCampaign } from '~/lib/campaigns/campaign-levels.ts';
import type { TrackingEvent } from '~/lib/tracking/tracking-events.ts';
import type { UnusualQuantity } from '~/lib/unusual-quantities.ts';

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
  /** Most units one line of the item may hold (the product's line limit, ADR 019). */
  maxLineQuantity: number;
  /** The product the number orders: its splashes and campaigns are the product's. */
  productId: string;
  /** The customer's campaigns holding the product (issue 27: the row says its level and what the next needs). */
  campaigns: RowCampaign[];
};

/**
 * What the row says of its item number before adding (`?items=` answers these): the stock, for the backorder note,
 * and the line limit.
 */
export type QuickOrderItemStock = Pick<
  QuickOrderSuggestion,
  'stockLevel' | 'newStockDate' | 'maxLineQuantity' | 'productId' | 'campaigns'
>;

/** `?items=`: each asked number with its stock, or null when it names nothing orderable on its own (unknown, a
 * product that needs a variant). */
export type QuickOrderStockAnswer = { stock: Record<string, QuickOrderItemStock | null> };

/** The most item numbers one `?items=` look-up takes (a pasted order is cut into such chunks). */
export const MAX_STOCK_LOOKUP_ITEMS = 50;

/** What became of one row after "Add all to cart". */
export type QuickOrderRowOutcome =
  | { itemNumber: string; status: 'added'; quantity: number; name: string }
  | { itemNumber: string; status: 'not-added'; message: string };

/**
 * With `unusualQuantities` nothing was added and the rows stay as they are: the panel asks the buyer to confirm those
 * quantities (far above the customer's usual, ADR 019) and sends the rows again with CONFIRMED_QUANTITIES_FIELD.
 */
export type QuickOrderResult =
  | { key: string; ok: true; message: string; rows: QuickOrderRowOutcome[]; tracking: TrackingEvent[] }
  | {
      key: string;
      ok: false;
      message: string;
      rows: QuickOrderRowOutcome[];
      unusualQuantities?: UnusualQuantity[];
    };

/** The request body's field: a JSON array of `{ itemNumber, quantity }` as typed (quantity a string). */
export const QUICK_ORDER_ROWS_FIELD = 'rows';
