import type { ErrorToastPayload } from './toast/toast-payload.ts';
import type { TrackingEvent } from './tracking/tracking-events.ts';
import type { UnusualQuantity } from './unusual-quantities.ts';

/**
 * What the cart's one action (`/cart`, features/cart/cart-action.server.ts) accepts and answers. It lives here, in
 * shared code, because forms outside the cart feature post to that action too: the add-to-cart form of product
 * cards (components/cart/add-to-cart-form.tsx) and the product page's variant matrix (intent `add-lines`, every filled
 * cell in one AddOrUpdateLines call; `ADD_LINES_FIELD` holds them as JSON) read the same answer as the cart page.
 */
export const CART_INTENTS = ['add', 'add-lines', 'update-quantity', 'delete-line', 'empty'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** The form field of intent `add-lines`: a JSON array of `{ productId, variantId, unitOfMeasure, quantity }`. */
export const ADD_LINES_FIELD = 'lines';

/**
 * What every cart form gets back: a message to announce and the data layer events to push. Intent `add-lines` may
 * instead answer `unusualQuantities` (nothing added): quantities far above the customer's usual, which the page asks
 * the buyer to confirm before sending them again with CONFIRMED_QUANTITIES_FIELD (ADR 019).
 */
export type CartActionResult =
  | { key: string; ok: true; intent: CartIntent; message: string; tracking: TrackingEvent[]; lineCount: number }
  | {
      key: string;
      ok: false;
      intent: CartIntent | null;
      error: string;
      unusualQuantities?: UnusualQuantity[];
      /** The cart changed since the page showed it (another tab, a sales rep): the page reloads it (ADR 035). */
      cartChanged?: true;
      /** The API failed or could not be reached (5xx): the form holds it as its error, with a retry (ADR 032). */
      serverError?: ErrorToastPayload;
    };
